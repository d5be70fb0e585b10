import { useCallback, useState } from 'react';
import { TemplateListPage } from '../../../runtime';
import { RolePermissionDialog } from './role-permission-dialog';

/** 角色管理: the role template list, whose 分配权限 button opens the menu-and-button tree of the chosen role. */
export function RoleAdminPage({ menuId }: { menuId: number }) {
  const [role, setRole] = useState<{ id: number; roleName?: unknown } | null>(null);
  const close = useCallback(() => setRole(null), []);
  return (
    <>
      <TemplateListPage menuId={menuId} onOpen={(button, rows) => { if (button.action === 'perm' && rows[0]) setRole(rows[0]); }} />
      <RolePermissionDialog role={role} onClose={close} />
    </>
  );
}
