import type { ResourceDefinition } from '../../src/schema/resource';
import { SYSTEM_COLUMNS } from '../../src/schema/resource';
import { badRequest } from '../http/app-error';
import { comparable } from './form-rules';
import { pinyinColumnOf, pinyinColumns } from './pinyin';

type Stored = Readonly<Record<string, unknown>>;

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

/**
 * What `detail/{id}` answers besides the writable columns: the system columns, the pinyin shadow
 * columns and, on a line, the link to its document. An update may send them back: a value equal to
 * the stored one is dropped, a different one is refused, naming the field (`where` prefixes the
 * field of a line: `children.pu_notice_line[0].`). id and version are the update's own keys.
 */
export function withoutStoredValues(def: ResourceDefinition, body: Stored, stored: Stored, where = ''): Record<string, unknown> {
  const out: Record<string, unknown> = { ...body };
  const derived = [...SYSTEM_COLUMNS.filter((c) => c !== 'id' && c !== 'version'), ...pinyinColumns(def).map((c) => camel(pinyinColumnOf(c)))];
  for (const name of derived) {
    if (!Object.prototype.hasOwnProperty.call(out, name)) continue;
    if (comparable(out[name]) !== comparable(stored[name])) throw badRequest(`${name} 由系统维护，不允许修改`, { field: `${where}${name}` });
    delete out[name];
  }
  if (def.kind === 'LINE' && def.parentKey && Object.prototype.hasOwnProperty.call(out, def.parentKey)) {
    const explain = def.columns.find((c) => c.fieldName === def.parentKey)?.fieldExplain ?? def.parentKey;
    if (comparable(out[def.parentKey]) !== comparable(stored[def.parentKey])) {
      throw badRequest(`${explain}不允许修改：明细不能移到另一张单据`, { field: `${where}${def.parentKey}` });
    }
    delete out[def.parentKey];
  }
  return out;
}

/**
 * The same for the lines sent in `children`: a line with an id is compared with the stored line of
 * this document (a line of another document keeps its id and is refused by the save); a new line
 * may name this document as its parent, and no other.
 */
export function withoutStoredLineValues(
  lines: readonly ResourceDefinition[], children: unknown, documentId: number, stored: ReadonlyMap<string, ReadonlyMap<number, Stored>>,
): unknown {
  if (!children || typeof children !== 'object' || Array.isArray(children)) return children;
  const out: Record<string, unknown> = {};
  for (const [table, rows] of Object.entries(children)) {
    const line = lines.find((l) => l.tableName === table);
    if (!line || !Array.isArray(rows)) {
      out[table] = rows; // refused by the line checks that follow
      continue;
    }
    out[table] = rows.map((raw: unknown, index) => {
      if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
      const row = raw as Record<string, unknown>;
      const mine = typeof row.id === 'number' ? stored.get(table)?.get(row.id) : undefined;
      const where = `children.${table}[${index}].`;
      if (mine) return withoutStoredValues(line, row, mine, where);
      if (row.id === undefined || row.id === null) {
        // a new line: its document is this one
        return withoutStoredValues(line, row, { [line.parentKey ?? '']: documentId }, where);
      }
      return row;
    });
  }
  return out;
}
