import type { DateDefaultSpec, FieldDefinition } from './field-definition';

/** Who is filling in the form: the values the default-value macros stand for. */
export interface DefaultContext {
  user?: number | string | null;
  username?: string | null;
  currentOrg?: number | string | null;
  currentOrgName?: string | null;
  currentGroup?: number | string | null;
  currentGroupName?: string | null;
  /** The weighing status of the session (PU or SA): which company of a new document the current organisation is. */
  weighStatus?: 'PU' | 'SA' | null;
  now: Date;
}

/**
 * PU/SA (spec 001 §4): a new purchase document takes the receiving company (re…), a new sale
 * document the delivering company (de…), from the current organisation.
 */
export function weighStatusDefault(fieldName: string | undefined, ctx: DefaultContext): unknown {
  const prefix = ctx.weighStatus === 'PU' ? 're' : ctx.weighStatus === 'SA' ? 'de' : null;
  if (!prefix || !fieldName) return undefined;
  if (fieldName === `${prefix}CompanyName`) return ctx.currentOrgName ?? undefined;
  if (fieldName === `${prefix}CompanyId` || fieldName === `${prefix}Company`) return ctx.currentOrg ?? undefined;
  return undefined;
}

/** Default-value macros (spec 001 §3): the current user, company and group, named as in the stored user. */
export const DEFAULT_MACROS = ['$user', '$username', '$currentOrg', '$currentOrgName', '$currentGroup', '$currentGroupName'] as const;

const pad = (n: number) => String(n).padStart(2, '0');
export function formatLocal(date: Date, withTime: boolean): string {
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` : day;
}

/** The date a relative spec names: each part moves by its amount (+ or -) or is set (fixed). */
export function resolveDateSpec(spec: DateDefaultSpec, now: Date): Date {
  const d = new Date(now.getTime());
  const apply = (part: keyof Omit<DateDefaultSpec, 'type'>, get: () => number, set: (v: number) => void) => {
    const p = spec[part];
    if (!p) return;
    if (p.mark === 'fixed') set(p.value);
    else set(get() + (p.mark === '+' ? p.value : -p.value));
  };
  apply('year', () => d.getFullYear(), (v) => d.setFullYear(v));
  apply('month', () => d.getMonth() + 1, (v) => d.setMonth(v - 1));
  apply('day', () => d.getDate(), (v) => d.setDate(v));
  apply('hour', () => d.getHours(), (v) => d.setHours(v));
  apply('minute', () => d.getMinutes(), (v) => d.setMinutes(v));
  apply('second', () => d.getSeconds(), (v) => d.setSeconds(v));
  return d;
}

const DATE_ONLY_KINDS = new Set(['DATA_BOX', 'DATA_RANGE_BOX']);

/** A field's starting value in create mode: macros and relative dates resolved, the rest as configured. */
export function resolveDefault(field: Pick<FieldDefinition, 'defaultValue' | 'formSubmitType' | 'fieldType'> & { fieldName?: string }, ctx: DefaultContext): unknown {
  const v = field.defaultValue;
  if (v === undefined || v === null || v === '') return weighStatusDefault(field.fieldName, ctx);
  if (typeof v === 'object') {
    // a time-of-day range bounds what is picked in a range search; it is no starting value
    return v.type === 'date' ? formatLocal(resolveDateSpec(v, ctx.now), !DATE_ONLY_KINDS.has(field.formSubmitType ?? '')) : undefined;
  }
  if (typeof v === 'string' && (DEFAULT_MACROS as readonly string[]).includes(v)) {
    const value = ctx[v.slice(1) as keyof Omit<DefaultContext, 'now'>];
    return value ?? undefined;
  }
  if (field.fieldType === 'BOOLEAN') return v === true || v === 'true' || v === 1 || v === '1';
  return v;
}
