import { chineseAmount } from './chinese-amount';
import { storedDate } from './date-text';

/**
 * Value formats (cgValFormat.valFormatFun) by name: a template names one of these, and the name
 * maps to a known formatter — no code from a template is ever evaluated.
 */
const pad = (n: number) => String(n).padStart(2, '0');
const fixed = (digits: number) => (value: unknown) => {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? n.toFixed(digits) : String(value);
};

export const VALUE_FORMATS = {
  fixed0: fixed(0),
  fixed2: fixed(2),
  fixed3: fixed(3),
  fixed4: fixed(4),
  thousands: (value: unknown) => {
    const n = Number(value);
    if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return value === null || value === undefined ? '' : String(value);
    const [int, dec] = String(n).split('.');
    return int.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (dec ? `.${dec}` : '');
  },
  percent: (value: unknown) => {
    const n = Number(value);
    return value === null || value === undefined || value === '' || !Number.isFinite(n) ? '' : `${(n * 100).toFixed(2)}%`;
  },
  chineseAmount: (value: unknown) => chineseAmount(value as number | string | null),
  date: (value: unknown) => {
    const d = storedDate(value);
    return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}` : '';
  },
  datetime: (value: unknown) => {
    const d = storedDate(value);
    return d ? `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
  },
  time: (value: unknown) => {
    const d = storedDate(value);
    return d ? `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}` : '';
  },
  upper: (value: unknown) => (value === null || value === undefined ? '' : String(value).toUpperCase()),
} satisfies Record<string, (value: unknown) => string>;

export type ValueFormatName = keyof typeof VALUE_FORMATS;
export const VALUE_FORMAT_NAMES = Object.keys(VALUE_FORMATS) as ValueFormatName[];

export function isValueFormatName(name: string): name is ValueFormatName {
  return Object.prototype.hasOwnProperty.call(VALUE_FORMATS, name);
}

/** Formats a value by the template's format name; an unknown name shows the value as it is. */
export function formatValue(name: string | null | undefined, value: unknown): string {
  if (name && isValueFormatName(name)) return VALUE_FORMATS[name](value);
  return value === null || value === undefined ? '' : String(value);
}

/**
 * What the 数据源 screens show of each value format: its name and a sample value to preview it on;
 * for a number format, the spreadsheet number format (`excel`) an export writes its cells with, so
 * a number stays a number in the file and shows as it does in the list.
 */
export const VALUE_FORMAT_INFO: Record<ValueFormatName, { label: string; sample: string | number; excel?: string }> = {
  fixed0: { label: '整数', sample: 1234.5, excel: '0' },
  fixed2: { label: '两位小数', sample: 1234.5, excel: '0.00' },
  fixed3: { label: '三位小数（吨）', sample: 36.42, excel: '0.000' },
  fixed4: { label: '四位小数', sample: 0.12345, excel: '0.0000' },
  // the decimals a value has: see excelNumberFormat
  thousands: { label: '千分位', sample: 1234567.89, excel: '#,##0' },
  percent: { label: '百分比', sample: 0.125, excel: '0.00%' },
  chineseAmount: { label: '人民币大写', sample: 1234.56 },
  date: { label: '日期', sample: '2026-11-20T08:30:00' },
  datetime: { label: '日期时间', sample: '2026-11-20T08:30:00' },
  time: { label: '时间', sample: '2026-11-20T08:30:00' },
  upper: { label: '大写字母', sample: 'dfny-001' },
};

/**
 * The spreadsheet number format of a number under a value format (null: the number is written as it
 * is). 千分位 keeps the decimals the value has, as the list shows it (1,234,567.5), which one
 * spreadsheet format cannot say without a trailing point on whole numbers: each value gets its own.
 */
export function excelNumberFormat(name: string | null | undefined, value: number): string | null {
  if (!name || !isValueFormatName(name)) return null;
  const format = VALUE_FORMAT_INFO[name].excel ?? null;
  if (name !== 'thousands' || !format) return format;
  if (!Number.isFinite(value) || /e/i.test(String(value))) return null;
  const decimals = String(value).split('.')[1]?.length ?? 0;
  return decimals ? `${format}.${'0'.repeat(Math.min(decimals, 10))}` : format;
}
