import { App as AntApp } from 'antd';
import { useCallback, useState } from 'react';
import { TemplateListPage } from '../../../runtime/list/template-list-page';
import { useT } from '../../i18n/i18n';
import { RolePermissionDialog } from './role-permission-dialog';
import { RoleUsersDialog } from './role-users-dialog';

type RoleRow = { id: number; roleName?: unknown };

/**
 * 角色管理: the role template list; 分配权限 opens the menu-and-button tree of the chosen role,
 * 分配用户 the transfer list of the group's users.
 */
export function RoleAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [role, setRole] = useState<RoleRow | null>(null);
  const [usersOf, setUsersOf] = useState<RoleRow | null>(null);
  const close = useCallback(() => setRole(null), []);
  const closeUsers = useCallback(() => setUsersOf(null), []);
  return (
    <>
      <TemplateListPage
        menuId={menuId}
        onOpen={(button, rows) => {
          if (button.action === 'perm' && rows[0]) setRole(rows[0]);
          if (button.action !== 'users') return;
          if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
          setUsersOf(rows[0]);
        }}
      />
      <RolePermissionDialog role={role} onClose={close} />
      <RoleUsersDialog role={usersOf} onClose={closeUsers} />
    </>
  );
}
