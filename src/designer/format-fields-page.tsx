import dayjs from 'dayjs';
import { Alert, App as AntApp, Button, Descriptions, Result, Skeleton, Space, Tabs, Tag, Tooltip } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { CalculationDialog, DateSpecDialog, TimePointDialog, TimeRangeDialog, useRuntime, useTr } from '../runtime';
import type { CalculationFieldOption } from '../schema/calculation-rows';
import type { FormatType } from '../schema/template';
import { attributeLists, calculationOptions, calculationProblem } from '../schema/template-attributes';
import { asDateSpec, timeRangeDefault, toTimeRangeDefault } from '../schema/time-dialogs';
import {
  applyAttribute, published, rebase, saved, startEditing, unsavedFields, type AttributeDraftState, type AttributePatch,
} from './engine/attribute-draft';
import { FieldAttributesTable, type AttributeTarget } from './field-attributes-table';
import { FORMAT_TYPE_LABELS, TEMPLATE_ATTRIBUTE_LABELS, fetchDraft, saveDraft, statusOf } from './format-api';
import { PublishState } from './format-list-page';
import { PreviewDialog } from './preview/preview-dialog';
import { PublishDialog, type PublishResult } from './preview/publish-dialog';

/** Refusals said before calling the server (which refuses them too). */
const NO_EDIT = '没有编辑模板的权限（custom_format_edit）';
const NO_PUBLISH = '没有发布模板的权限（custom_format_publish）';

/**
 * 模板属性配置 (`/custom/format/form/sub?id=…`): a template's name, type and data source, and a
 * table per field list (the main form, each child table, the list or popup columns) with the
 * attributes the dialogs of spec 001 §2 screens 5 and 9 edit. Edits change the draft; 保存 stores
 * it (custom_format_edit), 发布 makes the saved draft what the runtime reads (custom_format_publish).
 */
