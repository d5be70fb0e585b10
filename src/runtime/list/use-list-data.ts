import { useCallback, useEffect, useRef, useState } from 'react';
import type { ListResponse, SearchCondition, SortEntry } from '../../schema/search';
import type { Template } from '../../schema/template';
import { useRuntime } from '../runtime-context';
import type { Row } from './list-columns';

export interface ListQuery { pn: number; ps: number; sort: SortEntry[]; quick: SearchCondition | null; advanced: SearchCondition[]; tree?: SearchCondition | null }

/** Loads a list template's rows for the current query; a failed load only stops the loading state. */
export function useListData(template: Template | null, advanced: SearchCondition[] = []) {
  const { request } = useRuntime();
  // `advanced`: the advanced query's starting conditions, so the first load is filtered as the panel shows
  const [query, setQuery] = useState<ListQuery>({ pn: 1, ps: template?.ps ?? 10, sort: [], quick: null, advanced });
  const [data, setData] = useState<ListResponse<Row>>({ list: [], total: 0, tongji: null });
  const [loading, setLoading] = useState(false);
  const seq = useRef(0);
  // a reload asked for by an older render (e.g. after a save) still reads the query on screen now
  const current = useRef(query);
  current.current = query;

  const load = useCallback(async () => {
    if (!template?.resUrl) return;
    const query = current.current;
    const mine = ++seq.current;
    setLoading(true);
    try {
      const search = [...(query.tree ? [query.tree] : []), ...(query.quick ? [query.quick] : []), ...query.advanced];
      const result = await request<ListResponse<Row>>({
        method: template.resMethod ?? 'POST', url: template.resUrl, list: true, quiet: true,
        body: { search, limit: { pn: query.pn, ps: query.ps }, sort: query.sort, tplId: template.id ?? null },
      });
      if (mine === seq.current) setData(result);
    } catch {
      // spec 000 §8: a failed list load only stops the loading state
    } finally {
      if (mine === seq.current) setLoading(false);
    }
  }, [request, template]);

  useEffect(() => { void load(); }, [load, query]);

  return { query, setQuery, data, loading, reload: load };
}
