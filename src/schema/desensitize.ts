/**
 * Data desensitisation (spec 000 §5, spec 001 §5): applies when the setting equals "1".
 * An identity number keeps its first 6 and last 4 characters with 8 stars between; a mobile
 * number keeps its first 3 and last 4 with 4 stars between.
 */
export type DesensitizeKind = 'idNumber' | 'mobile';

export function isDesensitizeOn(setting: unknown): boolean {
  return String(setting ?? '0') === '1';
}

export function desensitize(value: unknown, kind: DesensitizeKind): string {
  if (value === null || value === undefined) return '';
  const text = String(value);
  if (kind === 'idNumber') return text.length > 10 ? `${text.slice(0, 6)}********${text.slice(-4)}` : text;
  return text.length > 7 ? `${text.slice(0, 3)}****${text.slice(-4)}` : text;
}

/** Which kind of masking a field takes, from its name (idNumber, mobile/phone/tel fields). */
export function desensitizeKindOf(fieldName: string): DesensitizeKind | null {
  if (/idnumber|idcard|identity/i.test(fieldName)) return 'idNumber';
  if (/mobile|phone|tel$/i.test(fieldName)) return 'mobile';
  return null;
}
