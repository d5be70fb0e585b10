import { Button, Col, DatePicker, Form, Input, InputNumber, Row as GridRow, Select, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo } from 'react';
import { COMPARISON_SIGNS, NUMBER_COMPARISONS, OPERATOR_LABELS, type FieldDefinition } from '../../schema/field-definition';
import { useTr } from '../runtime-context';
import type { SearchCondition } from '../../schema/search';
import { rangeBounds, type TimeRange } from '../../schema/time-dialogs';
import { advancedConditions, advancedFields } from './opening-call';

/** Picking days in a date-time range starts and ends at the field's bounds (00:00:00 and 23:59:59 unless configured) until a time is chosen. */
const dayBounds = (bounds: TimeRange) => ({ defaultValue: [dayjs(bounds[0], 'HH:mm:ss'), dayjs(bounds[1], 'HH:mm:ss')] as [Dayjs, Dayjs] });

/**
 * The advanced query: one input per field allowed in it, by the field's search input kind, starting
 * from `initial` (see `advancedStart`); 重置 goes back to it.
 */
export function AdvancedQuery({ fields, initial, onSearch, onReset }: {
  fields: readonly FieldDefinition[]; initial?: Record<string, unknown>; onSearch(conditions: SearchCondition[]): void; onReset(): void;
}) {
  const [form] = Form.useForm();
  const tr = useTr();
  const queryFields = useMemo(() => advancedFields(fields), [fields]);
  const comparisons = useMemo(() => NUMBER_COMPARISONS.map((op) => ({ value: op, label: COMPARISON_SIGNS[op], title: tr(OPERATOR_LABELS[op]) })), [tr]);
  const submit = (values: Record<string, unknown>) => onSearch(advancedConditions(queryFields, values));

  return (
    <Form form={form} name="aq" layout="inline" initialValues={initial} onFinish={submit} className="wb-advanced-query">
      <GridRow gutter={[12, 8]} style={{ width: '100%' }}>
        {queryFields.map((f) => (
          <Col key={f.fieldName} xs={24} sm={12} lg={f.detailsUrl === 'TIME_RANGE_BOX' ? 12 : 6}>
            {f.detailsUrl === 'NUMBER' ? (
              <Form.Item label={f.fieldExplain} htmlFor={`aq_${f.fieldName}`} style={{ width: '100%' }}>
                <Space.Compact style={{ width: '100%' }}>
                  <Form.Item name={`${f.fieldName}__op`} noStyle initialValue="le">
                    <Select options={comparisons} style={{ width: 64 }} aria-label={`${f.fieldExplain}比较`} />
                  </Form.Item>
                  <Form.Item name={f.fieldName} noStyle><InputNumber id={`aq_${f.fieldName}`} style={{ width: '100%' }} /></Form.Item>
                </Space.Compact>
              </Form.Item>
            ) : (
              <Form.Item name={f.fieldName} label={f.fieldExplain} style={{ width: '100%' }}>{inputOf(f, tr)}</Form.Item>
            )}
          </Col>
        ))}
        <Col>
          <Space>
            <Button type="primary" htmlType="submit">{tr('查询')}</Button>
            <Button onClick={() => { form.resetFields(); onReset(); }}>{tr('重置')}</Button>
          </Space>
        </Col>
      </GridRow>
    </Form>
  );
}

function inputOf(f: FieldDefinition, tr: ReturnType<typeof useTr>) {
  switch (f.detailsUrl) {
    case 'TIME_RANGE_BOX':
    case 'DATA_RANGE_BOX':
      return <DatePicker.RangePicker showTime={f.detailsUrl === 'TIME_RANGE_BOX' ? dayBounds(rangeBounds(f)) : false} style={{ width: '100%' }} />;
    case 'DATA_BOX_TIM':
      return <DatePicker showTime style={{ width: '100%' }} />;
    case 'SELECT':
    case 'SELECT_MORE':
      return <Select allowClear mode={f.detailsUrl === 'SELECT_MORE' ? 'multiple' : undefined} options={(f.options ?? f.enumOptions ?? []).map((o) => ({ value: o.value as string, label: o.label }))} placeholder={tr('请选择')} />;
    case 'BOOLEAN':
      return <Select allowClear options={[{ value: true, label: tr('是') }, { value: false, label: tr('否') }]} placeholder={tr('请选择')} />;
    default:
      return <Input allowClear placeholder={tr('请输入{fields}', { fields: f.fieldExplain })} />;
  }
}
