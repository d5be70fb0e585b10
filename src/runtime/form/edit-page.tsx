import { Alert, Empty, Skeleton, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { editRefusal } from '../../schema/document-status';
import { FORM_MODES, type FormMode } from '../../schema/form-schema';
import type { Template } from '../../schema/template';
import { resourceBase } from '../list/list-actions';
import { notifyResourceSaved } from '../list/list-events';
import { useRuntime, useTr, type HeldAnswer } from '../runtime-context';
import { NO_FORM_TEMPLATE, RecordForm } from './form-dialog';
import { templateRequest } from '../template-request';

/** What an edit page's address asks for: the form mode (route query `type`) and the record (`id`). */
export interface FormPageRequest { mode: FormMode; rowId: number | null }

const MODES_WITH_RECORD = new Set<FormMode>(['create1', 'update', 'safeUpdate', 'weigh', 'view']);
/** The modes that change the stored record (修改). */
const EDIT_MODES = new Set<FormMode>(['update', 'safeUpdate']);
export const MODE_TITLES: Record<FormMode, string> = {
  create: '新增', create1: '复制新增', update: '修改', safeUpdate: '修改', weigh: '称重', createRef: '参照新增', view: '查看',
};

/**
 * Reads `…/edit?type=update&id=12` (spec 001 §2: the form mode comes from the route query `type`;
 * `…/viewEdit?id=12` is the read-only view). An unknown mode or a missing id is a problem to show.
 */
export function parseFormPageQuery(search: string, view: boolean): FormPageRequest | { problem: string } {
  const q = new URLSearchParams(search);
  const type = view ? 'view' : q.get('type') ?? 'create';
  if (!(FORM_MODES as readonly string[]).includes(type)) return { problem: `未知的表单模式 ${type}` };
  const mode = type as FormMode;
  const raw = q.get('id');
  const id = raw && /^\d{1,15}$/.test(raw) ? Number(raw) : null;
  if (MODES_WITH_RECORD.has(mode) && !id) return { problem: '缺少要打开的单据（id）' };
  return { mode, rowId: MODES_WITH_RECORD.has(mode) ? id : null };
}

/**
 * A document's edit page (spec 001 §2 screen 2, the settlement edit pages): the menu's FORM
 * template in the mode of the address, with its button bar (保存, 取消) above the main form and the
 * child tables. `onDone` is called after a save (saved) or a cancel; the lists of the resource reload.
 */
export function TemplateEditPage({ menuId, request: ask, weighStatus = null, onDone }: {
  menuId: number | string; request: FormPageRequest; weighStatus?: 'PU' | 'SA' | null; onDone(saved: boolean): void;
}) {
  const { request, answered } = useRuntime();
  const tr = useTr();
  // a new record's page with the template the shell asked for early, if it has come: drawn at once, without a skeleton first
  const held = useRef<HeldAnswer<Template> | undefined>(undefined);
  const [state, setState] = useState<{ template: Template; row: Record<string, unknown> } | { missing: string } | null>(() => {
    held.current = ask.rowId === null ? answered?.<Template>(templateRequest('FORM', menuId)) : undefined;
    return held.current ? { template: held.current.value, row: {} } : null;
  });
  const drawnWith = useRef(state ? `${menuId}|${ask.mode}` : null);
  useEffect(() => {
    // drawn with the host's answer: used up now that the page is on screen
    if (drawnWith.current === `${menuId}|${ask.mode}`) { drawnWith.current = null; held.current?.take(); held.current = undefined; return; }
    drawnWith.current = null;
    let live = true;
    setState(null);
    (async () => {
      const template = await request<Template>(templateRequest('FORM', menuId)).catch(() => null);
      if (!template) return { missing: NO_FORM_TEMPLATE };
      const base = resourceBase(template.resUrl ?? '');
      const row = ask.rowId === null ? {}
        : await request<Record<string, unknown>>({ url: `${base}/${ask.mode === 'create1' ? 'copy' : 'detail'}/${ask.rowId}` });
      return { template, row };
    })().then((s) => { if (live) setState(s); }, () => { if (live) setState({ missing: '单据不存在或已被删除' }); });
    return () => { live = false; };
  }, [menuId, ask.mode, ask.rowId, request]);

  if (!state) return <Skeleton active />;
  if ('missing' in state) return <Empty description={tr(state.missing)} />;
  const base = resourceBase(state.template.resUrl ?? '');
  // 修改 by the address of a document that may not be changed (audited, obsolete): said at once, as the
  // list's 修改 says it, and the document shown read-only (the server refuses the save all the same)
  const refusal = EDIT_MODES.has(ask.mode) ? editRefusal(state.row.status) : null;
  const mode: FormMode = refusal ? 'view' : ask.mode;
  return (
    <div className="wb-edit-page" data-mode={mode}>
      <Typography.Title level={5} className="wb-edit-page-title">
        {state.template.formatName.replace(/表单$/, '')} — {tr(MODE_TITLES[mode])}
      </Typography.Title>
      {refusal ? <Alert type="warning" showIcon message={tr(refusal)} style={{ marginBottom: 12 }} data-testid="edit-refusal" /> : null}
      <RecordForm
        key={`${mode}:${ask.rowId ?? 'new'}`} template={state.template} mode={mode} row={state.row} base={base} placement="page"
        weighStatus={weighStatus}
        onClose={() => onDone(false)}
        onSaved={() => { notifyResourceSaved(base); onDone(true); }}
      />
    </div>
  );
}
