import type { DeclaredColumnTypes, FieldDefinition } from '../../schema/field-definition';
import type { Template } from '../../schema/template';
import { attributeLists, templateAttributeProblem } from '../../schema/template-attributes';

/**
 * The template being configured on `/custom/format/form/sub`, without React: the draft as last
 * saved (with its version), the draft as edited, and the commands that change a field's
 * attributes. Edits change the draft only; publishing is the server's copy of a saved draft.
 */

/** The fields a dialog edits. */
export type AttributePatch = Partial<Pick<FieldDefinition, 'calculate' | 'defaultValue'>>;

/** A stored template as `GET /optimus_prime/cg-format/draft/{id}` answers it. */
export interface DraftRecord {
  id: number;
  formatCode: string;
  formatName: string;
  formatType: string;
  customTable: string | null;
  tableExplain: string | null;
  draft: Template;
  version: number;
  /** The stored draft differs from the published template. */
  changed: boolean;
  publishedAt: string | null;
  publishedBy: string | null;
  /** The column types the template's data sources declare (`isNumberColumn`): table → field → type. */
  columnTypes?: DeclaredColumnTypes;
}

export interface AttributeDraftState {
  record: DraftRecord;
  /** The draft with the edits not saved yet. */
  draft: Template;
}

export const startEditing = (record: DraftRecord): AttributeDraftState => ({ record, draft: record.draft });

const CHILD_PATH = /^childSubLists\[(\d+)\]\.fields$/;

/** The field `fieldName` of the list at `listPath` changed by `patch` (a new template; the others untouched). */
export function setFieldAttribute(template: Template, listPath: string, fieldName: string, patch: AttributePatch): Template {
  const change = (fields: FieldDefinition[] | undefined) => {
    if (!fields?.some((f) => f.fieldName === fieldName)) throw new Error(`${listPath} 没有字段 ${fieldName}`);
    return fields.map((f) => (f.fieldName === fieldName ? { ...f, ...patch } : f));
  };
  const child = CHILD_PATH.exec(listPath);
  if (child) {
    const index = Number(child[1]);
    const lists = template.childSubLists ?? [];
    if (!lists[index]) throw new Error(`模板没有 ${listPath}`);
    return { ...template, childSubLists: lists.map((c, i) => (i === index ? { ...c, fields: change(c.fields) } : c)) };
  }
  if (listPath !== 'formSubList' && listPath !== 'listSubList' && listPath !== 'resSubList') throw new Error(`模板没有 ${listPath}`);
  return { ...template, [listPath]: change(template[listPath]) };
}

/**
 * Applies an edit when the template still keeps the attribute rules (the same check the server
 * makes on 保存); otherwise answers the problem and leaves the state as it was.
 */
export function applyAttribute(state: AttributeDraftState, listPath: string, fieldName: string, patch: AttributePatch): { state: AttributeDraftState; problem: string | null } {
  const draft = setFieldAttribute(state.draft, listPath, fieldName, patch);
  const problem = templateAttributeProblem(draft);
  return problem ? { state, problem } : { state: { ...state, draft }, problem: null };
}

/** After 保存 of `sent`: the saved draft and its new version (edits made while saving stay unsaved). */
export const saved = (state: AttributeDraftState, sent: Template, result: { version: number; changed: boolean }): AttributeDraftState =>
  ({ record: { ...state.record, draft: sent, version: result.version, changed: result.changed }, draft: state.draft });

/**
 * The latest stored draft with this screen's unsaved edits applied again (after a 409): the
 * person's input stays on screen and can be saved over the latest version. Edits of fields the
 * latest draft no longer has are dropped.
 */
export function rebase(state: AttributeDraftState, latest: DraftRecord): AttributeDraftState {
  let draft = latest.draft;
  const edited = new Map(attributeLists(state.draft).flatMap((l) => l.fields.map((f): [string, { path: string; f: FieldDefinition }] => [`${l.path}:${f.fieldName}`, { path: l.path, f }])));
  for (const key of unsavedFields(state)) {
    const { path, f } = edited.get(key)!;
    try {
      draft = setFieldAttribute(draft, path, f.fieldName, { calculate: f.calculate ?? null, defaultValue: f.defaultValue ?? null });
    } catch {
      // the field is gone from the latest draft
    }
  }
  return { record: latest, draft };
}

/** After 发布: the stamps and the new version; the draft is what is published now. */
export const published = (state: AttributeDraftState, result: { version: number; publishedAt: string | null; publishedBy: string | null }): AttributeDraftState =>
  ({ ...state, record: { ...state.record, version: result.version, changed: false, publishedAt: result.publishedAt, publishedBy: result.publishedBy } });

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields whose dialog attributes differ from the saved draft, as `${listPath}:${fieldName}`. */
export function unsavedFields(state: AttributeDraftState): Set<string> {
  const out = new Set<string>();
  if (state.draft === state.record.draft) return out;
  const before = new Map(attributeLists(state.record.draft).flatMap((l) => l.fields.map((f): [string, FieldDefinition] => [`${l.path}:${f.fieldName}`, f])));
  for (const list of attributeLists(state.draft)) {
    for (const f of list.fields) {
      const key = `${list.path}:${f.fieldName}`;
      const old = before.get(key);
      if (!old || !same(old.calculate, f.calculate) || !same(old.defaultValue, f.defaultValue)) out.add(key);
    }
  }
  return out;
}

/** Whether there are edits not saved. */
export const isDirty = (state: AttributeDraftState): boolean => unsavedFields(state).size > 0;
