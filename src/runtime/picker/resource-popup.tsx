import { SearchOutlined } from '@ant-design/icons';
import { App as AntApp, Button, Empty, Input, Modal, Skeleton, Table, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  PICKER_MESSAGES, filterTree, findTreeNode, hasTable, hasTree, mergePageSelections, popupWidth, toTreeData, treeNodes, type PickerTreeNode,
} from '../../schema/picker';
import { quickSearchCondition, type ListResponse, type SearchCondition } from '../../schema/search';
import type { Template } from '../../schema/template';
import { listColumns, type Row } from '../list/list-columns';
import { useRuntime, useTr } from '../runtime-context';

export const PICKER_PAGE_SIZE = 10;

const NO_CONDITIONS: readonly SearchCondition[] = [];

interface PopupProps {
  /** The popup template (cgFormatResId); the popup is open while this is set. */
  cgFormatResId: string | number | null;
  multiple: boolean;
  allowClear?: boolean;
  /** Conditions from the field's parameter links: the popup lists only matching rows. */
  prefilter?: readonly SearchCondition[];
  onConfirm(rows: Row[], template: Template): void;
  onClear?(): void;
  onClose(): void;
}

/**
 * The resource popup (spec 001 §2 screen 6, §4): loads its template, then shows a searchable paged
 * table, a filterable tree, or both. Single selection for RESOURCE_CONTROLS, several for the MORE
 * variants, kept per page and merged on confirm. A failed template call closes it silently.
 */
export function ResourcePopup({ cgFormatResId, multiple, allowClear = false, prefilter, onConfirm, onClear, onClose }: PopupProps) {
  const { request } = useRuntime();
  const [template, setTemplate] = useState<Template | null>(null);
  const open = cgFormatResId !== null;
  useEffect(() => {
    if (cgFormatResId === null) return;
    let live = true;
    request<Template>({ url: `/optimus_prime/optimusPrimePopup/${cgFormatResId}`, quiet: true })
      .then((t) => { if (live) setTemplate(t); })
      .catch(() => { if (live) onClose(); }); // spec 001 §8: closes silently
    return () => { live = false; setTemplate(null); };
  }, [cgFormatResId, request, onClose]);

  return (
    <Modal
      open={open} width={popupWidth(template?.formatStyle)} title={template?.formatName ?? PICKER_MESSAGES.loading}
      onCancel={onClose} destroyOnHidden footer={null} className="wb-resource-popup"
    >
      {!template ? <Skeleton active /> : (
        <PopupBody template={template} prefilter={prefilter} multiple={multiple} allowClear={allowClear} onConfirm={(rows) => onConfirm(rows, template)} onClear={onClear} onClose={onClose} />
      )}
    </Modal>
  );
}

