import type { Kysely } from 'kysely';
import { DATE_PROBLEM_TEXT, dateTextProblem } from '../../src/schema/date-text';
import { TXT_MAX_LENGTH, type ResourceColumn, type ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { badRequest } from '../http/app-error';
import { initials, pinyinColumnOf, pinyinColumns } from './pinyin';


/** Reads one submitted value by the column's type: trims text, turns '' into null, refuses what does not fit. */
export function valueOf(c: ResourceColumn, raw: unknown, enumValues: ReadonlySet<string> | undefined): unknown {
  if (raw === undefined) return undefined;
  if (raw === null || raw === '' || (typeof raw === 'string' && raw.trim() === '')) return null;
  const bad = (what: string) => badRequest(`${c.fieldExplain}(${c.fieldName}) ${what}`, { field: c.fieldName });
  switch (c.fieldType) {
    case 'CHAR':
    case 'TXT': {
      if (typeof raw !== 'string' && typeof raw !== 'number') throw bad('应为文本');
      const text = String(raw).trim();
      const max = c.fieldType === 'CHAR' ? c.length ?? 255 : c.maxLength ?? TXT_MAX_LENGTH;
      if (text.length > max && [...text].length > max) throw bad(`长度不能超过 ${max} 个字符`);
      return text;
    }
    case 'NUMBER': {
      const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
      if (!/^-?\d+(\.\d+)?$/.test(text)) throw bad('应为数字');
      const [int, dec = ''] = text.replace('-', '').split('.');
      const scale = c.scale ?? 0;
      if (dec.length > scale) throw bad(scale === 0 ? '应为整数' : `最多 ${scale} 位小数`);
      if (int.replace(/^0+/, '').length > (c.length ?? 18) - scale) throw bad('超出范围');
      return text;
    }
    case 'DATE':
    {
      const problem = dateTextProblem(raw);
      if (problem) throw bad(DATE_PROBLEM_TEXT[problem]);
      return raw as string;
    }
    case 'BOOLEAN':
      if (raw === true || raw === 'true' || raw === 1 || raw === '1') return true;
      if (raw === false || raw === 'false' || raw === 0 || raw === '0') return false;
      throw bad('应为是或否');
    case 'ENUM': {
      const v = String(raw);
      if (enumValues && !enumValues.has(v)) throw bad(`取值无效（可选：${[...enumValues].join(', ')}）`);
      return v;
    }
    case 'JSON':
      if (typeof raw !== 'object') throw bad('应为对象或数组');
      return JSON.stringify(raw);
  }
}

export async function enumValuesOf(db: Kysely<DB>, def: ResourceDefinition): Promise<Map<string, Set<string>>> {
  const codes = [...new Set(def.columns.map((c) => c.enumCode).filter((x): x is string => !!x))];
  const out = new Map<string, Set<string>>();
  if (!codes.length) return out;
  const rows = await db.selectFrom('cgEnumItem').innerJoin('cgEnum', 'cgEnum.id', 'cgEnumItem.enumId')
    .select(['cgEnum.enumCode', 'cgEnumItem.itemValue']).where('cgEnum.enumCode', 'in', codes).execute();
  for (const r of rows) {
    if (!out.has(r.enumCode)) out.set(r.enumCode, new Set());
    out.get(r.enumCode)!.add(r.itemValue);
  }
  return out;
}

/**
 * The writable values of a submission, keyed by database column: unknown fields and system fields
 * are refused by name; on create, required columns must be present.
 */
export async function rowValues(db: Kysely<DB>, def: ResourceDefinition, body: Record<string, unknown>, mode: 'create' | 'update'): Promise<Record<string, unknown>> {
  const enums = await enumValuesOf(db, def);
  const byName = new Map(def.columns.map((c) => [c.fieldName, c]));
  const pinyinNames = new Set(pinyinColumns(def).map((c) => c.fieldName));
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(body)) {
    if (key === 'id' || key === 'version') continue;
    if (!byName.has(key)) throw badRequest(`不允许的字段 ${key}`, { field: key });
  }
  for (const c of def.columns) {
    const v = valueOf(c, body[c.fieldName], c.enumCode ? enums.get(c.enumCode) : undefined);
    if (c.required && (mode === 'create' ? v === undefined || v === null : v === null)) {
      throw badRequest(`${c.fieldExplain}不能为空！`, { field: c.fieldName });
    }
    if (v !== undefined) out[c.fieldDbName] = v;
    if (v !== undefined && pinyinNames.has(c.fieldName)) out[pinyinColumnOf(c)] = initials(v as string | null) ?? (v === null ? null : '');
  }
  return out;
}
