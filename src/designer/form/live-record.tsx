import { Switch } from 'antd';
import { createContext, useContext, useEffect, useState } from 'react';
import { resourceBase, useRuntime, useTr, type Row } from '../../runtime';
import type { TemplateMeta } from '../../schema/design-nodes';

/** The record the canvas shows when 实时数据 is on (null: design values, no data call made). */
const LiveRecordContext = createContext<Row | null>(null);
export const LiveRecordProvider = LiveRecordContext.Provider;
export const useLiveRecord = (): Row | null => useContext(LiveRecordContext);

/**
 * 实时数据 on the form canvas: design mode calls no data API; switched on, the first record of the
 * template's data source (as the designer may read it) is read once and its values fill the fields.
 */
export function useLiveRecordSwitch(meta: Pick<TemplateMeta, 'resUrl' | 'resMethod'>): { record: Row | null; control: JSX.Element } {
  const { request } = useRuntime();
  const tr = useTr();
  const [on, setOn] = useState(false);
  const [record, setRecord] = useState<Row | null>(null);
  const [empty, setEmpty] = useState(false);
  const { resUrl, resMethod } = meta;
  useEffect(() => {
    setRecord(null);
    setEmpty(false);
    if (!on || !resUrl) return;
    let live = true;
    (async () => {
      const page = await request<{ list: Row[] }>({ method: resMethod ?? 'POST', url: resUrl, list: true, quiet: true, body: { search: [], limit: { pn: 1, ps: 1 }, sort: [] } });
      const first = page.list?.[0];
      const row = first ? await request<Row>({ url: `${resourceBase(resUrl)}/detail/${String(first.id)}`, quiet: true }) : null;
      if (!live) return;
      setRecord(row);
      setEmpty(!row);
    })().catch(() => { if (live) setEmpty(true); });
    return () => { live = false; };
  }, [on, resUrl, resMethod, request]);
  const control = (
    <span className="wb-fd-live-data">
      <Switch size="small" checked={on} onChange={setOn} disabled={!resUrl} aria-label={tr('实时数据')} /> {tr('实时数据')}
      {on && empty && <span className="wb-fd-live-empty">{tr('（没有可显示的记录）')}</span>}
    </span>
  );
  return { record, control };
}
