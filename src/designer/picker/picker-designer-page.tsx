import { Alert, Button, Form, Input, InputNumber, Radio, Result, Segmented, Select, Skeleton, Space, Switch, Table, Tag, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, useTr } from '../../runtime';
import type { ColumnNode, DesignDraft, DesignNode } from '../../schema/design-nodes';
import { OPERATOR_LABELS, OPERATOR_NAMES, type FieldDefinition, type ResourceMapping } from '../../schema/field-definition';
import { hasTable, hasTree, type ParamLink } from '../../schema/picker';
import { HTTP_METHODS, type FormatStyle } from '../../schema/template';
import { FORMAT_TYPE_LABELS, fetchDraft, fetchFormats } from '../format-api';
import { ConflictDialog, SaveStateTag } from '../list/conflict-dialog';
import { scopeOfEvent, undoKey, useDesignSession, useTyping, type DesignSession } from '../list/design-session';
import { UndoButtons } from '../list/list-designer-page';
import { MappingLines, type Connection } from './mapping-lines';
import '../list/list-designer.css';
import './picker-designer.css';

export const PICKER_STYLES: { value: FormatStyle; label: string }[] = [
  { value: 'FORMAT_RESOURCE_QUERY_DATALIST', label: '表格' },
  { value: 'FORMAT_RESOURCE_TREE', label: '树' },
  { value: 'FORMAT_RESOURCE_TREE_QUERY_DATALIST', label: '树 + 表格' },
];

