import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListResponse, SearchCondition } from '../../schema/search';
import type { Template } from '../../schema/template';
import { useRuntime, type HeldAnswer } from '../runtime-context';
import type { Row } from './list-columns';
import { firstRows, listCall, openingQuery, type ListQuery } from './opening-call';

/** A row of a windowed page whose block has not come yet: its index in the page (the table draws it empty). */
const PENDING = '__pendingRow';
const PENDING_KEY = '__pendingKey';
export const isPendingRow = (row: Row): boolean => PENDING in row;
/** The page index of a pending row. */
export const pendingIndex = (row: Row): number => row[PENDING] as number;
/**
 * A table row's key: its id, a pending row's key of its own (made once with the row: the virtual list
 * looks every row's key up on each scroll, and a number turned into a string anew each time, as a
 * negative id would be, makes that walk several times slower), a SQL source's id-less row its values.
 */
export const rowKeyOf = (row: Row): React.Key => (row[PENDING_KEY] as string | undefined) ?? row.id ?? JSON.stringify(row);
// a negative id: no stored row has it
const pendingRow = (index: number): Row => ({ id: -(index + 1), [PENDING]: index, [PENDING_KEY]: `pending:${index}` });

/** What a windowed page has asked for: blocks loaded or on their way, for the query of one load. */
interface Window { seq: number; block: number; offset: number; rows: number; asked: Set<number> }

/**
 * The page a query's first answer makes (`first`: the answer to `firstRows`): the answer itself when the
 * page loads in one request, else the page's rows, those of its first block and pending ones after them,
 * and the window that loads the other blocks.
 */
function firstPage(template: Template, query: ListQuery, first: ListResponse<Row>, seq: number): { data: ListResponse<Row>; window: Window | null } {
  const block = firstRows(template, query).ps;
  if (block === query.ps) return { data: first, window: null };
  const offset = (query.pn - 1) * query.ps;
  const rows = Math.max(0, Math.min(query.ps, first.total - offset));
  const list = Array.from({ length: rows }, (_, i) => first.list[i] ?? pendingRow(i));
  return { data: { ...first, list }, window: { seq, block, offset, rows, asked: new Set([0]) } };
}

const NO_ROWS: ListResponse<Row> = { list: [], total: 0, tongji: null };

/**
 * Loads a list template's rows for the current query; a failed load only stops the loading state.
 * A page of more than BLOCK_ROWS rows (a long template page shown by the virtual table) loads its first
 * block, shows the page's other rows as pending ones, and loads each further block when `need` is
 * called with the index of one of its rows (a pending row in view calls it), so a page of tens of
 * thousands of rows shows as soon as its first rows come and sends only the rows scrolled to. When the
 * host already holds the answer to the opening call (the shell asked for it early), the list starts
 * with those rows: it draws once, with them, and does not ask again.
 */
export function useListData(template: Template | null, advanced: SearchCondition[] = []) {
  const { request, answered } = useRuntime();
  // `advanced`: the advanced query's starting conditions, so the first load is filtered as the panel shows
  const [query, setQuery] = useState<ListQuery>(() => openingQuery(template, advanced));
  const seq = useRef(0);
  const windowRef = useRef<Window | null>(null);
  // the opening rows, if the host holds them: `opened` then skips the first load
  const opened = useRef<ListQuery | null>(null);
  const held = useRef<HeldAnswer<ListResponse<Row>> | undefined>(undefined);
  const [data, setData] = useState<ListResponse<Row>>(() => {
    if (!template?.resUrl) return NO_ROWS;
    const rows0 = firstRows(template, query);
    const came = answered?.<ListResponse<Row>>(listCall(template, query, rows0.pn, rows0.ps));
    if (!came) return NO_ROWS;
    held.current = came;
    const page = firstPage(template, query, came.value, ++seq.current);
    windowRef.current = page.window;
    opened.current = query;
    return page.data;
  });
  // without the host's answer, the first load starts at once (the effect below): the list opens loading
  // rather than showing "no data" first, and the load's own `setLoading(true)` draws nothing again
  const [loading, setLoading] = useState(() => !!template?.resUrl && opened.current === null);
  // a reload asked for by an older render (e.g. after a save) still reads the query on screen now
  const current = useRef(query);
  current.current = query;

  const fetchRows = useCallback((query: ListQuery, pn: number, ps: number) => request<ListResponse<Row>>(listCall(template!, query, pn, ps)), [request, template]);

  const load = useCallback(async () => {
    if (!template?.resUrl) return;
    const query = current.current;
    const mine = ++seq.current;
    windowRef.current = null;
    setLoading(true);
    try {
      const rows0 = firstRows(template, query);
      const first = await fetchRows(query, rows0.pn, rows0.ps);
      if (mine !== seq.current) return;
      const page = firstPage(template, query, first, mine);
      windowRef.current = page.window;
      setData(page.data);
    } catch {
      // spec 000 §8: a failed list load only stops the loading state
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [template, fetchRows]);

  /** A windowed page's row `index` is in view: its block is asked for once (again only if it failed). */
  const need = useCallback((index: number) => {
    const w = windowRef.current;
    if (!w || w.seq !== seq.current || index < 0 || index >= w.rows) return;
    const k = Math.floor(index / w.block);
    if (w.asked.has(k)) return;
    w.asked.add(k);
    fetchRows(current.current, (w.offset / w.block) + k + 1, w.block).then((answer) => {
      if (w.seq !== seq.current) return;
      setData((d) => {
        const list = d.list.slice();
        const end = Math.min(w.rows, (k + 1) * w.block);
        for (let i = k * w.block, j = 0; i < end && j < answer.list.length; i++, j++) list[i] = answer.list[j];
        return { ...d, list };
      });
    }, () => { w.asked.delete(k); });
  }, [fetchRows]);

  useEffect(() => {
    // drawn with the host's answer: used up now that the list is on screen
    if (opened.current === query) { opened.current = null; held.current?.take(); held.current = undefined; return; }
    opened.current = null;
    void load();
  }, [load, query]);

  return { query, setQuery, data, loading, reload: load, need };
}
