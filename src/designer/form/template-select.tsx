import { Select, Typography } from 'antd';
import { createContext, useContext, useEffect, useMemo, useState } from 'react';
import { useTr, type RuntimeServices } from '../../runtime';
import type { FormatType } from '../../schema/template';
import { FORMAT_TYPE_LABELS, fetchDraft, fetchFormats, statusOf, type FormatRow } from '../format-api';

type Request = RuntimeServices['request'];

/** What a stored id names when it is not among the templates offered: another kind of template, or none. */
export type OtherTemplate = { formatType: string; formatName: string } | null;

/**
 * The stored templates a `TemplateSelect` offers, read once for the designer session: each kind's list
 * (every page) when a select of that kind first draws, and an id that is not in it when one is shown.
 * A failed read is not kept (the next select to draw asks again).
 */
export interface TemplateCatalog {
  list(formatType: FormatType): Promise<FormatRow[]>;
  /** The template with that id (its kind and name), or null when there is none. */
  lookup(id: number): Promise<OtherTemplate>;
}

/** The largest page the list endpoint answers. */
const PAGE = 200;

export function templateCatalog(request: Request): TemplateCatalog {
  const lists = new Map<FormatType, Promise<FormatRow[]>>();
  const lookups = new Map<number, Promise<OtherTemplate>>();
  const kept = <K, V>(cache: Map<K, Promise<V>>, key: K, read: () => Promise<V>): Promise<V> => {
    let found = cache.get(key);
    if (!found) {
      found = read();
      cache.set(key, found);
      found.catch(() => cache.delete(key));
    }
    return found;
  };
  return {
    list: (formatType) => kept(lists, formatType, async () => {
      const rows: FormatRow[] = [];
      for (let pn = 1; ; pn++) {
        const page = await fetchFormats(request, { formatType, pn, ps: PAGE });
        rows.push(...page.list);
        if (page.list.length < PAGE || rows.length >= page.total) return rows;
      }
    }),
    lookup: (id) => kept(lookups, id, async () => {
      try {
        const found = await fetchDraft(request, id, true);
        return { formatType: found.formatType, formatName: found.formatName };
      } catch (error) {
        if (statusOf(error) === 404) return null;
        throw error;
      }
    }),
  };
}

export const TemplateCatalogContext = createContext<TemplateCatalog | null>(null);

/** A stored id as a positive whole number, or null (an empty value, or text that names no template). */
const asId = (value: unknown): number | null => {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/**
 * The id of a stored template of one kind (弹窗模板: a RESOURCE template), chosen by its name or id
 * (`物料弹窗（#12）`); clearing it sets null. A stored value that is not a template of that kind (or
 * names none) is still shown, marked, with a warning under the box.
 */
export function TemplateSelect({ value, onChange, formatType, disabled, placeholder }: {
  value?: string | number | null; onChange?(v: string | number | null): void; formatType: FormatType; disabled?: boolean;
  /** Shown while there is no value (多个值 for a selection whose fields differ). */
  placeholder?: string;
}) {
  const tr = useTr();
  const catalog = useContext(TemplateCatalogContext);
  const [rows, setRows] = useState<FormatRow[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [other, setOther] = useState<{ id: number; found: OtherTemplate } | null>(null);
  const kind = tr(FORMAT_TYPE_LABELS[formatType]);

  useEffect(() => {
    let live = true;
    setFailed(false);
    catalog?.list(formatType).then((r) => { if (live) setRows(r); }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [catalog, formatType]);

  const empty = value === null || value === undefined || value === '';
  const id = asId(value);
  const known = id === null ? undefined : rows?.find((r) => r.id === id);
  // the value is not one of the offered templates: what it names instead
  const stray = !empty && rows !== null && !known;
  useEffect(() => {
    if (!stray || id === null || !catalog) return;
    let live = true;
    catalog.lookup(id).then((found) => { if (live) setOther({ id, found }); }, () => { if (live) setOther(null); });
    return () => { live = false; };
  }, [stray, id, catalog]);

  const checked = stray && (id === null || other?.id === id) ? (id === null ? null : other!.found) : undefined;
  const shownId = id ?? String(value);
  const options = useMemo(() => (rows ?? []).map((r) => ({ value: r.id, label: tr('{name}（#{id}）', { name: r.formatName, id: r.id }) })), [rows, tr]);
  let strayOption: { value: string | number; label: string } | null = null;
  let warning: string | null = null;
  if (!empty && !known) {
    const label = checked === undefined ? `#${shownId}`
      : checked === null ? tr('#{id}（不存在）', { id: shownId }) : tr('#{id}（不是{kind}模板）', { id: shownId, kind });
    strayOption = { value: value as string | number, label };
    if (checked === null) warning = tr('没有 id 为 {id} 的模板（可能已删除），请重新选择', { id: shownId });
    else if (checked) warning = tr('#{id} 是{type}模板「{name}」，不是{kind}模板，请重新选择', { id: shownId, type: tr(FORMAT_TYPE_LABELS[checked.formatType as FormatType] ?? checked.formatType), name: checked.formatName, kind });
  }

  return (
    <div className="wb-fd-template-select">
      <Select
        showSearch allowClear disabled={disabled} style={{ width: '100%' }} optionFilterProp="label"
        aria-label={tr('{kind}模板', { kind })} placeholder={placeholder ?? tr('选择{kind}模板（按名称或 id 搜索）', { kind })}
        loading={rows === null && !failed} status={warning ? 'warning' : undefined}
        notFoundContent={rows === null && !failed ? tr('加载中…') : undefined}
        value={empty ? undefined : known ? known.id : (value as string | number)}
        options={strayOption ? [strayOption, ...options] : options}
        onChange={(v: string | number | undefined) => onChange?.(v ?? null)}
      />
      {warning && <Typography.Text type="warning" role="alert" className="wb-fd-template-warning">{warning}</Typography.Text>}
      {failed && <Typography.Text type="danger" className="wb-fd-template-warning">{tr('{kind}模板列表读取失败', { kind })}</Typography.Text>}
    </div>
  );
}
