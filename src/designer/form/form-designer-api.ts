import type { RuntimeServices } from '../../runtime';
import type { HistoryEntry } from '../../schema/design-history';
import type { ResourceColumn } from '../../schema/resource';
import type { Template } from '../../schema/template';
import { fetchTable, fetchTables } from '../datasource-api';
import type { PaletteTable } from './model';

/** The form designer's calls: the draft's history, the draft saved with its history, the data sources of the palette. */

type Request = RuntimeServices['request'];

/** The history log kept with the draft (undo and redo after a reload). */
export const fetchHistory = (request: Request, id: number) =>
  request<{ version: number; entries: HistoryEntry[] }>({ url: `/optimus_prime/cg-format/history/${id}` });

/**
 * Autosave: the draft with the history entries that lead to it from the stored draft (`null`: a
 * replacement, recorded by the server as one step). A stale revision answers 409, shown by the
 * designer's own dialog (quiet for the host).
 */
export const saveDesign = (request: Request, id: number, version: number, draft: Template, history: HistoryEntry[] | null) =>
  request<{ version: number; changed: boolean }>({
    method: 'PUT', url: `/optimus_prime/cg-format/draft/${id}`, quiet: true,
    body: history ? { version, draft, history } : { version, draft },
  });

/**
 * The palette's data sources: the template's table, then its line tables (those of the template's
 * child tables and any LINE table whose parent is the main table), each with its columns.
 */
export async function fetchPaletteTables(request: Request, template: Template): Promise<PaletteTable[]> {
  const main = template.customTable;
  if (!main) return [];
  const { list } = await fetchTables(request);
  const wanted = [main, ...(template.childSubLists ?? []).map((c) => c.customTable), ...list.filter((t) => t.kind === 'LINE' && t.parentTable === main).map((t) => t.tableName)];
  const rows = [...new Set(wanted)].map((name) => list.find((t) => t.tableName === name)).filter((t) => t !== undefined);
  const details = await Promise.all(rows.map((t) => fetchTable(request, t.id)));
  return details.map((d) => ({
    table: d.tableName, label: d.tableExplain, parentKey: d.parentKey,
    columns: d.tableSubList.filter((c): c is typeof c & Pick<ResourceColumn, 'fieldName'> => typeof c.fieldName === 'string'),
  }));
}