const names = (list: string | null | undefined) => (list ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export function pickerColumns(draft: DesignDraft): ColumnNode[] {
  return draft.order.resSubList.map((id) => draft.nodes[id] as ColumnNode);
}

/** A field of a FORM template that opens this popup: the template, the field's node and its list's fields. */
export interface PickerUse { formId: number; formName: string; fieldName: string; fieldExplain: string; linkId: string | null }

/** The FORM templates' fields whose popup template (cgFormatResId) is `id`. */
async function findUses(request: ReturnType<typeof useRuntime>['request'], id: number): Promise<PickerUse[]> {
  // every FORM template, page by page (data sources add forms; the first page need not hold them all)
  const list: Awaited<ReturnType<typeof fetchFormats>>['list'] = [];
  for (let pn = 1; ; pn++) {
    const page = await fetchFormats(request, { formatType: 'FORM', pn, ps: 200 });
    list.push(...page.list);
    if (page.list.length === 0 || list.length >= page.total) break;
  }
  const out: PickerUse[] = [];
  // a few at a time: the forms' drafts are read once, when the screen opens
  const drafts: { row: (typeof list)[number]; draft: Awaited<ReturnType<typeof fetchDraft>>['draft'] }[] = [];
  for (let i = 0; i < list.length; i += 6) {
    drafts.push(...await Promise.all(list.slice(i, i + 6).map(async (row) => ({ row, draft: (await fetchDraft(request, row.id)).draft }))));
  }
  for (const { row, draft } of drafts) {
    const fields = [...(draft.formSubList ?? []), ...(draft.childSubLists ?? []).flatMap((c) => c.fields)];
    for (const f of fields) {
      if (f.cgFormatResId !== null && f.cgFormatResId !== undefined && String(f.cgFormatResId) === String(id)) {
        out.push({ formId: row.id, formName: row.formatName, fieldName: f.fieldName, fieldExplain: f.fieldExplain, linkId: f.id === null || f.id === undefined ? null : String(f.id) });
      }
    }
  }
  return out;
}

/**
 * 弹窗设计 (`/custom/format/form/factor?id=…`): a RESOURCE template's style (表格, 树, 树 + 表格),
 * its data and tree sources, value and shown fields, the search parameters of its columns, and —
 * for a form field that opens it — the parameter links (dashed) and the result mapping (solid) as
 * lines between the form's fields and the popup's fields. Every edit is an engine command; both the
 * popup's and the form's drafts save themselves.
 */
export function PickerDesignerPage({ id }: { id: number }) {
  const { request, hasPermission } = useRuntime();
  const tr = useTr();
  const canEdit = hasPermission('custom_format_edit');
  const session = useDesignSession(request, id, canEdit);
  const [uses, setUses] = useState<PickerUse[] | null>(null);
  const [use, setUse] = useState<PickerUse | null>(null);
  const typing = useTyping();
  const { state, record } = session;
  const draft = state?.draft;

  useEffect(() => {
    let on = true;
    findUses(request, id).then((u) => { if (on) { setUses(u); setUse((x) => x ?? u[0] ?? null); } }, () => { if (on) setUses([]); });
    return () => { on = false; };
  }, [id, request]);

  if (session.failed) return <Result status="error" title={tr('模板读取失败')} extra={<Button onClick={() => void session.reload()}>{tr('重试')}</Button>} />;
  if (!state || !record || !draft) return <Skeleton active />;
  const meta = draft.meta;
  const columns = pickerColumns(draft);
  const fieldOptions = columns.map((c) => ({ value: c.field.fieldName, label: `${c.field.fieldExplain}（${c.field.fieldName}）` }));
  const idOption = fieldOptions.some((o) => o.value === 'id') ? [] : [{ value: 'id', label: 'ID（id）' }];
  const setMeta = (key: string, value: unknown, typing?: string) => session.run({ type: 'set-property', id: null, key, value, typing }, 'canvas');
  const setColumn = (node: ColumnNode, key: string, value: unknown) => session.run({ type: 'set-property', id: node.id, key, value });

  const onKeyDown = (e: React.KeyboardEvent) => {
    const which = undoKey(e);
    const scope = which ? scopeOfEvent(e) : null;
    if (!which || !scope) return;
    e.preventDefault();
    if (which === 'undo') session.undo(scope); else session.redo(scope);
  };

  return (
    <div className="wb-list-designer wb-picker-designer" onKeyDown={onKeyDown}>
      <div className="wb-ld-head-bar">
        <Space wrap size={8}>
          <Typography.Text strong>{meta.formatName}</Typography.Text>
          <Typography.Text type="secondary">{meta.formatCode}</Typography.Text>
          <Tag>{tr(FORMAT_TYPE_LABELS[meta.formatType])}</Tag>
          <SaveStateTag save={session.save} reason={session.reason} />
        </Space>
        <Space wrap size={8}>
          <UndoButtons session={session} scope="canvas" label={tr('弹窗设置')} />
          <UndoButtons session={session} scope="properties" label={tr('查询参数')} />
        </Space>
      </div>
      {meta.formatType !== 'RESOURCE' && <Alert type="info" showIcon message={tr('这不是弹窗模板（RESOURCE）；弹窗设置对它无效')} />}
      {session.refusal && <Alert type="warning" showIcon className="wb-ld-alert" message={session.refusal.message} />}
      <div className="wb-pd-grid" data-undo-scope="canvas">
        <section className="wb-ld-section" aria-label={tr('弹窗样式')}>
          <div className="wb-ld-section-title">{tr('弹窗样式')}</div>
          <Radio.Group
            aria-label={tr('弹窗样式')} optionType="button" buttonStyle="solid" value={meta.formatStyle ?? 'FORMAT_RESOURCE_QUERY_DATALIST'}
            onChange={(e) => setMeta('formatStyle', e.target.value)} options={PICKER_STYLES.map((s) => ({ value: s.value, label: tr(s.label) }))}
          />
          <Form layout="vertical" size="small" className="wb-pd-form">
            <Space.Compact block>
              <Form.Item label={tr('数据请求')} style={{ width: 100 }}>
                <Select aria-label={tr('数据请求方法')} value={meta.resMethod ?? 'POST'} onChange={(v) => setMeta('resMethod', v)} options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} />
              </Form.Item>
              <Form.Item label={tr('数据地址')} style={{ flex: 1 }}>
                <Input aria-label={tr('数据地址')} value={meta.resUrl ?? ''} onFocus={typing.start} onChange={(e) => setMeta('resUrl', e.target.value || null, typing.id())} />
              </Form.Item>
            </Space.Compact>
            {hasTree(meta.formatStyle) && (
              <Space.Compact block>
                <Form.Item label={tr('树数据请求')} style={{ width: 100 }}>
                  <Select aria-label={tr('树数据请求方法')} value={meta.treeResMethod ?? 'GET'} onChange={(v) => setMeta('treeResMethod', v)} options={HTTP_METHODS.map((m) => ({ value: m, label: m }))} />
                </Form.Item>
                <Form.Item label={tr('树数据地址')} style={{ flex: 1 }}>
                  <Input aria-label={tr('树数据地址')} value={meta.treeResUrl ?? ''} onFocus={typing.start} onChange={(e) => setMeta('treeResUrl', e.target.value || null, typing.id())} />
                </Form.Item>
              </Space.Compact>
            )}
            <Form.Item label={tr('值字段')} extra={tr('选中行返回的字段')}>
              <Select aria-label={tr('值字段')} mode="multiple" value={names(meta.valueResourceSubName)} onChange={(v: string[]) => setMeta('valueResourceSubName', v.join(',') || null)} options={[...idOption, ...fieldOptions]} />
            </Form.Item>
            <Form.Item label={hasTree(meta.formatStyle) ? tr('回显字段 / 树节点标签字段') : tr('回显字段')} extra={hasTree(meta.formatStyle) ? tr('树节点的标签由这些字段组成') : tr('选中后在输入框中显示的字段')}>
              <Select aria-label={tr('回显字段')} mode="multiple" value={names(meta.viewResourceSubName)} onChange={(v: string[]) => setMeta('viewResourceSubName', v.join(',') || null)} options={[...idOption, ...fieldOptions]} />
            </Form.Item>
            <Form.Item label={tr('每页条数')}>
              <InputNumber aria-label={tr('每页条数')} min={1} max={500} value={meta.ps ?? null} onChange={(v) => setMeta('ps', v ?? null)} />
            </Form.Item>
          </Form>
        </section>
        <section className="wb-ld-section" aria-label={tr('查询参数')} data-undo-scope="properties">
          <div className="wb-ld-section-title">{tr('查询参数')}<Typography.Text type="secondary">{tr('弹窗的查询条件与默认值')}</Typography.Text></div>
          <Table<ColumnNode>
            size="small" bordered rowKey="id" pagination={false} dataSource={columns} tableLayout="fixed"
            columns={[
              { key: 'label', title: tr('字段'), render: (_v, c) => c.field.fieldExplain, ellipsis: true },
              { key: 'q', title: tr('查询'), width: 56, render: (_v, c) => <Switch size="small" aria-label={`${tr('查询')}：${c.field.fieldExplain}`} checked={Boolean(c.field.iallowQuery)} onChange={(v) => setColumn(c, 'iallowQuery', v)} /> },
              { key: 'op', title: tr('运算'), width: 110, render: (_v, c) => <Select size="small" aria-label={`${tr('运算')}：${c.field.fieldExplain}`} allowClear value={c.field.op ?? undefined} onChange={(v) => setColumn(c, 'op', v ?? null)} options={OPERATOR_NAMES.map((o) => ({ value: o, label: tr(OPERATOR_LABELS[o]) }))} popupMatchSelectWidth={false} style={{ width: '100%' }} /> },
              { key: 'default', title: tr('默认值'), width: 110, render: (_v, c) => <Input size="small" aria-label={`${tr('默认值')}：${c.field.fieldExplain}`} value={typeof c.field.defaultValue === 'string' || typeof c.field.defaultValue === 'number' ? String(c.field.defaultValue) : ''} onFocus={typing.start} onChange={(e) => session.run({ type: 'set-property', id: c.id, key: 'defaultValue', value: e.target.value || null, typing: typing.id() })} /> },
              { key: 'hidden', title: tr('隐藏'), width: 56, render: (_v, c) => <Switch size="small" aria-label={`${tr('隐藏')}：${c.field.fieldExplain}`} checked={Boolean(c.field.ihidden)} onChange={(v) => setColumn(c, 'ihidden', v)} /> },
              // with a tree beside the table: the column a clicked node filters, by the node row's field named here
              ...(hasTree(meta.formatStyle) && hasTable(meta.formatStyle) ? [{
                key: 'tree', title: tr('树节点字段'), width: 110,
                render: (_v: unknown, c: ColumnNode) => <Input size="small" aria-label={`${tr('树节点字段')}：${c.field.fieldExplain}`} placeholder={tr('不过滤')} value={c.field.effectField ?? ''} onFocus={typing.start} onChange={(e) => session.run({ type: 'set-property', id: c.id, key: 'effectField', value: e.target.value.trim() || null, typing: typing.id() })} />,
              }] : []),
            ]}
          />
        </section>
      </div>
      <section className="wb-ld-section" aria-label={tr('参数关联与回填')}>
        <div className="wb-ld-section-title">
          {tr('参数关联与回填')}
          <Typography.Text type="secondary">{tr('选择连线类型，先点左侧表单字段，再点右侧弹窗字段；点击连线删除。实线为结果映射（选中行的字段回填表单），虚线为参数关联（按表单字段的值预先过滤弹窗）。')}</Typography.Text>
        </div>
        {uses === null ? <Skeleton active paragraph={{ rows: 2 }} /> : uses.length === 0 ? (
          <Typography.Paragraph type="secondary">{tr('还没有表单字段使用此弹窗（在表单字段的「弹窗模板」中选择它）')}</Typography.Paragraph>
        ) : (
          <>
            <Space wrap style={{ marginBottom: 8 }}>
              <span>{tr('使用此弹窗的字段')}</span>
              <Select<string>
                aria-label={tr('使用此弹窗的字段')} style={{ minWidth: 320 }} value={use ? `${use.formId}:${use.fieldName}` : undefined}
                onChange={(v) => setUse(uses.find((u) => `${u.formId}:${u.fieldName}` === v) ?? null)}
                options={uses.map((u) => ({ value: `${u.formId}:${u.fieldName}`, label: `${u.formName} · ${u.fieldExplain}` }))}
              />
            </Space>
            {use && <FieldMapping key={`${use.formId}:${use.fieldName}`} use={use} pickerFields={columns.map((c) => c.field)} canEdit={canEdit} />}
          </>
        )}
      </section>
      <ConflictDialog session={session} />
    </div>
  );
}

