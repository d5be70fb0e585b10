import dayjs from 'dayjs';
import { App as AntApp, Alert, Button, Descriptions, List, Modal, Result, Segmented, Skeleton, Space, Tag, Tooltip, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useRuntime, useTr } from '../../runtime';
import { parseTemplate } from '../../schema/parse-template';
import type { Template } from '../../schema/template';
import { diffTemplates, type DiffEntry } from '../../schema/template-diff';
import type { DraftRecord } from '../engine/attribute-draft';
import { currentTemplate, openDesigner, takeEntries, type DesignerState, type HistoryEntry } from '../engine/designer';
import { placeText, propertyText, widthText } from '../diff-text';
import { FORMAT_TYPE_LABELS, TEMPLATE_ATTRIBUTE_LABELS, fetchDraft } from '../format-api';
import { PreviewDialog } from '../preview/preview-dialog';
import { PublishDialog, type PublishResult } from '../preview/publish-dialog';
import { FormatFieldsPage } from '../format-fields-page';
import { PublishState } from '../format-list-page';
import { heldReason, publishRefusal, retryDelay, saveFailure } from '../save-failure';
import { FormDesigner } from './form-designer';
import { fetchHistory, fetchPaletteTables, saveDesign } from './form-designer-api';
import type { PaletteTable } from './model';
import { createDesignerStore, createStore, useStore, type DesignerStore, type Store } from './store';

/** Autosave runs this long after the last edit (the promise: within 2 s). */
export const AUTOSAVE_MS = 1200;

type SaveState = 'saved' | 'pending' | 'saving' | 'error' | 'stale';
const SAVE_LABELS: Record<SaveState, { text: string; color: string }> = {
  saved: { text: '已自动保存', color: 'green' }, pending: { text: '待保存', color: 'gold' }, saving: { text: '保存中…', color: 'blue' },
  error: { text: '保存失败', color: 'red' }, stale: { text: '草稿已在别处修改', color: 'red' },
};
const DIFF_LABELS: Record<DiffEntry['kind'], string> = { added: '新增', removed: '删除', moved: '移动', span: '宽度', property: '属性' };

/** One line of a diff in words. */
function diffLine(e: DiffEntry, tr: ReturnType<typeof useTr>): string {
  switch (e.kind) {
    case 'property': return `${e.label}：${propertyText(e, tr)} ${JSON.stringify(e.before ?? null)} → ${JSON.stringify(e.after ?? null)}`;
    case 'span': return `${e.label}：${widthText(e.from, e.units?.from, tr)} → ${widthText(e.to, e.units?.to, tr)}`;
    case 'moved': return `${e.label}：${placeText(e.from, tr)} → ${placeText(e.to, tr)}`;
    default: return e.label;
  }
}

/**
 * `/custom/format/form/sub?id=…`: a FORM or DETAIL template opens in the visual designer (设计), with
 * the attribute table (属性表, 模板属性配置) a click away; other template kinds keep the attribute table.
 */
