import { App as AntApp, Empty, Form, Input, Modal, Spin, Tree } from 'antd';
import { useEffect, useMemo, useState, type Key } from 'react';
import { useRuntime } from '../runtime';

/** A node of the menu tree (`/sys-menu/manage_list`: menus only; buttons ride on their menu). */
interface MenuNode { id: number; title: string; urlPath?: string | null; component?: string | null; children?: MenuNode[] }
interface MenuOption { key: number; title: string; children: MenuOption[] }
/** The menu groups only: a page (an entry with its own address) cannot hold the new entry (the server refuses it too). */
const menuOptions = (nodes: MenuNode[]): MenuOption[] =>
  nodes.filter((n) => !n.urlPath && !n.component).map((n) => ({ key: n.id, title: n.title, children: menuOptions(n.children ?? []) }));

/** The groups whose title holds `text` with every group above them (the tree keeps its shape); a matching group keeps all its own. */
function matchingGroups(nodes: MenuOption[], text: string): MenuOption[] {
  if (!text) return nodes;
  return nodes.flatMap((n) => {
    if (n.title.includes(text)) return [n];
    const inner = matchingGroups(n.children, text);
    return inner.length ? [{ ...n, children: inner }] : [];
  });
}
const keysOf = (nodes: MenuOption[]): number[] => nodes.flatMap((n) => [n.key, ...keysOf(n.children)]);
/** The titles from the top group down to `key` (已选：采购管理 / 采购业务), or null. */
function pathTo(nodes: MenuOption[], key: number): string[] | null {
  for (const n of nodes) {
    if (n.key === key) return [n.title];
    const inner = pathTo(n.children, key);
    if (inner) return [n.title, ...inner];
  }
  return null;
}

/** The tree's height (px): its place in the dialog is this tall from the start, loading or filtered. */
const TREE_PX = 260;
const TREE_BOX = { height: TREE_PX, marginTop: 8, border: '1px solid #f0f0f0', borderRadius: 6, padding: 4, overflow: 'hidden' } as const;
const CENTRED = { ...TREE_BOX, display: 'flex', alignItems: 'center', justifyContent: 'center' } as const;

/**
 * 分配菜单 of a data source (a table's or a SQL source's): the group it goes under, picked in the menu
 * tree shown in the dialog (its groups expanded; a search narrows it to the groups whose title holds
 * the text); `allot` makes the entry (a failure is shown by the request layer and keeps the dialog open).
 */
export function AllotMenuModal({ name, allot, onClose }: { name: string; allot: (parentId: number) => Promise<{ urlPath: string }>; onClose: () => void }) {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  const [tree, setTree] = useState<MenuNode[] | null>(null);
  const [parentId, setParentId] = useState<number>();
  const [text, setText] = useState('');
  // null: every group shown is expanded (after a search too); the user's own opening and closing after that
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  useEffect(() => { void request<MenuNode[]>({ url: '/sys-menu/manage_list' }).then(setTree).catch(() => undefined); }, [request]);
  const groups = useMemo(() => menuOptions(tree ?? []), [tree]);
  const shown = useMemo(() => matchingGroups(groups, text.trim()), [groups, text]);
  const chosen = parentId === undefined ? null : pathTo(groups, parentId);
  return (
    <Modal
      open title={`分配菜单：${name}`} onCancel={onClose} okButtonProps={{ disabled: !parentId }}
      onOk={() => {
        void allot(parentId!).then((made) => {
          message.success(`菜单已分配：${made.urlPath}（请在角色的分配权限中授权）`);
          onClose();
        }).catch(() => undefined);
      }}
    >
      <Form layout="vertical">
        <Form.Item label="上级菜单" required extra={chosen ? `已选：${chosen.join(' / ')}` : '请选择菜单组'}>
          <Input.Search
            allowClear aria-label="搜索菜单组" placeholder="搜索菜单组" value={text}
            onChange={(e) => { setText(e.target.value); setExpanded(null); }}
          />
          {!tree ? (
            <div style={CENTRED}><Spin /></div>
          ) : shown.length ? (
            <div style={TREE_BOX}>
              <Tree<MenuOption>
                aria-label="上级菜单" treeData={shown} blockNode height={TREE_PX - 10}
                expandedKeys={expanded ?? keysOf(shown)} onExpand={(keys) => setExpanded(keys)}
                selectedKeys={parentId === undefined ? [] : [parentId]} onSelect={(_, { node }) => setParentId(node.key)}
              />
            </div>
          ) : (
            <div style={CENTRED}><Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="没有名称含此文字的菜单组" /></div>
          )}
        </Form.Item>
      </Form>
    </Modal>
  );
}
