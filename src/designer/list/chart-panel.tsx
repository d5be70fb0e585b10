import { Form, Input, Radio, Select, Typography } from 'antd';
import { useMemo } from 'react';
import { ReportChartView, useTr, type Row } from '../../runtime';
import type { ColumnNode } from '../../schema/design-nodes';
import { isNumberColumn } from '../../schema/field-definition';
import { CHART_TYPES, CHART_TYPE_LABELS, type ChartType, type ReportChart } from '../../schema/report-chart';
import { useTyping, type DesignSession } from './design-session';

/** The chart a type starts with: the first non-number column as the axis, the first number column as the value. */
export function startingChart(type: ChartType, columns: readonly ColumnNode[], isNumber: (c: ColumnNode) => boolean = (c) => isNumberColumn(c.field)): ReportChart | null {
  const y = columns.find(isNumber);
  const x = columns.find((c) => !isNumber(c)) ?? columns.find((c) => c !== y);
  return x && y ? { type, x: x.field.fieldName, y: [y.field.fieldName], title: null } : null;
}

/** The chart after a type is chosen: the columns kept, a pie keeping the first value only. */
export function withType(chart: ReportChart, type: ChartType): ReportChart {
  return { ...chart, type, y: type === 'pie' ? chart.y.slice(0, 1) : chart.y };
}

/**
 * 图表 of a LIST template (a 动态报表 draws it above its table): none, 柱状图, 折线图 or 饼图, the
 * category column (X 轴), the value columns (Y 值: numbers; a pie takes one) and a title. Each change
 * is a command on the template (undo, autosave); the server checks the chart again on save. The
 * chart is drawn below as the report will draw it, over the rows the designer shows (sample or real).
 */
export function ChartPanel({ chart, columns, rows, title, session, isNumber }: {
  chart: ReportChart | null | undefined; columns: readonly ColumnNode[]; rows: Row[]; title: string; session: DesignSession;
  /** Which columns hold numbers (by the types the data source declares: `numberColumnTest`). */
  isNumber(c: ColumnNode): boolean;
}) {
  const tr = useTr();
  const typing = useTyping();
  const set = (value: ReportChart | undefined, typed?: string) => session.run({ type: 'set-property', id: null, key: 'chart', value, typing: typed }, 'properties');
  const numbers = columns.filter(isNumber);
  const option = (c: ColumnNode) => ({ value: c.field.fieldName, label: `${c.field.fieldExplain}（${c.field.fieldName}）` });
  const current = chart ?? null;
  const fields = useMemo(() => columns.map((c) => c.field), [columns]);
  const startType = (type: ChartType | 'none') => {
    if (type === 'none') return void set(undefined);
    if (current) return void set(withType(current, type));
    const start = startingChart(type, columns, isNumber);
    if (start) set(start);
  };
  return (
    <section className="wb-ld-section wb-ld-chart" aria-label={tr('图表')} data-undo-scope="properties">
      <div className="wb-ld-section-title">
        {tr('图表')}
        <Typography.Text type="secondary">{tr('显示在列表上方，按列表当前页的数据绘制；Y 值须为数值列，饼图只取一个')}</Typography.Text>
      </div>
      <Form layout="inline" size="small" className="wb-ld-chart-form">
        <Form.Item label={tr('类型')}>
          <Radio.Group
            aria-label={tr('图表类型')} optionType="button" buttonStyle="solid" value={current?.type ?? 'none'}
            onChange={(e) => startType(e.target.value as ChartType | 'none')}
            options={[{ value: 'none', label: tr('无') }, ...CHART_TYPES.map((t) => ({ value: t, label: tr(CHART_TYPE_LABELS[t]), disabled: !current && numbers.length === 0 }))]}
          />
        </Form.Item>
        {current && (
          <>
            <Form.Item label={tr('X 轴')}>
              <Select aria-label={tr('X 轴')} style={{ width: 180 }} value={current.x} options={columns.map(option)} onChange={(x: string) => set({ ...current, x })} />
            </Form.Item>
            <Form.Item label={tr('Y 值')}>
              <Select
                aria-label={tr('Y 值')} style={{ minWidth: 200 }} mode={current.type === 'pie' ? undefined : 'multiple'} value={current.type === 'pie' ? current.y[0] : current.y}
                options={numbers.map(option)} onChange={(y: string | string[]) => set({ ...current, y: Array.isArray(y) ? y : [y] })}
              />
            </Form.Item>
            <Form.Item label={tr('图表标题')}>
              <Input
                aria-label={tr('图表标题')} style={{ width: 200 }} value={current.title ?? ''} maxLength={100}
                onFocus={typing.start}
                onChange={(e) => set({ ...current, title: e.target.value || null }, typing.id())}
              />
            </Form.Item>
          </>
        )}
      </Form>
      {current && <div className="wb-ld-chart-preview"><ReportChartView chart={current} rows={rows} fields={fields} title={title} /></div>}
      {!current && numbers.length === 0 && <Typography.Text type="secondary">{tr('列表没有数值列，不能绘制图表')}</Typography.Text>}
    </section>
  );
}