/** The popup's content for a given template (the popup's body; the designer previews a RESOURCE draft with it). */
export function PopupBody({ template, prefilter = NO_CONDITIONS, multiple, allowClear, onConfirm, onClear, onClose }: {
  template: Template; prefilter?: readonly SearchCondition[]; multiple: boolean; allowClear: boolean; onConfirm(rows: Row[]): void; onClear?(): void; onClose(): void;
}) {
  const { request, desensitize } = useRuntime();
  const tr = useTr();
  const { message } = AntApp.useApp();
  const fields = useMemo(() => (template.resSubList?.length ? template.resSubList : template.listSubList ?? []).filter((f) => f.ishow !== false && !f.ihidden), [template]);
  const columns = useMemo(() => listColumns(fields, desensitize, { tr }).map((c) => ({ ...c, sorter: false })), [fields, desensitize, tr]);
  const quickFields = useMemo(() => {
    const marked = fields.filter((f) => f.iallowQuery);
    return (marked.length ? marked : fields.filter((f) => !f.fieldType || f.fieldType === 'TEXT' || f.fieldType === 'CHAR'))
      .map((f) => ({ fieldName: f.fieldName, id: f.id, customTable: f.customTable }));
  }, [fields]);
  // the field the tree filters the table by: the first one naming a tree-row field in effectField
  const treeFilter = fields.find((f) => f.effectField);
  const withTree = hasTree(template.formatStyle) && !!template.treeResUrl;
  const withTable = hasTable(template.formatStyle);

  const [text, setText] = useState('');
  const [quick, setQuick] = useState<SearchCondition | null>(null);
  const [treeKey, setTreeKey] = useState<SearchCondition | null>(null);
  const [pn, setPn] = useState(1);
  const [data, setData] = useState<ListResponse<Row>>({ list: [], total: 0, tongji: null });
  const [loading, setLoading] = useState(false);
  // a refused read says so in the table, never as an empty list
  const [refused, setRefused] = useState<string | null>(null);
  const [byPage, setByPage] = useState<Map<number, Row[]>>(new Map());
  const [nodes, setNodes] = useState<PickerTreeNode[]>([]);
  const [treeText, setTreeText] = useState('');
  const [treeChosen, setTreeChosen] = useState<Row[]>([]);
  const ps = template.ps ?? PICKER_PAGE_SIZE;

  useEffect(() => {
    if (!withTable || !template.resUrl) return;
    let live = true;
    setLoading(true);
    const search = [...prefilter, ...(quick ? [quick] : []), ...(treeKey ? [treeKey] : [])];
    request<ListResponse<Row>>({
      method: template.resMethod ?? 'POST', url: template.resUrl, list: true, quiet: true,
      body: { search, limit: { pn, ps }, sort: [], tplId: template.id ?? null },
    }).then((r) => { if (live) { setData(r); setRefused(null); } })
      .catch((e: unknown) => { if (live) setRefused(refusalOf(e, tr)); }) // otherwise a failed list only stops the loading state
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [withTable, template, prefilter, quick, treeKey, pn, ps, request, tr]);

  useEffect(() => {
    if (!withTree || !template.treeResUrl) return;
    let live = true;
    request<unknown>({ method: template.treeResMethod ?? 'GET', url: template.treeResUrl, quiet: true })
      .then((answer) => { if (live) setNodes(treeNodes(answer, template.viewResourceSubName)); })
      .catch(() => undefined);
    return () => { live = false; };
  }, [withTree, template, request]);

  const shownTree = useMemo(() => filterTree(nodes, treeText), [nodes, treeText]);
  const selected = withTable ? mergePageSelections(byPage) : treeChosen;

  const confirm = (rows: Row[]) => {
    if (rows.length === 0) return void message.warning(tr(PICKER_MESSAGES.noSelection));
    onConfirm(rows);
  };
  const search = () => { setQuick(quickSearchCondition(quickFields, text)); setPn(1); };

  const rowOfKey = (key: string) => findTreeNode(nodes, key)?.row as Row | undefined;

  const tree = withTree && (
    <div className="wb-popup-tree">
      <Input allowClear placeholder={PICKER_MESSAGES.treeFilter} value={treeText} onChange={(e) => setTreeText(e.target.value)} />
      {shownTree.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
        <Tree
          blockNode defaultExpandAll={!!treeText} key={treeText ? 'filtered' : 'all'} treeData={toTreeData(shownTree)}
          checkable={!withTable && multiple} selectable
          onSelect={(keys) => {
            const row = keys.length ? rowOfKey(String(keys[0])) : undefined;
            if (withTable) {
              setTreeKey(row && treeFilter ? { key: treeFilter.fieldName, op: 'eq', val: row[treeFilter.effectField ?? 'id'] as string, keyId: treeFilter.id ?? null } : null);
              setPn(1);
            } else if (!multiple) setTreeChosen(row ? [row] : []);
          }}
          onCheck={(checked) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            setTreeChosen(keys.map((k) => rowOfKey(String(k))).filter((r): r is Row => !!r));
          }}
          onDoubleClick={(_, node) => { const row = rowOfKey(String(node.key)); if (row && !withTable) confirm([row]); }}
        />
      )}
    </div>
  );

  const table = withTable && (
    <div className="wb-popup-table">
      <Input.Search
        allowClear value={text} onChange={(e) => setText(e.target.value)} onSearch={search} enterButton={<SearchOutlined />}
        placeholder={quickFields.length ? tr('请输入{fields}', { fields: fields.filter((f) => quickFields.some((q) => q.fieldName === f.fieldName)).map((f) => f.fieldExplain).join('/') }) : tr('请输入关键字')}
        aria-label="弹窗查询" style={{ marginBottom: 8 }}
      />
      {prefilter.length > 0 && (
        <div className="wb-popup-prefilter" role="note">
          {tr('已按关联条件过滤：{conditions}', { conditions: prefilter.map((c) => `${fields.find((f) => f.fieldName === c.key)?.fieldExplain ?? c.key} = ${String(c.val)}`).join(tr('，')) })}
        </div>
      )}
      <Table<Row>
        rowKey="id" size="small" bordered loading={loading} columns={columns} dataSource={refused ? [] : data.list} scroll={{ x: 'max-content', y: 360 }}
        locale={refused ? { emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={<span role="alert">{refused}</span>} /> } : undefined}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((r) => r.id),
          onChange: (_, rows) => setByPage((prev) => {
            const next = new Map(multiple ? prev : []);
            next.set(pn, rows);
            return next;
          }),
        }}
        onRow={(record) => ({
          // a click on the row picks it (toggles it when several may be picked)
          onClick: (e) => (e.target as HTMLElement).closest('.ant-table-selection-column') ? undefined : setByPage((prev) => {
            const next = new Map(multiple ? prev : []);
            const page = next.get(pn) ?? [];
            const has = page.some((r) => r.id === record.id);
            next.set(pn, multiple ? (has ? page.filter((r) => r.id !== record.id) : [...page, record]) : [record]);
            return next;
          }),
          onDoubleClick: () => confirm(multiple ? mergePageSelections(new Map([...byPage, [Number.MAX_SAFE_INTEGER, [record]]])) : [record]),
        })}
        pagination={{ current: pn, pageSize: ps, total: data.total, showSizeChanger: false, showTotal: (total) => tr('共 {n} 条', { n: total }), onChange: (page) => setPn(page) }}
      />
    </div>
  );

  return (
    <>
      <div className={withTree && withTable ? 'wb-popup-split' : undefined}>
        {tree}
        {table}
      </div>
      <div className="wb-form-footer">
        {allowClear && onClear && <Button onClick={onClear}>{tr('清空')}</Button>}
        <Button onClick={onClose}>{tr('取消')}</Button>
        <Button type="primary" onClick={() => confirm(selected)}>{tr('确定')}</Button>
      </div>
    </>
  );
}

/** The words of a refused read (403): the server's message and what it means for the pick; null for any other failure. */
export function refusalOf(error: unknown, tr: ReturnType<typeof useTr>): string | null {
  const e = error as { status?: number; message?: string } | null;
  return e?.status === 403 ? tr('没有读取这些资料的权限，无法选择（{msg}），请联系管理员授权', { msg: e.message ?? '' }) : null;
}
