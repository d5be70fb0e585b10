import { Alert, App as AntApp, Button, Checkbox, Modal, Select, Space, Table, Typography } from 'antd';
import type { ColumnType } from 'antd/es/table';
import { useState } from 'react';
import {
  CALCULATION_MESSAGES, CALC_OPERATORS, calculationToRows, describeCalculation, newCalculationRow, rowsToCalculation,
  type CalcOperator, type CalculationFieldOption, type CalculationRow,
} from '../../schema/calculation-rows';
import type { Calculation } from '../../schema/field-definition';
import { useTr, type Tr } from '../runtime-context';
import { trMessage } from '../schema-messages';

export interface CalculationDialogProps {
  open: boolean;
  /** The field's current `calculate` definition, to edit again. */
  value?: Calculation | null;
  /** The form's numeric fields an operand can be. */
  fields: readonly CalculationFieldOption[];
  /** The tables a sum operand can sum over (合计表), e.g. the child tables. */
  sumTables?: readonly { value: string; label: string }[];
  /**
   * The template's rules on the definition the rows stand for (e.g. a field's calculation may not refer
   * to the field itself): the problem, said before 提交 as the rows' own problems are, or null.
   */
  check?(value: Calculation): string | null;
  /** The new definition, in the calculator's format; null when every row was removed. */
  onOk(value: Calculation | null): void;
  onCancel(): void;
}

const BRACKETS = [0, 1, 2, 3];
const bracketOptions = (tr: Tr, char: string) => BRACKETS.map((n) => ({ value: n, label: n === 0 ? tr('无') : char.repeat(n) }));

function startingRows(value: Calculation | null | undefined): { rows: CalculationRow[]; problem: string | null } {
  try {
    return { rows: calculationToRows(value), problem: null };
  } catch (error) {
    return { rows: [], problem: (error as Error).message };
  }
}

/** The definition as people read it, in the language shown (a sum reads 合计(table: a + b)). */
function describe(tr: Tr, calc: Calculation | null, fields: readonly CalculationFieldOption[], sumTables: readonly { value: string; label: string }[]): string {
  const text = describeCalculation(calc, fields, sumTables);
  if (!text) return tr('无');
  return calc && !Array.isArray(calc) ? tr('合计({sum})', { sum: text.replace(/^合计\((.*)\)$/, '$1') }) : text;
}