/** The form node of the field that opens the popup, and the fields its mappings may write (its own list's). */
function fieldOf(draft: DesignDraft, fieldName: string): { node: DesignNode & { field: FieldDefinition }; siblings: FieldDefinition[] } | null {
  for (const n of Object.values(draft.nodes)) {
    if ((n.kind === 'field' || n.kind === 'column') && n.field.fieldName === fieldName && n.field.cgFormatResId !== undefined && n.field.cgFormatResId !== null) {
      const siblings = n.kind === 'field'
        ? Object.values(draft.nodes).filter((x): x is Extract<DesignNode, { kind: 'field' }> => x.kind === 'field').map((x) => x.field)
        : (draft.order.children[n.parent] ?? []).map((id) => (draft.nodes[id] as ColumnNode).field);
      return { node: n, siblings };
    }
  }
  return null;
}

type ConnectionKind = Connection['kind'];

/** The result mapping and the parameter links of one form field, edited on the FORM template's draft (its own session and autosave). */
function FieldMapping({ use, pickerFields, canEdit }: { use: PickerUse; pickerFields: FieldDefinition[]; canEdit: boolean }) {
  const { request } = useRuntime();
  const tr = useTr();
  const session: DesignSession = useDesignSession(request, use.formId, canEdit);
  const [stored, setStored] = useState<ParamLink[]>([]);
  const [kind, setKind] = useState<ConnectionKind>('mapping');
  useEffect(() => {
    if (!use.linkId) return;
    let on = true;
    request<ParamLink[]>({ url: '/cg-format-form-sub-param/list/param', query: { resFormatSubId: use.linkId }, quiet: true })
      .then((l) => { if (on) setStored(Array.isArray(l) ? l : []); }, () => undefined);
    return () => { on = false; };
  }, [request, use.linkId]);
  const found = session.state ? fieldOf(session.state.draft, use.fieldName) : null;
  const mappings: ResourceMapping[] = useMemo(() => found?.node.field.resourceList ?? [], [found]);
  const links: ParamLink[] = found?.node.field.paramLinks ?? stored;
  if (!session.state) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!found) return <Alert type="warning" showIcon message={tr('表单中已找不到该字段')} />;
  const leftNames = new Set(found.siblings.map((f) => f.fieldName));
  const left = [...found.siblings.map((f) => ({ name: f.fieldName, label: f.fieldExplain })), ...[...mappings.map((m) => m.fieldSub1.fieldName), ...links.map((l) => l.fieldSub1.fieldName)].filter((n) => !leftNames.has(n)).map((n) => ({ name: n, label: n }))];
  const rightNames = new Set(pickerFields.map((f) => f.fieldName));
  const extra = ['id', ...mappings.map((m) => m.fieldSub2.fieldName), ...links.map((l) => l.fieldSub2.fieldName)].filter((n, i, a) => !rightNames.has(n) && a.indexOf(n) === i);
  const right = [...pickerFields.map((f) => ({ name: f.fieldName, label: f.fieldExplain })), ...extra.map((n) => ({ name: n, label: n === 'id' ? 'ID' : n }))];
  const connections: Connection[] = [
    ...mappings.map((m, i) => ({ key: `m${i}`, from: m.fieldSub1.fieldName, to: m.fieldSub2.fieldName, kind: 'mapping' as const, title: `${m.fieldSub2.fieldName} → ${m.fieldSub1.fieldName}` })),
    ...links.map((l, i) => ({ key: `l${i}`, from: l.fieldSub1.fieldName, to: l.fieldSub2.fieldName, kind: 'link' as const, title: `${l.fieldSub1.fieldName} 过滤 ${l.fieldSub2.fieldName}` })),
  ];
  const write = (next: ResourceMapping[]) => session.run({ type: 'set-property', id: found.node.id, key: 'resourceList', value: next.length ? next : null }, 'canvas');
  // the designed links live on the field (an empty list too: it means none); the first edit copies the stored ones there
  const writeLinks = (next: ParamLink[]) => session.run({ type: 'set-property', id: found.node.id, key: 'paramLinks', value: next }, 'canvas');
  const masterTable = (name: string) => found.siblings.find((f) => f.fieldName === name)?.customTable ?? null;
  const connect = (from: string, to: string) => {
    if (kind === 'link') {
      // one link per popup field: connecting it again moves the link to the new form field
      const link: ParamLink = { fieldSub1: { fieldName: from, masterTable: masterTable(from) }, fieldSub2: { fieldName: to } };
      writeLinks(links.some((l) => l.fieldSub2.fieldName === to) ? links.map((l) => (l.fieldSub2.fieldName === to ? link : l)) : [...links, link]);
      return;
    }
    if (mappings.some((m) => m.fieldSub1.fieldName === from)) { write(mappings.map((m) => (m.fieldSub1.fieldName === from ? { ...m, fieldSub2: { fieldName: to } } : m))); return; }
    write([...mappings, { fieldSub1: { fieldName: from }, fieldSub2: { fieldName: to } }]);
  };
  const remove = (key: string) => {
    if (key.startsWith('m')) write(mappings.filter((_m, i) => `m${i}` !== key));
    else writeLinks(links.filter((_l, i) => `l${i}` !== key));
  };
  return (
    <div
      className="wb-pd-mapping-box" data-undo-scope="canvas"
      onKeyDown={(e) => {
        const which = undoKey(e);
        if (!which || !scopeOfEvent(e)) return;
        // the form's own history: stop here so the popup's page does not undo too
        e.preventDefault();
        e.stopPropagation();
        if (which === 'undo') session.undo('canvas'); else session.redo('canvas');
      }}
    >
      <Space wrap style={{ marginBottom: 8 }}>
        <Typography.Text type="secondary">{tr('连线保存在表单模板「{name}」的草稿中', { name: use.formName })}</Typography.Text>
        <SaveStateTag save={session.save} reason={session.reason} />
        <UndoButtons session={session} scope="canvas" label={tr('连线')} />
      </Space>
      {session.refusal && <Alert type="warning" showIcon message={session.refusal.message} style={{ marginBottom: 8 }} />}
      <Space style={{ display: 'flex', marginBottom: 8 }}>
        <span>{tr('新连线')}</span>
        <Segmented<ConnectionKind>
          aria-label={tr('新连线')} value={kind} onChange={setKind} disabled={!canEdit}
          options={[{ value: 'mapping', label: tr('结果映射（实线）') }, { value: 'link', label: tr('参数关联（虚线）') }]}
        />
      </Space>
      <MappingLines
        left={left} right={right} connections={connections} leftTitle={tr('表单字段')} rightTitle={tr('弹窗字段')} disabled={!canEdit}
        onConnect={connect} onRemove={remove}
      />
      <ConflictDialog session={session} />
    </div>
  );
}
