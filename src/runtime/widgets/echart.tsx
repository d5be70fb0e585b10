import { useEffect, useRef } from 'react';

type Chart = { setOption(option: Record<string, unknown>, notMerge?: boolean): void; resize(): void; dispose(): void };

/**
 * A chart drawn by ECharts from a plain option (no functions: templates are data). ECharts is
 * loaded on first use (`echarts-setup.ts`, a chunk of its own); the chart follows its box's size.
 */
export function EChart({ option, height = 260, label, className }: { option: Record<string, unknown>; height?: number; label: string; className?: string }) {
  const box = useRef<HTMLDivElement | null>(null);
  const chart = useRef<Chart | null>(null);
  const latest = useRef(option);
  latest.current = option;
  useEffect(() => {
    let live = true;
    let observer: ResizeObserver | null = null;
    void import('./echarts-setup').then(({ echarts }) => {
      if (!live || !box.current) return;
      chart.current = echarts.init(box.current, undefined, { renderer: 'svg' }) as unknown as Chart;
      chart.current.setOption(latest.current, true);
      if (typeof ResizeObserver !== 'undefined') {
        observer = new ResizeObserver(() => chart.current?.resize());
        observer.observe(box.current);
      }
    }).catch(() => undefined);
    return () => {
      live = false;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, []);
  useEffect(() => { chart.current?.setOption(option, true); }, [option]);
  return <div ref={box} className={`wb-echart ${className ?? ''}`} role="img" aria-label={label} style={{ width: '100%', height }} />;
}
