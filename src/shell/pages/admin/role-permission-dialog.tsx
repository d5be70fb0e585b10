import { App as AntApp, Button, Modal, Skeleton, Space, Tabs, Tree } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';
import type { MenuNode } from '../../session/menu';

interface TreeItem { key: string; title: React.ReactNode; children?: TreeItem[] }

/** Menus with their buttons as leaves (a button shows its permission key). */
function toTree(nodes: MenuNode[]): TreeItem[] {
  return nodes.map((n) => ({
    key: String(n.id),
    title: n.title,
    children: [
      ...toTree(n.children),
      ...(n.buttonUrls ?? []).map((b) => ({ key: String(b.id), title: <span>{b.title}<code className="wb-perm-key">{b.permission}</code></span> })),
    ],
  }));
}

function withAncestors(keys: string[], parentOf: Map<string, string>): string[] {
  const out = new Set(keys);
  for (const k of keys) for (let p = parentOf.get(k); p; p = parentOf.get(p)) out.add(p);
  return [...out];
}

/**
 * 分配权限 of a role (spec 000 §7.6 role/menu): the whole menu tree with every button and its
 * permission key, checked as the role holds it; 保存 replaces the role's menus and buttons. The
 * organisations the role may work in are a second tab.
 */
export function RolePermissionDialog({ role, onClose }: { role: { id: number; roleName?: unknown } | null; onClose(): void }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [menus, setMenus] = useState<MenuNode[] | null>(null);
  const [orgs, setOrgs] = useState<{ id: number; orgName: string; orgCode: string }[]>([]);
  const [checked, setChecked] = useState<string[]>([]);
  // entries held without any of their buttons (read-only grants, e.g. a picker's master data): the tree
  // cannot show such a parent checked, so they are kept as they are when the role is saved
  const [readOnly, setReadOnly] = useState<string[]>([]);
  const [orgChecked, setOrgChecked] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!role) return;
    let live = true;
    (async () => {
      const [tree, held, orgList, heldOrgs] = await Promise.all([
        request<MenuNode[]>({ url: '/sys-menu/manage_list' }),
        request<number[]>({ url: `/sys-role/menu/${role.id}` }),
        request<{ list: { id: number; orgName: string; orgCode: string }[] }>({ method: 'POST', url: '/sys-org/list', body: { limit: { pn: 1, ps: 1000 } } }),
        request<number[]>({ url: `/sys-role/orgs/${role.id}` }),
      ]);
      if (!live) return;
      // only leaves are shown checked: a parent follows its children (it is sent as half-checked)
      const parents = new Set<number>();
      const walk = (nodes: MenuNode[]) => nodes.forEach((n) => { if (n.children.length || n.buttonUrls?.length) parents.add(n.id); walk(n.children); });
      walk(tree);
      setMenus(tree);
      setChecked(held.filter((id) => !parents.has(id)).map(String));
      const heldSet = new Set(held);
      const anyHeldBelow = (n: MenuNode): boolean => n.children.some((c) => heldSet.has(c.id) || anyHeldBelow(c)) || (n.buttonUrls ?? []).some((b) => heldSet.has(b.id));
      const kept: string[] = [];
      const find = (nodes: MenuNode[]) => nodes.forEach((n) => { if (heldSet.has(n.id) && parents.has(n.id) && !anyHeldBelow(n)) kept.push(String(n.id)); find(n.children); });
      find(tree);
      setReadOnly(kept);
      setOrgs(orgList.list);
      setOrgChecked(heldOrgs.map(String));
    })().catch(() => { if (live) onClose(); });
    return () => { live = false; setMenus(null); };
  }, [role, onClose]);
  const treeData = useMemo(() => (menus ? toTree(menus) : []), [menus]);
  // each entry's ancestors: a checked entry brings the groups above it (the sidebar needs them)
  const parentOf = useMemo(() => {
    const out = new Map<string, string>();
    const walk = (nodes: TreeItem[], parent: string | null) => nodes.forEach((n) => { if (parent) out.set(n.key, parent); walk(n.children ?? [], n.key); });
    walk(treeData, null);
    return out;
  }, [treeData]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await request({ method: 'PUT', url: '/sys-role/menu', body: { roleId: role.id, menuIds: withAncestors([...checked, ...readOnly], parentOf).map(Number) } });
      await request({ method: 'PUT', url: '/sys-role/orgs', body: { roleId: role.id, orgIds: orgChecked.map(Number) } });
      message.success(t('admin.saved'));
      onClose();
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!role} title={`${t('admin.role.permTitle')} — ${String(role?.roleName ?? '')}`} width="60%" onCancel={onClose} destroyOnHidden
      styles={{ body: { maxHeight: '70vh', overflow: 'auto' } }}
      footer={<Space><Button onClick={onClose}>{t('common.cancel')}</Button><Button type="primary" loading={saving} onClick={() => void save()}>{t('admin.save')}</Button></Space>}
    >
      {!menus ? <Skeleton active /> : (
        <Tabs items={[
          {
            key: 'menus', label: t('admin.role.menusTab'),
            children: (
              <Tree
                checkable defaultExpandAll treeData={treeData} checkedKeys={checked} className="wb-perm-tree"
                onCheck={(keys) => setChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            ),
          },
          {
            key: 'orgs', label: t('admin.role.orgsTab'),
            children: (
              <Tree
                checkable treeData={orgs.map((o) => ({ key: String(o.id), title: `${o.orgName}（${o.orgCode}）` }))} checkedKeys={orgChecked}
                onCheck={(keys) => setOrgChecked((Array.isArray(keys) ? keys : keys.checked).map(String))}
              />
            ),
          },
        ]} />
      )}
    </Modal>
  );
}
