import { Alert, InputNumber, Modal, Radio, Space, Typography } from 'antd';
import { useState } from 'react';
import type { DateDefaultSpec } from '../../schema/field-definition';
import {
  DATE_SPEC_MARKS, DATE_SPEC_PARTS, TIME_DIALOG_TITLES, asDateSpec, checkDateSpecDraft, dateSpecDraft, previewDateSpec, toDateSpec,
  type DateSpecDraft, type DateSpecMark, type DateSpecPartName,
} from '../../schema/time-dialogs';
import { useTr } from '../runtime-context';
import { trMessage } from '../schema-messages';

export interface DateSpecDialogProps {
  open: boolean;
  /** The default being edited: the spec object (or its JSON text); anything else starts from "now". */
  value?: DateDefaultSpec | string | null;
  /** Whether the field holds a time too (DATA_BOX_TIM): the preview shows yyyy-MM-dd HH:mm:ss, else yyyy-MM-dd. */
  withTime?: boolean;
  /** The moment the preview resolves against (now when not given). */
  now?: Date;
  /** The spec, shaped as field definitions store it: `{ type: 'date', day: { mark: '+', value: 1 }, … }`. */
  onOk(spec: DateDefaultSpec): void;
  onCancel(): void;
}

function DateSpecBody({ value, withTime = true, now, onOk, onCancel }: Omit<DateSpecDialogProps, 'open'>) {
  const tr = useTr();
  const [draft, setDraft] = useState<DateSpecDraft>(() => dateSpecDraft(asDateSpec(value)));
  const [at] = useState(() => now ?? new Date());
  const problem = checkDateSpecDraft(draft);
  const set = (key: DateSpecPartName, change: Partial<{ mark: DateSpecMark; value: number | null }>) =>
    setDraft((d) => ({ ...d, [key]: { ...d[key], ...change } }));
  return (
    <Modal
      open title={tr(TIME_DIALOG_TITLES.dateSpec)} okText={tr('确定')} cancelText={tr('取消')} width={480} onCancel={onCancel}
      okButtonProps={{ disabled: problem !== null }} onOk={() => { if (!problem) onOk(toDateSpec(draft)); }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        {DATE_SPEC_PARTS.map((p) => (
          <div key={p.key} role="group" aria-label={p.label} style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <span style={{ width: 56 }}>{tr(p.label)}</span>
            <Radio.Group
              aria-label={`${p.label}的方式`} optionType="button" size="small" options={DATE_SPEC_MARKS.map((m) => ({ ...m, label: tr(m.label) }))}
              value={draft[p.key].mark} onChange={(e) => set(p.key, { mark: e.target.value as DateSpecMark })}
            />
            <InputNumber
              aria-label={`${p.label}的数值`} size="small" min={0} precision={0} style={{ width: 110 }}
              value={draft[p.key].value} onChange={(v) => set(p.key, { value: v === null ? null : Number(v) })}
            />
          </div>
        ))}
        {problem
          ? <Alert type="error" showIcon message={trMessage(tr, problem)} />
          : (
            <Typography.Text role="status" aria-label="预览">
              {tr('预览：{value}', { value: previewDateSpec(toDateSpec(draft), at, withTime) })}
            </Typography.Text>
          )}
      </Space>
    </Modal>
  );
}

/**
 * 选择时间 (spec 001 §2 screen 9, §5): edits a date-relative default — for each of 年 月 日 时 分 秒
 * an amount and a mark (+, - or 固定) — with a live preview of the value it gives now.
 */
export function DateSpecDialog({ open, ...rest }: DateSpecDialogProps) {
  return open ? <DateSpecBody {...rest} /> : null;
}
