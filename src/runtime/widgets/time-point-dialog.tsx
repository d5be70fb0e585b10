import { Alert, Modal, Radio, Space, TimePicker } from 'antd';
import { useState } from 'react';
import { TIME_DIALOG_TITLES, TIME_MESSAGES, TIME_POINTS, chosenTimePoint, parseTimeOfDay, type TimePoint } from '../../schema/time-dialogs';
import { useTr } from '../runtime-context';
import { trMessage } from '../schema-messages';
import { timeText, timeValue } from './time-range-dialog';

const CUSTOM = 'custom';

export interface TimePointDialogProps {
  open: boolean;
  /** The time shown when the dialog opens (HH:mm:ss): a preset's, or a custom one. */
  value?: string | null;
  /** The preset points offered (当天开始 00:00:00 … 当天结束 23:59:59 when not given). */
  points?: readonly TimePoint[];
  /** The chosen time as HH:mm:ss. */
  onOk(time: string): void;
  onCancel(): void;
}

function TimePointBody({ value, points = TIME_POINTS, onOk, onCancel }: Omit<TimePointDialogProps, 'open'>) {
  const tr = useTr();
  const preset = points.find((p) => p.value === value);
  const [choice, setChoice] = useState<string | null>(preset ? preset.value : parseTimeOfDay(value) !== null ? CUSTOM : null);
  const [custom, setCustom] = useState<string | null>(preset ? null : value ?? null);
  const [tried, setTried] = useState(false);
  const time = chosenTimePoint(choice, custom, points);
  return (
    <Modal
      open title={tr(TIME_DIALOG_TITLES.point)} okText={tr('确定')} cancelText={tr('取消')} width={380} onCancel={onCancel}
      onOk={() => { setTried(true); if (time !== null) onOk(time); }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Radio.Group aria-label="时间点" value={choice} onChange={(e) => setChoice(e.target.value as string)}>
          <Space direction="vertical">
            {points.map((p) => <Radio key={p.value} value={p.value}>{trMessage(tr, p.label)}</Radio>)}
            <Radio value={CUSTOM}>{tr('自定义')}</Radio>
          </Space>
        </Radio.Group>
        <TimePicker
          aria-label="自定义时间" placeholder="HH:mm:ss" format="HH:mm:ss" needConfirm={false} disabled={choice !== CUSTOM}
          value={timeValue(custom)} onChange={(v) => setCustom(timeText(v))}
        />
        {tried && time === null && <Alert type="error" showIcon message={tr(TIME_MESSAGES.pointMissing)} />}
      </Space>
    </Modal>
  );
}

/** The time-point choice (spec 001 §2 screen 9): one of the preset points, or a custom HH:mm:ss. */
export function TimePointDialog({ open, ...rest }: TimePointDialogProps) {
  return open ? <TimePointBody {...rest} /> : null;
}
