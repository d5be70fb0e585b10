import { App as AntApp, Form, Modal, TreeSelect } from 'antd';
import { useEffect, useState } from 'react';
import { useRuntime } from '../runtime';

/** A node of the menu tree (`/sys-menu/manage_list`: menus only; buttons ride on their menu). */
interface MenuNode { id: number; title: string; urlPath?: string | null; component?: string | null; children?: MenuNode[] }
interface MenuOption { value: number; title: string; children: MenuOption[] }
/** The menu groups only: a page (an entry with its own address) cannot hold the new entry (the server refuses it too). */
const menuOptions = (nodes: MenuNode[]): MenuOption[] =>
  nodes.filter((n) => !n.urlPath && !n.component).map((n) => ({ value: n.id, title: n.title, children: menuOptions(n.children ?? []) }));

/** The open list's height (px) and the dialog body's, which holds the label, the picker and the list. */
const LIST_PX = 220;
const BODY_PX = 300;

/**
 * 分配菜单 of a data source (a table's or a SQL source's): the group it goes under, picked from the
 * menu tree; `allot` makes the entry (a failure is shown by the request layer and keeps the dialog open).
 */
export function AllotMenuModal({ name, allot, onClose }: { name: string; allot: (parentId: number) => Promise<{ urlPath: string }>; onClose: () => void }) {
  const { request } = useRuntime();
  const { message } = AntApp.useApp();
  // null until the menu tree has come: the picker waits for it, so that its groups open expanded (antd
  // expands a tree only as its list first opens) and a search typed early is not answered from no tree
  const [tree, setTree] = useState<MenuNode[] | null>(null);
  const [parentId, setParentId] = useState<number>();
  useEffect(() => { void request<MenuNode[]>({ url: '/sys-menu/manage_list' }).then(setTree).catch(() => undefined); }, [request]);
  return (
    <Modal
      // the body holds the open list of groups (LIST_PX) under the picker: the list no longer covers
      // the dialog's 确定 and 取消 while it is open
      open title={`分配菜单：${name}`} onCancel={onClose} okButtonProps={{ disabled: !parentId }} styles={{ body: { minHeight: BODY_PX } }}
      onOk={() => {
        void allot(parentId!).then((made) => {
          message.success(`菜单已分配：${made.urlPath}（请在角色的分配权限中授权）`);
          onClose();
        }).catch(() => undefined);
      }}
    >
      <Form layout="vertical">
        <Form.Item label="上级菜单" required>
          <TreeSelect
            key={tree ? 'tree' : 'loading'} aria-label="上级菜单" treeData={menuOptions(tree ?? [])} value={parentId} onChange={setParentId}
            loading={!tree} disabled={!tree} treeDefaultExpandAll showSearch treeNodeFilterProp="title" placeholder="请选择菜单组" listHeight={LIST_PX}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
