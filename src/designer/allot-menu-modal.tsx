import { SearchOutlined } from '@ant-design/icons';
import { App as AntApp, Empty, Form, Input, Modal, Spin, Tree, theme } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useRuntime } from '../runtime';
import { filterTree, toTreeData, type PickerTreeNode } from '../schema/picker';

/** A node of the menu tree (`/sys-menu/manage_list`: menus only; buttons ride on their menu). */
interface MenuNode { id: number; title: string; urlPath?: string | null; component?: string | null; children?: MenuNode[] }
/** The menu groups only, as tree nodes: a page (an entry with its own address) cannot hold the new entry (the server refuses it too). */
const menuGroups = (nodes: MenuNode[]): PickerTreeNode[] =>
  nodes.filter((n) => !n.urlPath && !n.component).map((n) => ({ key: String(n.id), title: n.title, row: { id: n.id }, children: menuGroups(n.children ?? []) }));

const keysOf = (nodes: readonly PickerTreeNode[]): string[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);
/** The titles from the top group down to `key` (已选：采购管理 / 采购业务), or null. */
function pathTo(nodes: readonly PickerTreeNode[], key: string): string[] | null {
  for (const n of nodes) {
    if (n.key === key) return [n.title];
    const inner = pathTo(n.children, key);
    if (inner) return [n.title, ...inner];
  }
  return null;
}

/** The tree's height (px): its place in the dialog is this tall from the start, loading or filtered. */
const TREE_PX = 260;

/**
 * 分配菜单 of a data source (a table's or a SQL source's): the group it goes under, picked in the menu
 * tree shown in the dialog (its groups expanded; a search narrows it to the groups whose title holds
 * the text); `allot` makes the entry (a failure is shown by the request layer and keeps the dialog open).
 */
export function AllotMenuModal({ name, allot, onClose }: { name: string; allot: (parentId: number) => Promise<{ urlPath: string }>; onClose: () => void }) {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const { token } = theme.useToken();
  const box = { height: TREE_PX, marginTop: 8, border: `1px solid ${token.colorBorderSecondary}`, borderRadius: token.borderRadius, padding: 4, overflow: 'hidden' } as const;
  const centred = { ...box, display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;
  const [tree, setTree] = useState<MenuNode[] | null>(null);
  const [parentId, setParentId] = useState<string>();
  const [text, setText] = useState('');
  // null: every group shown is expanded (after a search too); the user's own opening and closing after that
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  useEffect(() => { void request<MenuNode[]>({ url: '/sys-menu/manage_list' }).then(setTree).catch(() => undefined); }, [request]);
  const groups = useMemo(() => menuGroups(tree ?? []), [tree]);
  // the groups whose name holds the text, with the groups above them (a matching group keeps its own)
  const shown = useMemo(() => filterTree(groups, text), [groups, text]);
  const chosen = parentId === undefined ? null : pathTo(groups, parentId);
  return (
    <Modal
      open title={`分配菜单：${name}`} onCancel={onClose} okButtonProps={{ disabled: !parentId }}
      onOk={() => {
        void allot(Number(parentId)).then((made) => {
          message.success(`菜单已分配：${made.urlPath}（请在角色的分配权限中授权）`);
          onClose();
        }).catch(() => undefined);
      }}
    >
      <Form layout="vertical">
        <Form.Item label="上级菜单" required extra={chosen ? `已选：${chosen.join(' / ')}` : '请选择菜单组'}>
          <Input
            allowClear prefix={<SearchOutlined />} aria-label="搜索菜单组" placeholder="搜索菜单组" value={text}
            onChange={(e) => { setText(e.target.value); setExpanded(null); }}
          />
          {!tree ? (
            <div style={centred}><Spin /></div>
          ) : shown.length ? (
            <div style={box}>
              <Tree
                aria-label="上级菜单" treeData={toTreeData(shown)} blockNode height={TREE_PX - 10}
                expandedKeys={expanded ?? keysOf(shown)} onExpand={(keys) => setExpanded(keys)}
                selectedKeys={parentId === undefined ? [] : [parentId]} onSelect={(_, { node }) => setParentId(String(node.key))}
              />
            </div>
          ) : (
            <div style={centred}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有名称含此文字的菜单组" /></div>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
