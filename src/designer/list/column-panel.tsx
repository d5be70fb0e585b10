import { Alert, Form, Input, InputNumber, Select, Switch, Typography } from 'antd';
import { kindChoices, useControls, useTr } from '../../runtime';
import { BUTTON_PROPERTY_LABELS, LIST_COLUMN_SWITCHES, TOTAL_PROPERTY, offersTotal } from '../../schema/control-properties';
import type { ButtonNode, ColumnNode } from '../../schema/design-nodes';
import { FIELD_TYPES, FIELD_TYPE_LABELS, SEARCH_INPUT_KINDS } from '../../schema/field-definition';
import { columnMinWidth } from '../../schema/layout-rules';
import { VALUE_FORMAT_INFO, VALUE_FORMAT_NAMES, formatValue } from '../../schema/value-formats';
import { useTyping, type DesignSession } from './design-session';

/** The column's switches, as the schema describes them (the versions diff names them the same way). */
const SWITCHES = LIST_COLUMN_SWITCHES.map((p) => ({ key: p.name, label: p.label }));

/** A list column's properties: title, width, toggles, kind, search input kind and value format with its sample. */
export function ColumnPanel({ node, session, numeric, problem }: {
  node: ColumnNode; session: DesignSession;
  /** The column holds numbers (`isNumberColumn`): 合计 is offered only then (or while it is on, to switch it off: `offersTotal`). */
  numeric: boolean;
  /** The rule problem on the column, if any. */
  problem: string | null;
}) {
  const tr = useTr();
  const controls = useControls();
  const typing = useTyping();
  const f = node.field;
  const set = (key: string, value: unknown, typed?: string) => session.run({ type: 'set-property', id: node.id, key, value, typing: typed });
  const kinds = kindChoices(controls).map((k) => ({ value: k.kind, label: `${k.labels.map((l) => tr(l)).join(' / ')}（${k.kind}）` }));
  const format = f.cgValFormat?.valFormatFun ?? null;
  const sample = format && format in VALUE_FORMAT_INFO ? VALUE_FORMAT_INFO[format as keyof typeof VALUE_FORMAT_INFO].sample : null;
  return (
    <Form layout="vertical" size="small" className="wb-ld-form" aria-label={tr('列属性')}>
      <Typography.Text type="secondary" className="wb-ld-field-name">{f.customTable ? `${f.customTable}.` : ''}{f.fieldName}</Typography.Text>
      {problem && <Alert type="error" showIcon className="wb-ld-alert" message={problem} />}
      <Form.Item label={tr('标题')}>
        <Input aria-label={tr('标题')} value={f.fieldExplain} onFocus={typing.start} onChange={(e) => set('fieldExplain', e.target.value, typing.id())} />
      </Form.Item>
      <Form.Item label={tr('列宽')} extra={tr('最小 {n} px（按标题长度）', { n: columnMinWidth(f.fieldExplain) })}>
        <InputNumber aria-label={tr('列宽')} min={0} max={2000} value={f.columnWidth ?? null} onChange={(v) => set('columnWidth', v ?? null)} style={{ width: '100%' }} />
      </Form.Item>
      <div className="wb-ld-switches">
        {SWITCHES.filter((s) => s.key !== TOTAL_PROPERTY.name || offersTotal(f, numeric)).map((s) => {
          const on = s.key === 'ishow' ? f.ishow !== false : Boolean(f[s.key]);
          return (
            <label key={s.key} className="wb-ld-switch">
              <Switch size="small" aria-label={tr(s.label)} checked={on} onChange={(v) => set(s.key, v)} />
              <span>{tr(s.label)}</span>
            </label>
          );
        })}
      </div>
      {f.isortField && (
        <Form.Item label={tr('默认排序')}>
          <Select aria-label={tr('默认排序')} allowClear value={f.sortMethod ?? undefined} onChange={(v) => set('sortMethod', v ?? null)}
            options={[{ value: 'asc', label: tr('升序') }, { value: 'desc', label: tr('降序') }]} />
        </Form.Item>
      )}
      <Form.Item label={tr('列类型')}>
        <Select aria-label={tr('列类型')} showSearch optionFilterProp="label" allowClear value={f.formSubmitType ?? undefined} onChange={(v) => set('formSubmitType', v ?? null)} options={kinds} />
      </Form.Item>
      <Form.Item label={tr('显示类型')}>
        <Select aria-label={tr('显示类型')} allowClear value={f.fieldType ?? undefined} onChange={(v) => set('fieldType', v ?? null)} options={FIELD_TYPES.map((t) => ({ value: t, label: tr(FIELD_TYPE_LABELS[t]) }))} />
      </Form.Item>
      {(f.iallowQuery || f.iallowAdvanceQuery) && (
        <Form.Item label={tr('查询输入方式')}>
          <Select aria-label={tr('查询输入方式')} allowClear placeholder={tr('文本')} value={f.detailsUrl ?? undefined} onChange={(v) => set('detailsUrl', v ?? null)}
            options={SEARCH_INPUT_KINDS.map((k) => ({ value: k, label: k }))} />
        </Form.Item>
      )}
      <Form.Item label={tr('值格式')} extra={sample !== null ? <span className="wb-ld-sample">{tr('示例')}：{String(sample)} → <b>{formatValue(format, sample)}</b></span> : null}>
        <Select aria-label={tr('值格式')} allowClear value={format ?? undefined} onChange={(v) => set('cgValFormat', v ? { valFormatFun: v } : null)}
          options={VALUE_FORMAT_NAMES.map((n) => ({ value: n, label: `${tr(VALUE_FORMAT_INFO[n].label)}（${n}）` }))} />
      </Form.Item>
    </Form>
  );
}

/** A button's properties: its name, permission key and whether it is an app button. */
export function ButtonPanel({ node, session }: { node: ButtonNode; session: DesignSession }) {
  const tr = useTr();
  const typing = useTyping();
  const b = node.button;
  const set = (key: string, value: unknown, typed?: string) => session.run({ type: 'set-property', id: node.id, key, value, typing: typed });
  return (
    <Form layout="vertical" size="small" className="wb-ld-form" aria-label={tr('按钮属性')}>
      <Typography.Text type="secondary" className="wb-ld-field-name">{b.code}{b.action && b.action !== b.code ? ` · ${b.action}` : ''}</Typography.Text>
      <Form.Item label={tr(BUTTON_PROPERTY_LABELS.label)}>
        <Input aria-label={tr(BUTTON_PROPERTY_LABELS.label)} value={b.label} onFocus={typing.start} onChange={(e) => set('label', e.target.value, typing.id())} />
      </Form.Item>
      <Form.Item label={tr(BUTTON_PROPERTY_LABELS.permission)} extra={tr('为空时所有人可用')}>
        <Input aria-label={tr(BUTTON_PROPERTY_LABELS.permission)} value={b.permission ?? ''} onFocus={typing.start} onChange={(e) => set('permission', e.target.value.trim() ? e.target.value : null, typing.id())} />
      </Form.Item>
      <label className="wb-ld-switch">
        <Switch size="small" aria-label={tr(BUTTON_PROPERTY_LABELS.isApp)} checked={Boolean(b.isApp)} onChange={(v) => set('isApp', v)} />
        <span>{tr('仅 APP（列表中不显示）')}</span>
      </label>
    </Form>
  );
}
