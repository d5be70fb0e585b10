import { App as AntApp, Alert, Button, Modal, Skeleton, Space } from 'antd';
import { onFieldValueChange } from '@formily/core';
import { useEffect, useMemo, useRef, useState } from 'react';
import { subscribe } from 'valtio';
import { HEADERS_FROM_LINES, headerFromLines } from '../../schema/document-header';
import { recalculateMain, rowRecalculator } from '../../schema/form-calc';
import type { FieldDefinition } from '../../schema/field-definition';
import type { FormMode } from '../../schema/form-schema';
import { MasterChildForm, isUpdateMode } from '../../schema/master-child';
import type { Template } from '../../schema/template';
import type { PlateEntry } from '../../schema/field-input';
import { useRuntime, useTr } from '../runtime-context';
import { trMessage } from '../schema-messages';
import { PlatesContext } from '../controls';
import { CHILD_MESSAGES } from '../../schema/child-rows';
import { ChildTable, createChildStore, type ChildStore } from './child-table';
import type { WeighPick } from '../picker/weigh-picker';
import { PopupTemplatesScope } from '../picker/auto-complete-input';
import { DynamicForm, SUBMIT_DEBOUNCE_MS, keepFocus, useLeadingDebounce, useTemplateForm } from './dynamic-form';
import { templateRequest } from '../template-request';

/** What the list asks the dialog to do: a new record, an edit of one, or a new one copied from one. */
export type FormRequest = { mode: 'create' } | { mode: 'update'; rowId: number } | { mode: 'create1'; rowId: number };

export const UPDATE_CONFIRM = '确定更新此条数据?';
export const UPDATE_CANCELLED = '更新已取消';
export const NO_FORM_TEMPLATE = '该菜单尚未配置表单模板';
/** Master-child: saving ignores repeats for 600 ms; a new document gets an empty child row after 200 ms. */
export const SAVE_DEBOUNCE_MS = 600;
export const AUTO_ROW_DELAY_MS = 200;

interface ServerProblem { status?: number; message?: string; data?: { field?: string } | null }

/** A request the server answered with a refusal (4xx); 408, 409 (a request with the key still running) and 429 may be retried as they were. */
const answeredRefusal = (error: unknown): boolean => {
  const status = (error as ServerProblem | null)?.status;
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 408 && status !== 409 && status !== 429;
};

/** The plate dictionary (findAll), loaded once per page; a failure leaves plain upper-casing. */
let platesLoad: Promise<PlateEntry[]> | null = null;
function usePlates(): readonly PlateEntry[] {
  const { request } = useRuntime();
  const [plates, setPlates] = useState<readonly PlateEntry[]>([]);
  useEffect(() => {
    let live = true;
    platesLoad ??= request<PlateEntry[]>({ url: '/material/as-plate/findAll', quiet: true })
      .then((list) => (Array.isArray(list) ? list : []))
      .catch(() => { platesLoad = null; return []; });
    void platesLoad.then((list) => { if (live) setPlates(list); });
    return () => { live = false; };
  }, [request]);
  return plates;
}

const isUpdate = isUpdateMode;

function newKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random().toString(16).slice(2)}`;
}

/**
 * A record's form in a dialog (60% wide, body at most 70vh): the menu's FORM template in create,
 * update or copy mode. Saving sends only what the mode may change; a stale edit (409) keeps the
 * user's input and offers to load the current data.
 */
export function TemplateFormDialog({ menuId, base, request: ask, onClose, onSaved }: {
  menuId: number | string; base: string; request: FormRequest | null; onClose(): void; onSaved(): void;
}) {
  const { request } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const [template, setTemplate] = useState<Template | null>(null);
  const [row, setRow] = useState<Record<string, unknown> | null>(null);
  // the form loads once per request: nothing else (a new request function, a new onClose) may
  // reload it and rebuild the form over what the user has typed
  const latest = useRef({ request, message, onClose });
  latest.current = { request, message, onClose };
  useEffect(() => {
    if (!ask) return;
    const { request, message, onClose } = latest.current;
    let live = true;
    (async () => {
      const t = await request<Template>(templateRequest('FORM', menuId))
        .catch(() => null);
      if (!t) {
        message.warning(NO_FORM_TEMPLATE);
        onClose();
        return;
      }
      const r = ask.mode === 'create' ? {}
        : await request<Record<string, unknown>>({ url: `${base}/${ask.mode === 'update' ? 'detail' : 'copy'}/${ask.rowId}` });
      if (live) { setTemplate(t); setRow(r); }
    })().catch(() => { if (live) onClose(); });
    return () => { live = false; setTemplate(null); setRow(null); };
  }, [ask, base, menuId]);

  const title = template ? `${template.formatName.replace(/表单$/, '')} — ${tr(ask?.mode === 'update' ? '修改' : '新增')}` : tr('加载中…');
  return (
    <Modal
      open={!!ask} width={template?.formatStyle === 'FORMAT_EIGHT_COLUMN_FROM' || template?.childSubLists?.length ? '90%' : '60%'} title={title} onCancel={onClose} destroyOnHidden footer={null}
      styles={{ body: { maxHeight: '70vh', minHeight: 180, overflow: 'auto' } }}
    >
      {!ask || !template || !row ? <Skeleton active /> : (
        <RecordForm key={`${ask.mode}:${'rowId' in ask ? ask.rowId : 'new'}`} template={template} mode={ask.mode} row={row} base={base} onClose={onClose} onSaved={onSaved} />
      )}
    </Modal>
  );
}

/**
 * Calculated fields recalculated on every change (spec 001 §2, the settlement edit pages): a
 * child row's calculated cells when one of its cells changes, then the main form's totals over the
 * child rows and its own calculations; and the main form's when one of its fields changes.
 */
function useCalculations(form: import('@formily/core').Form, fields: readonly FieldDefinition[], mainTable: string | null | undefined,
  childLists: readonly { customTable: string; fields: FieldDefinition[] }[], stores: readonly ChildStore[]) {
  useEffect(() => {
    const mainCalc = fields.some((f) => f.calculate);
    const rowCalcs = childLists.map((c) => (c.fields.some((f) => f.calculate) ? rowRecalculator(c.fields) : null));
    if (!mainCalc && !rowCalcs.some(Boolean)) return;
    let busy = false;
    const updateMain = () => {
      if (!mainCalc || busy) return;
      busy = true;
      try {
        const children = Object.fromEntries(childLists.map((c, i) => [c.customTable, stores[i].rows]));
        const changes = recalculateMain(fields, mainTable, form.values as Record<string, unknown>, children);
        if (Object.keys(changes).length) form.setValues(changes);
      } finally { busy = false; }
    };
    /** Every row of a table (a few hundred rows take about a millisecond); only changed cells are written. */
    const recalcRows = (i: number) => {
      const recalc = rowCalcs[i];
      if (!recalc) return;
      for (const r of stores[i].rows) {
        const changes = recalc(r);
        for (const k in changes) r[k] = changes[k];
      }
    };
    stores.forEach((_, i) => recalcRows(i));
    updateMain();
    // a changed cell, an added, removed or moved row: notified once per tick (the writes made here notify once more, and change nothing)
    const stops = stores.map((store, i) => subscribe(store, () => { recalcRows(i); updateMain(); }));
    const id = `calc-${Math.random().toString(36).slice(2)}`;
    form.addEffects(id, () => { onFieldValueChange('*', () => updateMain()); });
    return () => { stops.forEach((stop) => stop()); form.removeEffects(id); };
  }, [form, fields, mainTable, childLists, stores]);
}

/**
 * A header that follows the lines (schema/document-header.ts: a notice's 物料 and 计划量), shown as
 * the lines change; the server sets the same values when it saves the document.
 */
function useHeaderFromLines(form: import('@formily/core').Form, fields: readonly FieldDefinition[], mainTable: string | null | undefined,
  childLists: readonly { customTable: string }[], stores: readonly ChildStore[]) {
  useEffect(() => {
    if (!mainTable || !HEADERS_FROM_LINES[mainTable]) return;
    const update = () => {
      const header = headerFromLines(mainTable, Object.fromEntries(childLists.map((c, i) => [c.customTable, stores[i].rows])));
      const changes = Object.entries(header ?? {}).filter(([name, value]) => fields.some((f) => f.fieldName === name) && (form.values[name] ?? null) !== value);
      if (changes.length) form.setValues(Object.fromEntries(changes));
    };
    update();
    const stops = stores.map((store) => subscribe(store, update));
    return () => stops.forEach((stop) => stop());
  }, [form, fields, mainTable, childLists, stores]);
}

export function RecordForm({ template, mode, row, base, onClose, onSaved, placement = 'dialog', weighStatus = null, dryRun }: {
  template: Template; mode: FormMode; row: Record<string, unknown>; base: string; onClose(): void; onSaved(): void;
  /**
   * Preview (模板设计 → 预览): 提交 sends the body here instead of saving it (the server's dry run);
   * a refusal is shown on its field as a save's would be, and the form stays open.
   */
  dryRun?(body: unknown): Promise<void>;
  /** A dialog has its buttons at the foot; an edit page has its bar (保存, 取消) at the top. */
  placement?: 'dialog' | 'page';
  /** PU or SA: which company of a new document the current organisation is (spec 001 §4). */
  weighStatus?: 'PU' | 'SA' | null;
}) {
  const { request, user } = useRuntime();
  const tr = useTr();
  const { message, modal } = AntApp.useApp();
  // the document without React (values read, lines, version, stale state, the body it submits); its
  // lines live in reactive stores, one per child table, so each cell re-renders alone
  const doc = useMemo(() => new MasterChildForm<ChildStore>(template, mode, row, createChildStore), [template, mode, row]);
  const fields = doc.fields;
  const childLists = doc.tables;
  const stores = useMemo(() => childLists.map((c) => doc.lines[c.customTable]), [doc, childLists]);
  const masterChild = doc.masterChild;
  const ctx = useMemo(() => ({ ...(user ?? {}), weighStatus, now: new Date() }), [user, weighStatus]);
  const handle = useTemplateForm(template, mode, ctx, doc.main);
  const [stale, setStale] = useState(false);
  const [saving, setSaving] = useState(false);
  const plates = usePlates();
  useEffect(() => {
    if (!masterChild || (mode !== 'create' && mode !== 'createRef')) return;
    // spec 001 §2: one empty child row about 200 ms after the data loads
    const timer = setTimeout(() => doc.addFirstLines(ctx), AUTO_ROW_DELAY_MS);
    return () => clearTimeout(timer);
  }, [masterChild, mode, doc, ctx]);
  useCalculations(handle.form, fields, template.customTable, childLists, stores);
  useHeaderFromLines(handle.form, fields, template.customTable, childLists, stores);
  // one key per attempt: a double click or a retry after a lost answer makes one record; a refusal the
  // server answered (400, 403, 422…) ends the attempt, so the corrected form is a new request with a new key
  const idempotencyKey = useRef<string | null>(null);

  const showProblem = (error: unknown) => {
    const e = error as ServerProblem;
    if (doc.failed(error)) {
      setStale(true);
      return;
    }
    const field = e.data?.field;
    if (field && handle.form.query(field).take()) {
      handle.form.setFieldState(field, (s) => { s.selfErrors = [e.message ?? '']; });
    }
    if (e.message) message.error(e.message);
  };

  const save = async (values: Record<string, unknown>) => {
    const save = doc.saveRequest(base, values);
    setSaving(true);
    if (dryRun) {
      try {
        await dryRun(save.body);
      } catch (error) {
        showProblem(error);
      } finally {
        setSaving(false);
      }
      return;
    }
    try {
      idempotencyKey.current ??= newKey();
      const answer = await request({ ...save, quiet: true, ...(isUpdate(mode) ? {} : { headers: { 'Idempotency-Key': idempotencyKey.current } }) });
      doc.saved(answer);
      message.success(tr(isUpdate(mode) ? '修改成功' : '新增成功'));
      onSaved();
      // a dialog closes itself; an edit page's host leaves the page on onSaved
      if (placement === 'dialog') onClose();
    } catch (error) {
      if (answeredRefusal(error)) idempotencyKey.current = null;
      showProblem(error);
    } finally {
      setSaving(false);
    }
  };

  /** The child tables' cells checked ('{label}不能为空！'); false when any is wrong. */
  const childrenValid = (): boolean => {
    const problems = doc.lineProblems();
    for (const p of problems) doc.lines[p.table].errors[`${p.rowKey}:${p.field}`] = p.message;
    const first = problems[0];
    if (first) message.error(tr('{table}第 {n} 行：{problem}', { table: first.label, n: first.index + 1, problem: trMessage(tr, first.message) }));
    return !first;
  };

  const submit = useLeadingDebounce(() => {
    // the main form and the child tables are both checked before anything is sent
    const childOk = childrenValid();
    void handle.form.submit(async (values: Record<string, unknown>) => {
      if (!childOk) return;
      const go = () => {
        if (!isUpdate(mode)) return void save(values);
        modal.confirm({
          title: tr('提示'), content: tr(UPDATE_CONFIRM), okText: tr('是'), cancelText: tr('否'), type: 'warning',
          onOk: () => save(values),
          onCancel: () => { message.info(tr(UPDATE_CANCELLED)); },
        });
      };
      if (doc.asksBeforeSavingWithoutLines) {
        modal.confirm({ title: tr('提示'), content: tr(CHILD_MESSAGES.emptyChildren), okText: tr('确定'), cancelText: tr('取消'), type: 'warning', onOk: go });
        return;
      }
      go();
    }).catch(() => undefined); // the fields show their own messages
  }, masterChild ? SAVE_DEBOUNCE_MS : SUBMIT_DEBOUNCE_MS);
  const reset = useLeadingDebounce(() => { void handle.form.reset('*', { validate: false }); }, SUBMIT_DEBOUNCE_MS);

  /** Loads the current record over the form (the user re-applies their change). */
  const reload = async () => {
    const fresh = await request<Record<string, unknown>>({ url: `${base}/detail/${String(row.id)}` });
    doc.load(fresh);
    handle.form.setValues(doc.main, 'overwrite');
    stores.forEach((store) => { store.errors = {}; });
    setStale(false);
  };

  const readOnly = mode === 'view';
  // lines that settle weigh records (weighId) pick them for the form's vendor (customer): 选择磅单
  const partnerField = fields.find((f) => f.fieldName === 'vendorName' || f.fieldName === 'customerName');
  const weighPickOf = (lineFields: readonly { fieldName: string }[]): WeighPick | undefined => (lineFields.some((f) => f.fieldName === 'weighId') && partnerField ? {
    url: `${base}/weighs`, partnerLabel: partnerField.fieldExplain,
    partner: () => (handle.form.values[partnerField.fieldName] as string | null | undefined) || null,
    settleId: mode === 'update' ? Number(row.id) : null,
  } : undefined);
  const buttonBar = (
    // pressing a button must not blur the field first: a message clearing on blur would move the button away before the click lands
    <Space className={placement === 'page' ? 'wb-edit-page-bar' : 'wb-form-footer'} onMouseDown={keepFocus}>
      {placement === 'page' ? (
        <>
          {!readOnly && <Button type="primary" loading={saving} onClick={submit}>{tr(mode === 'weigh' ? '称重保存' : '保存')}</Button>}
          <Button onClick={onClose}>{tr(mode === 'weigh' ? '取消称重' : readOnly ? '返回' : '取消')}</Button>
        </>
      ) : (
        <>
          <Button onClick={onClose}>{tr('取消')}</Button>
          <Button onClick={reset}>{tr('重置')}</Button>
          <Button type="primary" loading={saving} onClick={submit}>{tr('提交')}</Button>
        </>
      )}
    </Space>
  );
  return (
    <PopupTemplatesScope>
      {placement === 'page' && buttonBar}
      {stale && (
        <Alert
          type="warning" showIcon className="wb-form-stale" message={tr('数据已被他人修改，请刷新后重试')}
          description={tr('您填写的内容仍保留在下面；载入最新数据后请重新修改并提交。')}
          action={<Button size="small" onClick={() => void reload().catch(() => undefined)}>{tr('载入最新数据')}</Button>}
        />
      )}
      <PlatesContext.Provider value={plates}>
        <DynamicForm handle={handle} buttons={false} />
      </PlatesContext.Provider>
      {childLists.map((c, i) => (
        <ChildTable
          key={c.customTable} store={stores[i]} fields={c.fields} table={c.customTable} label={c.label} singleChild={template.singleChild} defaults={ctx}
          editable={mode !== 'view' && mode !== 'weigh'} buttons={mode !== 'safeUpdate'} weighPick={weighPickOf(c.fields)}
        />
      ))}
      {placement === 'dialog' && buttonBar}
    </PopupTemplatesScope>
  );
}
