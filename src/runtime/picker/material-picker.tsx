import { Button, Empty, Input, Modal, Table, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { PICKER_MESSAGES, filterTree, findTreeNode, toTreeData, treeNodes, type PickerTreeNode } from '../../schema/picker';
import type { ListResponse, SearchCondition } from '../../schema/search';
import type { Row } from '../list/list-columns';
import { useRuntime, useTr } from '../runtime-context';

/** The material picker's sizes and texts (spec 001 §9). */
export const MATERIAL_DIALOG = { width: 900, height: 600, treeWidth: 200, title: '选择物料', rightTitle: '存货档案', pageSizes: [10, 20, 40, 80, 100] } as const;
const CLASS_TREE = '/material/as-inventory-class/tree';
const INVENTORY = '/material/as-inventory/list';

/**
 * The material picker dialog (spec 001 §3, end): the inventory-class tree (up to 4 levels) on the
 * left, the inventory of the chosen class (and the classes under it) on the right with a pager;
 * 确 定 hands back the checked items. Both come from the real resources.
 */
export function MaterialPicker({ open, onConfirm, onClose }: { open: boolean; onConfirm(rows: Row[]): void; onClose(): void }) {
  const { request } = useRuntime();
  const tr = useTr();
  const [nodes, setNodes] = useState<PickerTreeNode[]>([]);
  const [filter, setFilter] = useState('');
  const [classCode, setClassCode] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [pn, setPn] = useState(1);
  const [ps, setPs] = useState(10);
  const [data, setData] = useState<ListResponse<Row>>({ list: [], total: 0, tongji: null });
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<Map<number, Row>>(new Map());

  useEffect(() => {
    if (!open) return;
    let live = true;
    request<unknown>({ url: CLASS_TREE, quiet: true }).then((answer) => { if (live) setNodes(treeNodes(answer, null)); }).catch(() => undefined);
    return () => { live = false; setChosen(new Map()); setClassCode(null); setText(''); setPn(1); };
  }, [open, request]);

  useEffect(() => {
    if (!open) return;
    let live = true;
    setLoading(true);
    const search: SearchCondition[] = [{ key: 'enabled', op: 'eq', val: 'true' }];
    if (classCode) search.push({ key: 'invcId', op: 'like', val: classCode });
    if (text.trim()) search.push({ conj: 'or', list: ['invCode', 'invName', 'model'].map((key) => ({ key, op: 'like' as const, val: text.trim() })) } as SearchCondition);
    request<ListResponse<Row>>({ method: 'POST', url: INVENTORY, list: true, quiet: true, body: { search, limit: { pn, ps }, sort: [{ key: 'invCode', dir: 'asc' }] } })
      .then((r) => { if (live) setData(r); })
      .catch(() => undefined)
      .finally(() => { if (live) setLoading(false); });
    return () => { live = false; };
  }, [open, classCode, text, pn, ps, request]);

  const shown = useMemo(() => filterTree(nodes, filter), [nodes, filter]);
  return (
    <Modal
      open={open} title={tr(MATERIAL_DIALOG.title)} width={MATERIAL_DIALOG.width} onCancel={onClose} destroyOnHidden className="wb-material-picker"
      styles={{ body: { height: MATERIAL_DIALOG.height - 44 - 56, overflow: 'hidden' } }}
      footer={[
        <Button key="cancel" onClick={onClose}>{tr('取消')}</Button>,
        <Button key="ok" type="primary" onClick={() => onConfirm([...chosen.values()])}>{tr('确定')}</Button>,
      ]}
    >
      <div className="wb-material-body">
        <aside className="wb-material-tree" style={{ width: MATERIAL_DIALOG.treeWidth }}>
          <Input allowClear size="small" placeholder={PICKER_MESSAGES.treeFilter} value={filter} onChange={(e) => setFilter(e.target.value)} />
          {shown.length === 0 ? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} /> : (
            <Tree
              blockNode key={filter ? `f:${filter}` : 'all'} defaultExpandAll={!!filter} treeData={toTreeData(shown)}
              onSelect={(keys) => {
                const node = keys.length ? findTreeNode(nodes, String(keys[0])) : undefined;
                setClassCode(node ? String(node.row.invclCode ?? '') || null : null);
                setPn(1);
              }}
            />
          )}
        </aside>
        <section className="wb-material-table">
          <div className="wb-material-head">
            <strong>{tr(MATERIAL_DIALOG.rightTitle)}</strong>
            <Input.Search allowClear size="small" placeholder={tr('编码/名称/规格')} style={{ width: 220 }} onSearch={(v) => { setText(v); setPn(1); }} aria-label="物料查询" />
          </div>
          <Table<Row>
            rowKey="id" size="small" bordered loading={loading} dataSource={data.list} scroll={{ y: 360 }}
            columns={[
              { key: 'invCode', dataIndex: 'invCode', title: tr('存货编码'), width: 130 },
              { key: 'invName', dataIndex: 'invName', title: tr('存货名称') },
              { key: 'model', dataIndex: 'model', title: tr('规格型号') },
              { key: 'invcName', dataIndex: 'invcName', title: tr('存货分类') },
              { key: 'measureUnit', dataIndex: 'measureUnit', title: tr('单位'), width: 60 },
            ]}
            rowSelection={{
              selectedRowKeys: [...chosen.keys()],
              preserveSelectedRowKeys: true,
              onChange: (_keys, rows) => setChosen((prev) => {
                // rows of other pages stay chosen; this page's choice replaces its own rows
                const next = new Map([...prev].filter(([id]) => !data.list.some((r) => r.id === id)));
                for (const r of rows) if (r) next.set(r.id, r);
                return next;
              }),
            }}
            onRow={(record) => ({ onDoubleClick: () => onConfirm([record]) })}
            pagination={{
              current: pn, pageSize: ps, total: data.total, showSizeChanger: true, pageSizeOptions: [...MATERIAL_DIALOG.pageSizes],
              showTotal: (total) => tr('共 {n} 条', { n: total }), onChange: (page, size) => { setPn(size !== ps ? 1 : page); setPs(size); },
            }}
          />
        </section>
      </div>
    </Modal>
  );
}
