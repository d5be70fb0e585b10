import { App as AntApp, Button, Modal, Skeleton, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { TreeTransfer } from '../../../runtime';
import type { TransferNode } from '../../../schema/transfer';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';

interface RoleUsers { userIds: number[]; tree: TransferNode[] }

/** The user a leaf stands for: leaf keys are `{userId}@{company}` (a user of two companies shows under both). */
const userOf = (key: string): number => Number(key.split('@')[0]);

/** Each user's leaves, so that moving a user from one company moves them from all. */
function leavesByUser(nodes: TransferNode[], out = new Map<number, string[]>()): Map<number, string[]> {
  for (const n of nodes) {
    if (n.children?.length) leavesByUser(n.children, out);
    else if (!n.key.startsWith('org:')) out.set(userOf(n.key), [...(out.get(userOf(n.key)) ?? []), n.key]);
  }
  return out;
}

/** The users after a move: those whose leaves came in join, those with a leaf gone out leave. */
export function movedUsers(users: readonly number[], before: readonly string[], after: readonly string[]): number[] {
  const was = new Set(before);
  const is = new Set(after);
  const joined = after.filter((k) => !was.has(k)).map(userOf);
  const left = new Set(before.filter((k) => !is.has(k)).map(userOf));
  return [...new Set([...users, ...joined])].filter((id) => !left.has(id));
}

/**
 * 分配用户 of a role (spec 000 §6 "roles with their users"; the two-tree transfer list of spec 001
 * §2 screen 10): the companies of the group with their users on the left, the role's users on the
 * right; 保存 replaces the role's users.
 */
export function RoleUsersDialog({ role, onClose }: { role: { id: number; roleName?: unknown } | null; onClose(): void }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [data, setData] = useState<RoleUsers | null>(null);
  const [users, setUsers] = useState<number[]>([]);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!role) return;
    let live = true;
    request<RoleUsers>({ url: `/sys-role/${role.id}/users` })
      .then((answer) => { if (live) { setData(answer); setUsers(answer.userIds); } })
      .catch(() => { if (live) onClose(); });
    return () => { live = false; setData(null); };
  }, [role, onClose]);
  const byUser = useMemo(() => leavesByUser(data?.tree ?? []), [data]);
  const value = useMemo(() => users.flatMap((id) => byUser.get(id) ?? []), [users, byUser]);

  const save = async () => {
    if (!role) return;
    setSaving(true);
    try {
      await request({ method: 'PUT', url: `/sys-role/${role.id}/users`, body: { userIds: users } });
      message.success(t('admin.role.usersDone'));
      onClose();
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!role} title={`${t('admin.role.usersTitle')} — ${String(role?.roleName ?? '')}`} width={760} onCancel={onClose} destroyOnHidden
      footer={<Space><Button onClick={onClose}>{t('common.cancel')}</Button><Button type="primary" loading={saving} disabled={!data} onClick={() => void save()}>{t('admin.save')}</Button></Space>}
    >
      {!data ? <Skeleton active /> : (
        <TreeTransfer
          dataSource={data.tree} value={value} titles={[t('admin.role.usersAvailable'), t('admin.role.usersChosen')]}
          onChange={(next) => setUsers((current) => movedUsers(current, value, next))}
        />
      )}
    </Modal>
  );
}