export function FormatFieldsPage({ id }: { id: number }) {
  const { request, hasPermission } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const canEdit = hasPermission('custom_format_edit');
  const canPublish = hasPermission('custom_format_publish');
  const [state, setState] = useState<AttributeDraftState | null>(null);
  const [failed, setFailed] = useState(false);
  const [stale, setStale] = useState(false);
  const [busy, setBusy] = useState(false);
  const [editing, setEditing] = useState<AttributeTarget | null>(null);
  const [tab, setTab] = useState<string | undefined>(undefined);
  const [publishing, setPublishing] = useState(false);
  const [previewing, setPreviewing] = useState(false);

  useEffect(() => {
    let live = true;
    setState(null);
    setFailed(false);
    fetchDraft(request, id).then((r) => { if (live) setState(startEditing(r)); }, () => { if (live) setFailed(true); });
    return () => { live = false; };
  }, [id, request]);

  const template = state?.draft;
  const lists = useMemo(() => (template ? attributeLists(template) : []), [template]);
  const allFields = useMemo<CalculationFieldOption[]>(() => lists.flatMap((l) => l.fields.map((f) => ({ fieldName: f.fieldName, fieldExplain: f.fieldExplain, customTable: f.customTable ?? l.table }))), [lists]);
  const unsaved = useMemo(() => (state ? unsavedFields(state) : new Set<string>()), [state]);
  const dirty = unsaved.size > 0;

  const apply = useCallback((target: AttributeTarget, patch: AttributePatch): boolean => {
    if (!state) return false;
    if (!canEdit) {
      message.error(tr(NO_EDIT));
      return false;
    }
    const result = applyAttribute(state, target.list.path, target.field.fieldName, patch);
    if (result.problem) {
      message.error(result.problem);
      return false;
    }
    setState(result.state);
    return true;
  }, [state, canEdit, message, tr]);
  const take = (patch: AttributePatch) => { if (editing && apply(editing, patch)) setEditing(null); };

  const save = async () => {
    if (!state) return;
    if (!canEdit) return void message.error(tr(NO_EDIT));
    const sent = state.draft;
    setBusy(true);
    try {
      const result = await saveDraft(request, id, state.record.version, sent);
      setState((s) => (s ? saved(s, sent, result) : s));
      setStale(false);
      message.success(tr('保存成功'));
    } catch (error) {
      if (statusOf(error) === 409) setStale(true);
    } finally {
      setBusy(false);
    }
  };
  const reloadLatest = async () => {
    try {
      const latest = await fetchDraft(request, id);
      setState((s) => (s ? rebase(s, latest) : startEditing(latest)));
      setStale(false);
    } catch {
      // the host has shown why
    }
  };
  // 发布 goes through the impact analysis, each breaking reference confirmed, and the note (PublishDialog)
  const publish = () => {
    if (!state) return;
    if (!canPublish) return void message.error(tr(NO_PUBLISH));
    if (dirty) return void message.warning(tr('请先保存再发布'));
    setPublishing(true);
  };
  const onPublished = (result: PublishResult) => {
    setPublishing(false);
    setState((s) => (s ? published(s, result) : s));
    message.success(tr('发布成功：版本 {n}', { n: result.versionNo }));
  };

  if (failed) return <Result status="warning" title={tr('模板不存在或无法读取')} />;
  if (!state || !template) return <Skeleton active />;
  const { record } = state;
  const listLabel = (path: string, label: string) => {
    const child = /^childSubLists\[(\d+)\]/.exec(path);
    return child ? tr('子表：{name}', { name: template.childSubLists![Number(child[1])].label }) : tr(label);
  };
  const options = editing?.kind === 'calculate' ? calculationOptions(template, editing.list, editing.field) : null;
  const field = editing?.field;

  return (
    <div className="wb-format-fields">
      <Descriptions
        size="small" bordered column={{ xs: 1, sm: 2, lg: 3 }} className="wb-format-head" style={{ marginBottom: 12 }}
        items={[
          { key: 'name', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatName), children: template.formatName },
          { key: 'code', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatCode), children: template.formatCode },
          { key: 'type', label: tr(TEMPLATE_ATTRIBUTE_LABELS.formatType), children: <Tag>{tr(FORMAT_TYPE_LABELS[template.formatType as FormatType] ?? template.formatType)}</Tag> },
          { key: 'table', label: tr(TEMPLATE_ATTRIBUTE_LABELS.customTable), children: template.customTable ? `${record.tableExplain ?? ''}（${template.customTable}）` : '—' },
          { key: 'state', label: tr('发布状态'), children: <Space><PublishState row={{ changed: record.changed, unpublished: !record.publishedAt }} />{dirty && <Tag color="red">{tr('有未保存的修改')}</Tag>}</Space> },
          { key: 'published', label: tr('发布时间'), children: record.publishedAt ? `${dayjs(record.publishedAt).format('YYYY-MM-DD HH:mm:ss')}（${record.publishedBy ?? ''}）` : '—' },
        ]}
      />
      <Space className="wb-format-bar" style={{ marginBottom: 12 }}>
        {canEdit && <Button type="primary" loading={busy} disabled={!dirty} onClick={() => void save()}>{tr('保存')}</Button>}
        {canPublish && (
          <Tooltip title={dirty ? tr('请先保存再发布') : record.changed ? '' : tr('草稿与已发布版本相同')}>
            <Button disabled={dirty || busy} onClick={publish}>{tr('发布')}</Button>
          </Tooltip>
        )}
        {canPublish && <Tooltip title={dirty ? tr('预览显示已保存的草稿') : ''}><Button onClick={() => setPreviewing(true)}>{tr('预览')}</Button></Tooltip>}
        <span style={{ color: '#888' }}>{tr('修改只改变草稿；发布后使用此模板的页面才按新配置显示。')}</span>
      </Space>
      {stale && (
        <Alert
          type="warning" showIcon className="wb-format-stale" style={{ marginBottom: 12 }}
          message={tr('模板已被他人修改，请载入最新草稿后重试')} description={tr('您的修改仍保留在页面上；载入最新草稿后会重新应用这些修改，确认后再保存。')}
          action={<Button size="small" onClick={() => void reloadLatest()}>{tr('载入最新草稿')}</Button>}
        />
      )}
      <Tabs
        activeKey={tab ?? lists[0]?.path} onChange={setTab}
        items={lists.map((list) => ({
          key: list.path, label: `${listLabel(list.path, list.label)} (${list.fields.length})`,
          children: (
            <FieldAttributesTable
              template={template} list={list} allFields={allFields} unsaved={unsaved} editable={canEdit}
              onOpen={setEditing} onClear={(target) => apply(target, { defaultValue: null })}
            />
          ),
        }))}
      />
      <CalculationDialog
        open={editing?.kind === 'calculate'} value={field?.calculate ?? null} fields={options?.fields ?? []} sumTables={options?.sumTables ?? []}
        check={(calc) => (editing ? calculationProblem(template, editing.list, editing.field, calc) : null)}
        onOk={(calculate) => take({ calculate })} onCancel={() => setEditing(null)}
      />
      <DateSpecDialog
        open={editing?.kind === 'dateSpec'} value={asDateSpec(field?.defaultValue)} withTime={field?.formSubmitType !== 'DATA_BOX'}
        onOk={(spec) => take({ defaultValue: spec })} onCancel={() => setEditing(null)}
      />
      <TimeRangeDialog
        open={editing?.kind === 'timeRange'} value={field ? timeRangeDefault(field) : null}
        onOk={(range) => take({ defaultValue: toTimeRangeDefault(range) })} onCancel={() => setEditing(null)}
      />
      <TimePointDialog
        open={editing?.kind === 'timePoint'} value={typeof field?.defaultValue === 'string' ? field.defaultValue : null}
        onOk={(time) => take({ defaultValue: time })} onCancel={() => setEditing(null)}
      />
      {publishing && (
        <PublishDialog
          formatId={id} formatName={template.formatName} version={record.version} open onClose={() => setPublishing(false)}
          onPublished={onPublished} onStale={() => { setPublishing(false); setStale(true); }}
        />
      )}
      {previewing && <PreviewDialog formatId={id} formatName={template.formatName} open onClose={() => setPreviewing(false)} />}
    </div>
  );
}
