import { PreviewText } from '@formily/antd-v5';
import { connect, mapReadPretty, useForm } from '@formily/react';
import { AutoComplete } from 'antd';
import { createContext, useContext, useEffect, useMemo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { pickedValues, shownName, type PickerProps } from '../../schema/picker';
import { quickSearchCondition, type ListResponse } from '../../schema/search';
import type { Template } from '../../schema/template';
import type { Row } from '../list/list-columns';
import { useRuntime, useTr } from '../runtime-context';
import { refusalOf } from './resource-popup';

/** Typing waits this long before asking (spec 001 §9); a hit shows up to three of the template's fields. */
export const AUTOCOMPLETE_DEBOUNCE_MS = 500;
export const AUTOCOMPLETE_PAGE_SIZE = 10;
export const AUTOCOMPLETE_SHOWN_FIELDS = 3;

/** Popup templates by id, as the auto-completes of one opened document have read them. */
type Templates = Map<string, Promise<Template | null>>;
const PopupTemplates = createContext<Templates | undefined>(undefined);

/**
 * The scope of one opened document (its form and its lines): the auto-completes inside read each popup
 * template once, however many fields and lines complete from it, and a document opened again reads
 * them again, so a template published since shows there. A box outside such a scope keeps its own.
 */
export function PopupTemplatesScope({ children }: { children: ReactNode }) {
  const [templates] = useState<Templates>(() => new Map());
  return <PopupTemplates.Provider value={templates}>{children}</PopupTemplates.Provider>;
}

interface AutoCompleteProps {
  value?: string | null; onChange?(value: string): void; picker: Pick<PickerProps, 'fieldName' | 'cgFormatResId' | 'resourceList'>;
  disabled?: boolean; readOnly?: boolean; placeholder?: string; 'data-field'?: string;
}

/**
 * AUTO_COMPLETE / SEARCH_AUTOMATIC: free text with suggestions from the field's popup template.
 * The typed text searches the template's quick-search fields (or replaces `{search}` in its URL);
 * choosing a hit hands `onPick` what it writes through the field's resourceList, like a pick: the
 * form's field sets them in the form, a child table's cell in its row. Nothing is asked of the
 * server before the box takes the focus (its template) or is typed in (the hits).
 */
export function AutoCompleteBox({ value, onChange, onPick, picker, disabled, readOnly, placeholder, ...rest }: AutoCompleteProps & {
  /** A hit chosen: the values its pick writes (the field's own and those its resourceList maps). */
  onPick(values: Record<string, unknown>): void;
  status?: 'error'; onBlur?(): void; style?: CSSProperties; 'data-cell'?: string;
}) {
  const { request } = useRuntime();
  const [template, setTemplate] = useState<Template | null>(null);
  const [hits, setHits] = useState<Row[]>([]);
  const [refused, setRefused] = useState<string | null>(null);
  const tr = useTr();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const seq = useRef(0);
  useEffect(() => () => clearTimeout(timer.current), []);
  const scoped = useContext(PopupTemplates);
  const own = useRef<Templates>();

  const loadTemplate = async () => {
    if (template || picker.cgFormatResId === null) return template;
    const key = String(picker.cgFormatResId);
    const templates: Templates = scoped ?? (own.current ??= new Map());
    if (!templates.has(key)) {
      templates.set(key, request<Template>({ url: `/optimus_prime/optimusPrimePopup/${key}`, quiet: true }).catch(() => { templates.delete(key); return null; }));
    }
    const t = await templates.get(key)!;
    setTemplate(t);
    return t;
  };

  const search = (text: string) => {
    clearTimeout(timer.current);
    if (!text.trim()) { setHits([]); return; }
    timer.current = setTimeout(() => {
      const mine = ++seq.current;
      void (async () => {
        const t = await loadTemplate();
        if (!t?.resUrl) return;
        const fields = (t.resSubList ?? []).filter((f) => f.ishow !== false && !f.ihidden);
        const quickFields = (fields.some((f) => f.iallowQuery) ? fields.filter((f) => f.iallowQuery) : fields).map((f) => ({ fieldName: f.fieldName, id: f.id, customTable: f.customTable }));
        const method = t.resMethod ?? 'POST';
        const withText = t.resUrl.includes('{search}');
        const url = withText ? t.resUrl.replace('{search}', encodeURIComponent(text.trim())) : t.resUrl;
        const quick = withText ? null : quickSearchCondition(quickFields, text);
        const answer = await request<ListResponse<Row> | Row[]>({
          method, url, list: true, quiet: true,
          body: method === 'GET' ? undefined : { limit: { ps: AUTOCOMPLETE_PAGE_SIZE, pn: 1 }, sort: [{ key: 'createdAt', dir: 'desc' }], search: quick ? [quick] : [], tplId: t.id ?? null },
        }).catch((e: unknown) => {
          // a refused read says so among the suggestions; any other failure stays silent
          if (mine === seq.current) setRefused(refusalOf(e, tr));
          return null;
        });
        if (mine !== seq.current || !answer) return;
        setRefused(null);
        setHits(Array.isArray(answer) ? answer : answer.list);
      })();
    }, AUTOCOMPLETE_DEBOUNCE_MS);
  };

  const shown = useMemo(() => (template?.resSubList ?? []).filter((f) => f.ishow !== false && !f.ihidden).slice(0, AUTOCOMPLETE_SHOWN_FIELDS), [template]);
  // an option's value is what the field shows once it is chosen; its key is the row
  const ownMapping = picker.resourceList.find((m) => m.fieldSub1.fieldName === picker.fieldName)?.fieldSub2.fieldName ?? shownName(template ?? {}, picker.fieldName);
  const options = refused ? [{ key: 'refused', value: '', disabled: true, label: <span role="alert" className="wb-auto-refused">{refused}</span> }] : hits.map((row) => ({
    key: String(row.id),
    value: String(row[ownMapping] ?? ''),
    label: (
      <div className="wb-auto-hit">
        {shown.map((f) => <span key={f.fieldName} className="wb-auto-part">{row[f.fieldName] === null || row[f.fieldName] === undefined ? '' : String(row[f.fieldName])}</span>)}
      </div>
    ),
  }));

  return (
    <AutoComplete
      {...rest} value={value ?? ''} disabled={disabled || readOnly} placeholder={placeholder} options={options} style={{ width: '100%' }}
      onFocus={() => { void loadTemplate(); }}
      onSearch={search}
      onChange={(text) => onChange?.(text)}
      onSelect={(_text, option) => {
        const row = hits.find((h) => String(h.id) === option.key);
        if (row && template) onPick(pickedValues([row], picker, template));
      }}
    />
  );
}

/** The form's field: a chosen hit sets its values in the form. */
function AutoCompleteField(props: AutoCompleteProps) {
  const form = useForm();
  return <AutoCompleteBox {...props} onPick={(values) => form.setValues(values)} />;
}

export const AutoCompleteInput = connect(AutoCompleteField, mapReadPretty(PreviewText.Input));
