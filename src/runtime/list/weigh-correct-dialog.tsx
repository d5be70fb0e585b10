import { App as AntApp, Descriptions, Form, Input, InputNumber, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { MAX_WEIGHT_T, correctedWeightProblem, weighReasonProblem } from '../../schema/weigh';
import { useRuntime, useTr } from '../runtime-context';
import type { Row } from './list-columns';

interface CorrectValues { gross?: number | null; tare?: number | null; reason?: string }

/** A weight box's check: the server's rule (src/schema/weigh.ts), on a value typed (an empty box sends nothing). */
const weightRule = (label: '毛重' | '皮重', tr: (text: string) => string) => ({
  validator: (_: unknown, value: number | null | undefined) => {
    const problem = value === null || value === undefined ? null : correctedWeightProblem(label, value);
    return problem ? Promise.reject(new Error(tr(problem))) : Promise.resolve();
  },
});

/**
 * The boxes' step: a kilogram. It is also how antd shows a weight it was given (20 as 20.000: the
 * decimals of the step), while a weight typed finer is kept as typed (no `precision`, which rounded
 * 20.0004 to 20.000 when the box was left, before the rule could refuse it) and refused by the rule.
 */
const WEIGHT_STEP_T = 0.001;

const shown = (v: unknown) => (v === null || v === undefined || v === '' ? '—' : String(v));

/**
 * 称重更正 (a weigh record's list): a supervisor changes the captured gross or tare (t) of one record
 * and says why; the server recalculates net and settle weight and logs the old and new weights.
 * Only what was captured can be corrected; an unchanged weight is not sent.
 */
export function WeighCorrectDialog({ base, row, onClose, onSaved }: { base: string; row: Row | null; onClose(): void; onSaved(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [form] = Form.useForm<CorrectValues>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (row) form.setFieldsValue({ gross: row.gross === null ? null : Number(row.gross), tare: row.tare === null ? null : Number(row.tare), reason: '' });
  }, [row, form]);

  const submit = async () => {
    if (!row) return;
    const v = await form.validateFields();
    const changed = (field: 'gross' | 'tare') => v[field] !== null && v[field] !== undefined && Number(v[field]) !== Number(row[field]);
    if (!changed('gross') && !changed('tare')) return void message.warning(tr('毛重和皮重都没有改动'));
    setBusy(true);
    try {
      await request({
        method: 'POST', url: `${base}/weighCorrect`,
        body: { id: row.id, version: row.version, reason: v.reason!.trim(), ...(changed('gross') ? { gross: v.gross } : {}), ...(changed('tare') ? { tare: v.tare } : {}) },
      });
      message.success(tr('更正成功'));
      onSaved();
    } catch { /* the request layer showed the refusal */ } finally { setBusy(false); }
  };

  return (
    <Modal open={row !== null} title={tr('称重更正')} okText={tr('确定')} cancelText={tr('取消')} confirmLoading={busy} onOk={() => void submit().catch(() => undefined)} onCancel={onClose} destroyOnHidden>
      {row && (
        <>
          <Descriptions size="small" bordered column={2} style={{ marginBottom: 12 }}>
            <Descriptions.Item label={tr('磅单号')}>{shown(row.billCode)}</Descriptions.Item>
            <Descriptions.Item label={tr('车牌号')}>{shown(row.plateNumber)}</Descriptions.Item>
            <Descriptions.Item label={tr('净重(吨)')}>{shown(row.net)}</Descriptions.Item>
            <Descriptions.Item label={tr('结算重量(吨)')}>{shown(row.settleWeight)}</Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical">
            <Form.Item name="gross" label={tr('毛重(吨)')} rules={[weightRule('毛重', tr)]}>
              <InputNumber min={0} max={MAX_WEIGHT_T} step={WEIGHT_STEP_T} disabled={row.gross === null} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item name="tare" label={tr('皮重(吨)')} rules={[weightRule('皮重', tr)]}>
              <InputNumber min={0} max={MAX_WEIGHT_T} step={WEIGHT_STEP_T} disabled={row.tare === null} style={{ width: '100%' }} />
            </Form.Item>
            <Form.Item
              name="reason" label={tr('更正原因')}
              rules={[{ validator: (_, value: string | undefined) => { const p = weighReasonProblem(value, '更正'); return p ? Promise.reject(new Error(tr(p))) : Promise.resolve(); } }]}
            >
              <Input.TextArea maxLength={200} rows={2} />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
