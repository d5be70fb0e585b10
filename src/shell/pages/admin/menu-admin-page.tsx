import { App as AntApp, Button, Modal, Skeleton, Space, Table, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { FieldDefinition } from '../../../schema/field-definition';
import type { FormMode } from '../../../schema/form-schema';
import { useT } from '../../i18n/i18n';
import { usePageTitle } from '../../page-title';
import { request } from '../../request/request';
import type { MenuNode } from '../../session/menu';
import { session } from '../../session/session-store';
import { AdminForm } from './admin-form';
import { useLocalizedFields } from './use-localized-fields';

interface MenuRow {
  key: string; id: number; title: string; menuType: 'MENU' | 'BUTTON'; urlPath: string | null; component: string | null;
  permission: string | null; iusual: boolean; children?: MenuRow[];
}

function rowsOf(nodes: MenuNode[]): MenuRow[] {
  return nodes.map((n) => {
    const children: MenuRow[] = [
      ...rowsOf(n.children),
      ...(n.buttonUrls ?? []).map((b) => ({ key: `b${b.id}`, id: b.id, title: b.title, menuType: 'BUTTON' as const, urlPath: b.urlPath, component: b.component, permission: b.permission, iusual: false })),
    ];
    return { key: `m${n.id}`, id: n.id, title: n.title, menuType: 'MENU' as const, urlPath: n.urlPath, component: n.component, permission: n.permission, iusual: n.iusual, ...(children.length ? { children } : {}) };
  });
}

/** The menu form: what an administrator edits of an entry (the form engine renders it like any template). */
const MENU_FORM: FieldDefinition[] = [
  { fieldName: 'title', fieldExplain: '名称', formSubmitType: 'ONE_TXT', irequired: true, seq: 10 },
  { fieldName: 'menuType', fieldExplain: '类型', formSubmitType: 'SELECT', fieldType: 'ENUM', irequired: true, iupdate: false, defaultValue: 'MENU', options: [{ value: 'MENU', label: '菜单' }, { value: 'BUTTON', label: '按钮' }], seq: 20 },
  { fieldName: 'permission', fieldExplain: '权限标识', formSubmitType: 'ONE_TXT', cgValidate: { validateMethod: '^[A-Za-z0-9_:.-]+$', validateTitle: '权限标识只能包含字母、数字和 _ : . -' }, seq: 30 },
  { fieldName: 'sort', fieldExplain: '排序', formSubmitType: 'ONE_TXT', fieldType: 'NUMBER', defaultValue: '0', seq: 40 },
  { fieldName: 'urlPath', fieldExplain: '路由', formSubmitType: 'ONE_TXT', seq: 50 },
  { fieldName: 'component', fieldExplain: '组件', formSubmitType: 'ONE_TXT', seq: 60 },
  { fieldName: 'icon', fieldExplain: '图标', formSubmitType: 'ONE_TXT', seq: 70 },
  { fieldName: 'iusual', fieldExplain: '常用菜单', formSubmitType: 'BOOLEAN', fieldType: 'BOOLEAN', defaultValue: false, seq: 80 },
  { fieldName: 'keepAlive', fieldExplain: '缓存页面', formSubmitType: 'BOOLEAN', fieldType: 'BOOLEAN', defaultValue: true, seq: 90 },
];

/**
 * 菜单管理: the whole menu tree with its buttons and their permission keys; 新增 under the chosen
 * entry, 修改 and 删除 (with everything under it) as the administrator's permissions allow.
 */
export function MenuAdminPage() {
  const t = useT();
  usePageTitle(t('admin.menu.title'));
  const { message, modal } = AntApp.useApp();
  const menuForm = useLocalizedFields('sys_menu_form', MENU_FORM);
  const { permissions, userInfo } = useSnapshot(session);
  const can = (key: string) => !!userInfo?.admin || !!permissions[key];
  const [tree, setTree] = useState<MenuRow[] | null>(null);
  const [chosen, setChosen] = useState<MenuRow | null>(null);
  const [editing, setEditing] = useState<{ mode: FormMode; row: Record<string, unknown>; parent: MenuRow | null } | null>(null);
  const load = useCallback(async () => {
    setTree(rowsOf(await request<MenuNode[]>({ url: '/sys-menu/manage_list' })));
  }, []);
  useEffect(() => { void load().catch(() => undefined); }, [load]);
  // the first level starts open; an entry added under another opens its parent
  const [expanded, setExpanded] = useState<string[] | null>(null);
  const shownKeys = useMemo(() => expanded ?? (tree ?? []).map((r) => r.key), [expanded, tree]);

  const edit = async () => {
    if (!chosen) return void message.warning(t('admin.selectOne'));
    const row = await request<Record<string, unknown>>({ url: `/sys-menu/info/${chosen.id}` });
    setEditing({ mode: 'update', row, parent: null });
  };
  const remove = () => {
    if (!chosen) return void message.warning(t('admin.selectDelete'));
    modal.confirm({
      title: t('common.tip'), type: 'warning', okText: t('common.ok'), cancelText: t('common.cancel'),
      content: `${t('admin.deleteConfirm')}${chosen.children?.length ? t('admin.menu.deleteChildren') : ''}`,
      onOk: async () => {
        try {
          await request({ method: 'DELETE', url: `/sys-menu/${chosen.id}` });
        } catch {
          return; // the request layer has shown why
        }
        message.success(t('admin.deleted'));
        setChosen(null);
        await load();
      },
    });
  };

  if (!tree) return <Skeleton active />;
  return (
    <div className="wb-list-page">
      <Space className="wb-menu-admin-toolbar">
        {can('sys_menu_add') && <Button type="primary" onClick={() => setEditing({ mode: 'create', row: {}, parent: chosen?.menuType === 'MENU' ? chosen : null })}>{t('admin.add')}</Button>}
        {can('sys_menu_edit') && <Button onClick={() => void edit().catch(() => undefined)}>{t('admin.edit')}</Button>}
        {can('sys_menu_del') && <Button danger onClick={remove}>{t('admin.delete')}</Button>}
      </Space>
      <Table<MenuRow>
        size="small" bordered rowKey="key" dataSource={tree} pagination={false}
        expandable={{ expandedRowKeys: shownKeys, onExpandedRowsChange: (keys) => setExpanded(keys.map(String)) }}
        rowSelection={{ type: 'radio', selectedRowKeys: chosen ? [chosen.key] : [], onChange: (_k, rows) => setChosen(rows[0] ?? null) }}
        onRow={(r) => ({ onClick: () => setChosen(r) })}
        columns={[
          { key: 'title', dataIndex: 'title', title: t('admin.menu.name'), width: 260 },
          { key: 'menuType', dataIndex: 'menuType', title: t('admin.menu.type'), width: 80, render: (v: string) => <Tag color={v === 'BUTTON' ? 'orange' : 'blue'}>{v === 'BUTTON' ? t('admin.menu.button') : t('admin.menu.menu')}</Tag> },
          { key: 'permission', dataIndex: 'permission', title: t('admin.menu.permission'), render: (v: string | null) => (v ? <code className="wb-perm-key">{v}</code> : '') },
          { key: 'urlPath', dataIndex: 'urlPath', title: t('admin.menu.route') },
          { key: 'component', dataIndex: 'component', title: t('admin.menu.component') },
          { key: 'iusual', dataIndex: 'iusual', title: t('admin.menu.usual'), width: 90, render: (v: boolean, r) => (r.menuType === 'MENU' ? (v ? t('admin.yes') : t('admin.no')) : '') },
        ]}
      />
      <Modal open={!!editing} title={editing?.mode === 'update' ? t('admin.menu.editTitle') : t('admin.menu.addTitle')} width="60%" footer={null} destroyOnHidden onCancel={() => setEditing(null)}>
        {editing && (
          <AdminForm
            fields={menuForm ?? MENU_FORM} mode={editing.mode} row={editing.row}
            save={(typed) => {
              // the server takes integers as JSON numbers only: 排序 is typed as text
              const body = { ...typed, sort: typed.sort === null || typed.sort === undefined ? undefined : Number(typed.sort) };
              return editing.mode === 'update'
                ? request({ method: 'PUT', url: '/sys-menu/update', body: { ...body, id: editing.row.id, version: editing.row.version } })
                : request({ method: 'POST', url: '/sys-menu/create', body: { ...body, parentId: editing.parent?.id ?? null } });
            }}
            onDone={(saved) => {
              const parent = editing.parent;
              setEditing(null);
              if (!saved) return;
              if (parent) setExpanded([...new Set([...shownKeys, parent.key])]);
              void load();
            }}
          >
            {editing.mode !== 'update' && <p className="wb-menu-parent">{t('admin.menu.parent')}{editing.parent ? editing.parent.title : t('admin.menu.top')}</p>}
          </AdminForm>
        )}
      </Modal>
    </div>
  );
}