function CalculationBody({ value, fields, sumTables = [], check, onOk, onCancel }: Omit<CalculationDialogProps, 'open'>) {
  const { message, modal } = AntApp.useApp();
  const tr = useTr();
  const [start] = useState(() => startingRows(value));
  const [rows, setRows] = useState<CalculationRow[]>(start.rows);
  const [selected, setSelected] = useState<string[]>([]);
  const rowsResult = rowsToCalculation(rows);
  const ruled = rowsResult.ok && rowsResult.value && check ? check(rowsResult.value) : null;
  const result = ruled ? { ok: false as const, message: ruled } : rowsResult;
  const change = (key: string, patch: Partial<CalculationRow>) => setRows((list) => list.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  const add = () => setRows((list) => [...list, newCalculationRow(list.length)]);
  const remove = () => {
    if (selected.length === 0) return void message.warning(tr(CALCULATION_MESSAGES.noSelection));
    // a row that becomes the first loses the operator that joined it to the removed one
    setRows((list) => list.filter((r) => !selected.includes(r.key)).map((r, i) => (i === 0 && r.key !== list[0].key ? { ...r, operator: null } : r)));
    setSelected([]);
  };
  const clear = () => {
    modal.confirm({
      title: tr('提示'), content: tr(CALCULATION_MESSAGES.clearConfirm), okText: tr('确定'), cancelText: tr('取消'), type: 'warning',
      onOk: () => { setRows([]); setSelected([]); message.success(tr(CALCULATION_MESSAGES.cleared)); },
      onCancel: () => { message.info(tr(CALCULATION_MESSAGES.clearCancelled)); },
    });
  };
  const submit = () => {
    if (!result.ok) return void message.warning(trMessage(tr, result.message));
    onOk(result.value);
  };

  const fieldOptions = (r: CalculationRow) => {
    const ofTable = r.sum && r.sumTable ? fields.filter((f) => f.customTable === r.sumTable) : [];
    return (ofTable.length ? ofTable : fields).map((f) => ({ value: f.fieldName, label: f.fieldExplain }));
  };
  const columns: ColumnType<CalculationRow>[] = [
    { key: 'index', title: tr('序号'), width: 56, render: (_: unknown, _r, i) => i + 1 },
    {
      key: 'operator', title: tr('运算符'), width: 96,
      render: (_: unknown, r, i) => (
        <Select<CalcOperator>
          aria-label={`第${i + 1}行运算符`} size="small" style={{ width: 72 }} allowClear={i === 0} value={r.operator ?? undefined}
          options={(i === 0 ? ['-' as const] : CALC_OPERATORS).map((o) => ({ value: o, label: o }))}
          onChange={(v) => change(r.key, { operator: v ?? null })}
        />
      ),
    },
    {
      key: 'open', title: tr('左括号'), width: 88,
      render: (_: unknown, r, i) => (
        <Select aria-label={`第${i + 1}行左括号`} size="small" style={{ width: 72 }} value={r.open} options={bracketOptions(tr, '(')} onChange={(v) => change(r.key, { open: v })} />
      ),
    },
    {
      key: 'field', title: tr('字段'),
      render: (_: unknown, r, i) => (
        <Select
          aria-label={`第${i + 1}行字段`} size="small" style={{ width: '100%', minWidth: 140 }} showSearch optionFilterProp="label"
          placeholder={tr('请选择字段')} value={r.fieldName ?? undefined} options={fieldOptions(r)}
          onChange={(name: string) => {
            const f = fields.find((x) => x.fieldName === name);
            change(r.key, { fieldName: name, customTable: r.sum ? r.sumTable : f?.customTable ?? null });
          }}
        />
      ),
    },
    {
      key: 'sum', title: tr('合计'), width: 64, align: 'center',
      render: (_: unknown, r, i) => (
        <Checkbox
          aria-label={`第${i + 1}行合计`} checked={r.sum}
          onChange={(e) => change(r.key, e.target.checked ? { sum: true } : { sum: false, sumTable: null, customTable: fields.find((f) => f.fieldName === r.fieldName)?.customTable ?? null })}
        />
      ),
    },
    {
      key: 'sumTable', title: tr('合计表'), width: 160,
      render: (_: unknown, r, i) => (
        <Select
          aria-label={`第${i + 1}行合计表`} size="small" style={{ width: '100%' }} disabled={!r.sum} placeholder={r.sum ? tr('请选择合计表') : undefined}
          value={r.sumTable ?? undefined} options={sumTables.map((t) => ({ ...t }))} onChange={(t: string) => {
            // a field of another table no longer fits the sum (when the form knows the table's fields)
            const fits = !fields.some((f) => f.customTable === t) || fields.some((f) => f.customTable === t && f.fieldName === r.fieldName);
            change(r.key, { sumTable: t, customTable: t, ...(fits ? {} : { fieldName: null }) });
          }}
        />
      ),
    },
    {
      key: 'close', title: tr('右括号'), width: 88,
      render: (_: unknown, r, i) => (
        <Select aria-label={`第${i + 1}行右括号`} size="small" style={{ width: 72 }} value={r.close} options={bracketOptions(tr, ')')} onChange={(v) => change(r.key, { close: v })} />
      ),
    },
  ];

  return (
    <Modal
      open title={tr(CALCULATION_MESSAGES.title)} width={900} onCancel={onCancel}
      footer={(
        <Space>
          <Button type="primary" onClick={submit}>{tr('提交')}</Button>
          <Button onClick={add}>{tr('添加')}</Button>
          <Button danger onClick={remove}>{tr('删除')}</Button>
          <Button onClick={clear}>{tr('清空')}</Button>
          <Button onClick={onCancel}>{tr('取消')}</Button>
        </Space>
      )}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {start.problem && <Alert type="warning" showIcon message={tr('原计算公式无法编辑：{reason}', { reason: trMessage(tr, start.problem) })} />}
        <Table<CalculationRow>
          size="small" bordered pagination={false} rowKey="key" columns={columns} dataSource={rows}
          rowSelection={{
            selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)),
            getCheckboxProps: (r) => ({ 'aria-label': `选择第${rows.indexOf(r) + 1}行` }) as object,
          }}
        />
        <Typography.Text role="status" aria-label="计算公式" type={result.ok ? undefined : 'secondary'}>
          {tr('计算公式：{formula}', { formula: result.ok ? describe(tr, result.value, fields, sumTables) : trMessage(tr, result.message) })}
        </Typography.Text>
      </Space>
    </Modal>
  );
}

/**
 * The calculation-setup dialog 计算方式 (spec 001 §2 screen 5, §5): rows of operator, brackets,
 * operand field and, for a sum operand, its sum table (合计表); 提交 hands the definition in the
 * calculator's format to onOk. 清空 asks first and says 删除成功! or 已取消删除.
 */
export function CalculationDialog({ open, ...rest }: CalculationDialogProps) {
  return open ? <CalculationBody {...rest} /> : null;
}
