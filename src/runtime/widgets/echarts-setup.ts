import { BarChart, LineChart, PieChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import * as echarts from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

/**
 * The parts of ECharts the platform draws with — bar, line and pie charts, grid, legend, tooltip,
 * the SVG renderer — and nothing else (tree-shaken). Loaded only by a screen that shows a chart
 * (`EChart` imports this module dynamically), so the sign-in page's scripts do not carry it.
 */
echarts.use([BarChart, LineChart, PieChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);

export { echarts };
