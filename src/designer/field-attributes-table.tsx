import { Button, Space, Table, Tag, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useMemo } from 'react';
import { useTr } from '../runtime';
import { describeCalculation, type CalculationFieldOption } from '../schema/calculation-rows';
import type { FieldDefinition } from '../schema/field-definition';
import type { Template } from '../schema/template';
import { calculationOptions, fieldAttributeKinds, type AttributeKind, type AttributeList } from '../schema/template-attributes';
import { TIME_DIALOG_TITLES, asDateSpec, describeDateSpec, timeRangeDefault } from '../schema/time-dialogs';

/** What a dialog is opened on. */
export interface AttributeTarget { kind: AttributeKind; list: AttributeList; field: FieldDefinition }

/** The dialog each attribute opens, by its title. */
export const ATTRIBUTE_TITLES: Record<AttributeKind, string> = {
  calculate: '计算方式', dateSpec: TIME_DIALOG_TITLES.dateSpec, timeRange: TIME_DIALOG_TITLES.range, timePoint: TIME_DIALOG_TITLES.point,
};

/** The current value of an attribute, read as people write it; '' when it is not set. */
export function attributeSummary(template: Template, target: AttributeTarget, allFields: readonly CalculationFieldOption[]): string {
  const { kind, list, field } = target;
  switch (kind) {
    case 'calculate': {
      const { sumTables } = calculationOptions(template, list, field);
      return describeCalculation(field.calculate ?? null, allFields, sumTables);
    }
    case 'dateSpec': {
      const spec = asDateSpec(field.defaultValue);
      return spec ? describeDateSpec(spec) : '';
    }
    case 'timeRange': {
      const range = timeRangeDefault(field);
      return range ? `${range[0]} 至 ${range[1]}` : '';
    }
    case 'timePoint':
      return typeof field.defaultValue === 'string' ? field.defaultValue : '';
  }
}

/** What the runtime does when the attribute is not set. */
const UNSET: Record<AttributeKind, string> = {
  calculate: '未设置', dateSpec: '未设置', timeRange: '未设置（00:00:00 至 23:59:59）', timePoint: '未设置',
};

export interface FieldAttributesTableProps {
  template: Template;
  list: AttributeList;
  /** Every field of the template, for the labels of calculation summaries. */
  allFields: readonly CalculationFieldOption[];
  /** Keys `${listPath}:${fieldName}` of the fields edited since the last save. */
  unsaved: ReadonlySet<string>;
  /** The draft may be changed (custom_format_edit). */
  editable: boolean;
  onOpen(target: AttributeTarget): void;
  /** Removes a default (选择时间, 选择时间范围, 选择时间点). */
  onClear(target: AttributeTarget): void;
}

/** The fields of one list with the attributes the dialogs configure: a button per dialog and the current value. */
export function FieldAttributesTable({ template, list, allFields, unsaved, editable, onOpen, onClear }: FieldAttributesTableProps) {
  const tr = useTr();
  const rows = useMemo(() => list.fields.map((field, index) => ({ field, index, kinds: fieldAttributeKinds(field, list) })), [list]);
  type Row = (typeof rows)[number];
  const columns: ColumnType<Row>[] = [
    { key: 'index', title: tr('序号'), width: 60, align: 'center', render: (_v, r) => r.index + 1 },
    {
      key: 'fieldExplain', title: tr('字段说明'), width: 180,
      render: (_v, r) => (
        <Space size={4}>
          <span>{r.field.fieldExplain}</span>
          {unsaved.has(`${list.path}:${r.field.fieldName}`) && <Tag color="orange" className="wb-unsaved">{tr('未保存')}</Tag>}
        </Space>
      ),
    },
    { key: 'fieldName', title: tr('字段名'), width: 160, render: (_v, r) => <Typography.Text code>{r.field.fieldName}</Typography.Text> },
    { key: 'kind', title: tr('控件类型'), width: 150, render: (_v, r) => r.field.formSubmitType ?? r.field.detailsUrl ?? r.field.fieldType ?? '—' },
    {
      key: 'attributes', title: tr('属性配置'),
      render: (_v, r) => (r.kinds.length === 0 ? <Typography.Text type="secondary">—</Typography.Text> : (
        <Space direction="vertical" size={2} style={{ width: '100%' }}>
          {r.kinds.map((kind) => {
            const target = { kind, list, field: r.field };
            const summary = attributeSummary(template, target, allFields);
            return (
              <div key={kind} className="wb-attribute" data-attribute={kind} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
                <Button size="small" disabled={!editable} onClick={() => onOpen(target)} aria-label={`${r.field.fieldExplain} ${tr(ATTRIBUTE_TITLES[kind])}`}>
                  {tr(ATTRIBUTE_TITLES[kind])}
                </Button>
                <Typography.Text className="wb-attribute-value" type={summary ? undefined : 'secondary'}>{summary || tr(UNSET[kind])}</Typography.Text>
                {summary && kind !== 'calculate' && editable && (
                  <Button size="small" type="link" onClick={() => onClear(target)}>{tr('清除')}</Button>
                )}
              </div>
            );
          })}
        </Space>
      )),
    },
  ];
  return (
    <Table<Row>
      size="small" bordered rowKey={(r) => r.field.fieldName} columns={columns} dataSource={rows} pagination={false}
      rowClassName={(r) => (r.kinds.length ? 'wb-configurable' : 'wb-plain')} data-list={list.path}
    />
  );
}
