import { Alert, Modal, Space, TimePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { TIME_DIALOG_TITLES, WHOLE_DAY, checkTimeRange, formatTimeOfDay, parseTimeOfDay, type TimeRange } from '../../schema/time-dialogs';
import { useTr } from '../runtime-context';

const FORMAT = 'HH:mm:ss';

/** A HH:mm:ss text as the picker's value (today at that time), or null. */
export function timeValue(text: string | null | undefined): Dayjs | null {
  const seconds = parseTimeOfDay(text);
  return seconds === null ? null : dayjs().startOf('day').add(seconds, 'second');
}
/** The picker's value as HH:mm:ss, or null. */
export function timeText(value: Dayjs | null | undefined): string | null {
  return value ? formatTimeOfDay(value.hour() * 3600 + value.minute() * 60 + value.second()) : null;
}

export interface TimeRangeDialogProps {
  open: boolean;
  /** The range shown when the dialog opens (the whole day 00:00:00–23:59:59 when none). */
  value?: TimeRange | null;
  /** The chosen range: start and end as HH:mm:ss, start not after end. */
  onOk(value: TimeRange): void;
  onCancel(): void;
}

function TimeRangeBody({ value, onOk, onCancel }: Omit<TimeRangeDialogProps, 'open'>) {
  const tr = useTr();
  const [start, setStart] = useState<string | null>(value?.[0] ?? WHOLE_DAY[0]);
  const [end, setEnd] = useState<string | null>(value?.[1] ?? WHOLE_DAY[1]);
  const [tried, setTried] = useState(false);
  const problem = checkTimeRange(start, end);
  // a start after the end is said at once; a missing end only once the user tries to take the range
  const shown = problem && (tried || (start && end)) ? problem : null;
  return (
    <Modal
      open title={tr(TIME_DIALOG_TITLES.range)} okText={tr('确定')} cancelText={tr('取消')} width={420} onCancel={onCancel}
      onOk={() => { setTried(true); if (!problem) onOk([start!, end!]); }}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Space>
          <TimePicker
            aria-label="开始时间" placeholder={tr('开始时间')} format={FORMAT} needConfirm={false}
            value={timeValue(start)} onChange={(v) => setStart(timeText(v))}
          />
          <span>{tr('至')}</span>
          <TimePicker
            aria-label="结束时间" placeholder={tr('结束时间')} format={FORMAT} needConfirm={false}
            value={timeValue(end)} onChange={(v) => setEnd(timeText(v))}
          />
        </Space>
        {shown && <Alert type="error" showIcon message={tr(shown)} />}
      </Space>
    </Modal>
  );
}

/**
 * 选择时间范围 (spec 001 §2 screen 9): a start and an end time of day within 00:00:00–23:59:59,
 * the start not after the end; 确定 hands the range to onOk.
 */
export function TimeRangeDialog({ open, ...rest }: TimeRangeDialogProps) {
  return open ? <TimeRangeBody {...rest} /> : null;
}