export function FormatDesignPage({ id }: { id: number }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [kind, setKind] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  const [view, setView] = useState<'design' | 'table'>('design');
  const flush = useRef<(() => Promise<void>) | null>(null);

  useEffect(() => {
    let live = true;
    fetchDraft(request, id).then((r) => { if (live) setKind(r.formatType); }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [id, request]);

  if (failed) return <Result status="warning" title={tr('模板不存在或无法读取')} />;
  if (!kind) return <Skeleton active />;
  // a DETAIL template is laid out on the same grid as a form (the detail view reads its places)
  if (kind !== 'FORM' && kind !== 'DETAIL') return <FormatFieldsPage id={id} />;
  const switcher = (
    <Segmented
      className="wb-fd-views" value={view}
      options={[{ label: tr('可视化设计'), value: 'design' }, { label: tr('属性表'), value: 'table' }]}
      onChange={async (v) => { await flush.current?.(); setView(v as 'design' | 'table'); }}
    />
  );
  return view === 'table'
    ? <div className="wb-format-designer-table"><div style={{ marginBottom: 8 }}>{switcher}</div><FormatFieldsPage id={id} /></div>
    : <FormDesignerScreen id={id} switcher={switcher} flushRef={flush} />;
}

interface Loaded { record: DraftRecord; entries: HistoryEntry[]; store: DesignerStore }

/** The designer of one FORM template: loads the draft and its history, autosaves, resolves conflicts, publishes. */
/** Whether the draft is saved (自动保存 as it goes), on its own: it changes with the first edit after each save. */
function SaveTag({ state }: { state: Store<SaveState> }) {
  const tr = useTr();
  const s = useStore(state, (x) => x);
  return <Tag className="wb-fd-save" color={SAVE_LABELS[s].color}>{tr(SAVE_LABELS[s].text)}</Tag>;
}

export function FormDesignerScreen({ id, switcher, flushRef }: { id: number; switcher?: React.ReactNode; flushRef?: React.MutableRefObject<(() => Promise<void>) | null> }) {
  const { request, hasPermission } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const canEdit = hasPermission('custom_format_edit');
  const canPublish = hasPermission('custom_format_publish');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [tables, setTables] = useState<PaletteTable[]>([]);
  // a store, not state: the first edit after a save turns it to 待保存, and re-rendering this screen
  // (the head, the bar) for it would hold up the edit's own frame; the tag and the two flags below follow it
  const saveState = useMemo(() => createStore<SaveState>('saved'), []);
  const setSaveState = saveState.set;
  const stalled = useStore(saveState, (s) => s === 'stale');
  const saveFailed = useStore(saveState, (s) => s === 'error');
  const [record, setRecord] = useState<DraftRecord | null>(null);
  const [conflict, setConflict] = useState<{ latest: DraftRecord | null; diff: DiffEntry[] | null } | null>(null);
  const [reloads, setReloads] = useState(0);
  const [publishing, setPublishing] = useState(false);
  const [previewing, setPreviewing] = useState(false);
  const version = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const saving = useRef<Promise<void> | null>(null);
  const stale = useRef(false);
  // why the last save did not go through (shown; 发布 refused while it stands), and transient failures in a row
  const [reason, setReason] = useState<string | null>(null);
  const reasonRef = useRef<string | null>(null);
  const failures = useRef(0);
  const fail = useCallback((why: string | null) => { reasonRef.current = why; setReason(why); }, []);

  useEffect(() => {
    let live = true;
    setLoaded(null);
    (async () => {
      const [rec, history] = await Promise.all([fetchDraft(request, id), fetchHistory(request, id)]);
      let template: Template;
      try {
        template = parseTemplate(rec.draft);
      } catch (error) {
        if (live) setFailed((error as Error).message);
        return;
      }
      if (!live) return;
      version.current = rec.version;
      stale.current = false;
      failures.current = 0;
      fail(null);
      setRecord(rec);
      setSaveState('saved');
      setLoaded({ record: rec, entries: history.entries, store: createDesignerStore(openDesigner(template, history.entries, undefined, rec.columnTypes)) });
      const t = await fetchPaletteTables(request, template).catch(() => []);
      if (live) setTables(t);
    })().catch(() => { if (live) setFailed(tr('模板不存在或无法读取')); });
    return () => { live = false; };
  }, [id, request, reloads, tr, setSaveState, fail]);

  const store = loaded?.store ?? null;

  /**
   * Sends the draft with the history entries since the last save; a stale revision opens the conflict
   * dialog; a draft the server refuses (400) is said why and not sent again until the next edit; a
   * network or server failure is sent again, waiting longer each time (save-failure.ts).
   */
  const save = useCallback(async (): Promise<void> => {
    if (!store || stale.current) return;
    if (saving.current) { await saving.current; if (store.get().pending.length === 0) return; }
    if (store.get().pending.length === 0) return;
    // a rule problem on a node (made by another edit): the server would refuse it; held until it is fixed
    const held = heldReason(store.get());
    if (held) { fail(held); setSaveState('error'); return; }
    const { entries, state } = takeEntries(store.get());
    store.set(state);
    const sent = currentTemplate(state);
    setSaveState('saving');
    let retry = false;
    const run = (async () => {
      try {
        const result = await saveDesign(request, id, version.current, sent, entries);
        version.current = result.version;
        failures.current = 0;
        fail(null);
        setRecord((r) => (r ? { ...r, version: result.version, changed: result.changed } : r));
        setSaveState(store.get().pending.length ? 'pending' : 'saved');
        retry = store.get().pending.length > 0;
      } catch (error) {
        // the entries go back in front of any made meanwhile: nothing typed is lost
        store.set({ ...store.get(), pending: [...entries, ...store.get().pending] });
        const failure = saveFailure(error, state);
        if (failure.kind === 'stale') {
          stale.current = true;
          setSaveState('stale');
          setConflict({ latest: null, diff: null });
          return;
        }
        fail(failure.reason);
        setSaveState('error');
        if (failure.kind === 'transient') { failures.current += 1; retry = true; }
      }
    })();
    saving.current = run;
    await run;
    saving.current = null;
    if (retry && !stale.current) schedule(failures.current ? retryDelay(failures.current, AUTOSAVE_MS) : AUTOSAVE_MS);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store, request, id, fail]);

  const schedule = useCallback((delay = AUTOSAVE_MS) => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => { timer.current = null; void save(); }, delay);
  }, [save]);

  const flush = useCallback(async () => {
    if (timer.current) { clearTimeout(timer.current); timer.current = null; }
    await save();
  }, [save]);
  useEffect(() => {
    if (flushRef) flushRef.current = flush;
    return () => { if (flushRef) flushRef.current = null; };
  }, [flush, flushRef]);
  // leaving the screen saves what is pending
  useEffect(() => () => { if (timer.current) { clearTimeout(timer.current); void save(); } }, [save]);

  const onChange = useCallback((s: DesignerState) => {
    if (!canEdit || s.pending.length === 0) return;
    if (!stale.current && !reasonRef.current) setSaveState('pending');
    // an edit may be the fix: sent at the usual pace, not the backoff's
    failures.current = 0;
    schedule();
  }, [canEdit, schedule, setSaveState]);

  const showDiff = async () => {
    if (!store) return;
    try {
      const latest = await fetchDraft(request, id);
      setConflict({ latest, diff: diffTemplates(parseTemplate(latest.draft), currentTemplate(store.get())) });
    } catch {
      // the host has shown why
    }
  };
  const overwrite = async () => {
    if (!store || !conflict?.latest) return;
    const ours = currentTemplate(store.get());
    try {
      // no history: the server records the replacement as one undoable step over the other tab's draft
      await saveDesign(request, id, conflict.latest.version, ours, null);
      setConflict(null);
      message.success(tr('已覆盖'));
      setReloads((n) => n + 1);
    } catch (error) {
      const failure = saveFailure(error, store.get());
      if (failure.kind === 'stale') await showDiff();
      else message.error(`${tr('保存失败')}：${failure.reason}`);
    }
  };
  const reload = () => {
    setConflict(null);
    setReloads((n) => n + 1);
  };

  // 发布 saves what is pending, then goes through the impact analysis and the note (PublishDialog);
  // it publishes the stored draft, so not while the draft on screen is not stored
  const publish = async () => {
    if (!canPublish || !record || !store) return;
    await flush();
    if (stale.current) return;
    const refused = publishRefusal({ pending: store.get().pending.length, reason: reasonRef.current });
    if (refused) { message.error(refused); return; }
    setPublishing(true);
  };
  const onPublished = (result: PublishResult) => {
    setPublishing(false);
    version.current = result.version;
    setRecord((r) => (r ? { ...r, version: result.version, changed: false, publishedAt: result.publishedAt, publishedBy: result.publishedBy } : r));
    message.success(tr('发布成功：版本 {n}', { n: result.versionNo }));
  };
  const preview = async () => {
    await flush();
    setPreviewing(true);
  };

  const head = useMemo(() => record && (
    <Descriptions
      size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} className="wb-format-head"
      items={[
        { key: 'name', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatName), children: record.draft.formatName },
        { key: 'code', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatCode), children: record.formatCode },
        { key: 'type', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatType), children: <Tag>{tr(FORMAT_TYPE_LABELS[record.formatType as keyof typeof FORMAT_TYPE_LABELS] ?? record.formatType)}</Tag> },
        { key: 'table', label: tr(TEMPLATE_ATTRIBUTE_LABELS.customTable), children: record.customTable ? `${record.tableExplain ?? ''}（${record.customTable}）` : '—' },
        { key: 'state', label: tr('发布状态'), children: <Space><PublishState row={{ changed: record.changed, unpublished: !record.publishedAt }} /><SaveTag state={saveState} /></Space> },
        { key: 'published', label: tr('发布时间'), children: record.publishedAt ? `${dayjs(record.publishedAt).format('YYYY-MM-DD HH:mm:ss')}（${record.publishedBy ?? ''}）` : '—' },
      ]}
    />
  ), [record, saveState, tr]);

  if (failed) return <Result status="warning" title={failed} />;
  if (!loaded || !store || !record) return <Skeleton active />;
  return (
    <div className="wb-format-designer">
      {head}
      <Space className="wb-format-bar" wrap>
        {switcher}
        {canPublish && (
          <Tooltip title={record.changed ? '' : tr('草稿与已发布版本相同')}>
            <Button type="primary" disabled={stalled} onClick={() => void publish()}>{tr('发布')}</Button>
          </Tooltip>
        )}
        {canPublish && <Button onClick={() => void preview()}>{tr('预览')}</Button>}
        {saveFailed && <Button onClick={() => void flush()}>{tr('重试保存')}</Button>}
        <Typography.Text type="secondary">{canEdit ? tr('修改在停止编辑后自动保存为草稿；发布后使用此模板的页面才按新设计显示。') : tr('只读：没有编辑模板的权限（custom_format_edit）')}</Typography.Text>
      </Space>
      {saveFailed && reason && <Alert type="error" showIcon className="wb-fd-save-reason" style={{ marginBottom: 8 }} message={tr('保存失败：{reason}', { reason })} />}
      {stalled && !conflict && (
        <Alert type="warning" showIcon style={{ marginBottom: 8 }} message={tr('草稿已在别处修改，您的修改尚未保存')} action={<Button size="small" onClick={() => setConflict({ latest: null, diff: null })}>{tr('处理')}</Button>} />
      )}
      <FormDesigner key={reloads} store={store} tables={tables} onChange={onChange} />
      {publishing && (
        <PublishDialog
          formatId={id} formatName={record.draft.formatName} version={version.current} open onClose={() => setPublishing(false)}
          onPublished={onPublished} onStale={() => { setPublishing(false); stale.current = true; setSaveState('stale'); setConflict({ latest: null, diff: null }); }}
        />
      )}
      {previewing && <PreviewDialog formatId={id} formatName={record.draft.formatName} open onClose={() => setPreviewing(false)} />}
      <Modal
        open={!!conflict} title={tr('草稿已在别处修改')} closable={false} maskClosable={false} className="wb-fd-conflict"
        footer={[
          <Button key="reload" onClick={reload}>{tr('重新加载')}</Button>,
          conflict?.diff
            ? <Button key="overwrite" danger type="primary" onClick={() => void overwrite()}>{tr('覆盖')}</Button>
            : <Button key="diff" type="primary" onClick={() => void showDiff()}>{tr('查看差异后覆盖')}</Button>,
        ]}
      >
        <Typography.Paragraph>{tr('另一个窗口或另一个人已保存了此模板的草稿。重新加载会放弃您未保存的修改；覆盖会用您的设计替换对方的草稿（对方的修改可在历史中撤销回来）。')}</Typography.Paragraph>
        {conflict?.diff && (
          <List
            size="small" bordered className="wb-fd-conflict-diff" header={tr('覆盖将带来的变化（对方草稿 → 您的设计）')}
            dataSource={conflict.diff} locale={{ emptyText: tr('两者相同') }}
            rowKey={(e) => `${e.area}:${e.kind}:${e.key}:${e.kind === 'property' ? e.property : ''}`}
            renderItem={(e) => <List.Item><Tag>{tr(DIFF_LABELS[e.kind])}</Tag>{diffLine(e, tr)}</List.Item>}
            style={{ maxHeight: 320, overflow: 'auto' }}
          />
        )}
      </Modal>
    </div>
  );
}
