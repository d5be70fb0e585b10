import { App as AntApp, Modal, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { TemplateListPage, type Row } from '../../../runtime';
import type { FieldDefinition } from '../../../schema/field-definition';
import type { FormMode } from '../../../schema/form-schema';
import type { TemplateButton } from '../../../schema/template';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';
import { AdminForm } from './admin-form';
import { useLocalizedFields } from './use-localized-fields';
import { ResetPasswordDialog, type ResetTarget } from './reset-password-dialog';

const MOBILE = { validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' };

/** The user form, with the companies and roles to choose from (fetched, then handed over as options). */
function userFields(orgs: { id: number; orgName: string }[], roles: { id: number; roleName: string }[]): FieldDefinition[] {
  return [
    { fieldName: 'username', fieldExplain: '用户名', formSubmitType: 'ONE_TXT', irequired: true, iupdate: false, cgValidate: { validateMethod: '^[A-Za-z0-9_.-]{2,32}$', validateTitle: '用户名为 2 到 32 位字母、数字或 _ . -' }, seq: 10 },
    { fieldName: 'realName', fieldExplain: '姓名', formSubmitType: 'ONE_TXT', irequired: true, seq: 20 },
    { fieldName: 'password', fieldExplain: '初始密码', formSubmitType: 'ONE_TXT', irequired: true, iupdate: false, seq: 30 },
    { fieldName: 'mobile', fieldExplain: '手机号', formSubmitType: 'ONE_TXT', cgValidate: MOBILE, seq: 40 },
    { fieldName: 'email', fieldExplain: '电子邮箱', formSubmitType: 'ONE_TXT', seq: 50 },
    { fieldName: 'admin', fieldExplain: '管理员', formSubmitType: 'BOOLEAN', fieldType: 'BOOLEAN', defaultValue: false, seq: 60 },
    { fieldName: 'orgIds', fieldExplain: '所属公司', formSubmitType: 'MULTIPLE_SELECTION', irequired: true, options: orgs.map((o) => ({ value: o.id, label: o.orgName })), seq: 70 },
    { fieldName: 'roleIds', fieldExplain: '角色', formSubmitType: 'MULTIPLE_SELECTION', options: roles.map((r) => ({ value: r.id, label: r.roleName })), seq: 80 },
  ];
}

/** The admin API takes the companies and roles as lists of ids (the form submits them comma-joined). */
function userBody(body: Record<string, unknown>): Record<string, unknown> {
  const out = { ...body };
  for (const key of ['orgIds', 'roleIds']) {
    if (key in out) out[key] = typeof out[key] === 'string' ? String(out[key]).split(',').filter(Boolean).map(Number) : [];
  }
  return out;
}

/**
 * 用户管理: the user template list; 新增 and 修改 open the user form with the companies and roles to
 * assign; 重置密码 opens the reset dialog and 解锁 (after a confirmation) frees a user locked out by
 * failed sign-ins, each for one chosen user.
 */
export function UserAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message, modal } = AntApp.useApp();
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<{ mode: FormMode; row: Record<string, unknown> } | null>(null);
  const [options, setOptions] = useState<FieldDefinition[] | null>(null);
  const fields = useLocalizedFields('sys_user_form', options);
  const [resetting, setResetting] = useState<ResetTarget | null>(null);
  const closeReset = useCallback(() => setResetting(null), []);
  useEffect(() => {
    if (!editing || options) return;
    void Promise.all([
      request<{ list: { id: number; orgName: string }[] }>({ method: 'POST', url: '/sys-org/list', body: { limit: { pn: 1, ps: 1000 } } }),
      request<{ list: { id: number; roleName: string }[] }>({ method: 'POST', url: '/sys-role/list', body: { limit: { pn: 1, ps: 1000 } } }),
    ]).then(([orgs, roles]) => setOptions(userFields(orgs.list, roles.list))).catch(() => setEditing(null));
  }, [editing, options]);

  const unlock = (row: Row) => modal.confirm({
    title: t('common.tip'), type: 'warning', okText: t('common.ok'), cancelText: t('common.cancel'),
    content: t('admin.user.unlockConfirm').replace('{name}', `${String(row.realName ?? '')}（${String(row.username ?? '')}）`),
    onOk: async () => {
      try {
        await request({ method: 'POST', url: `/sys-user/unlock/${row.id}` });
        message.success(t('admin.user.unlockDone'));
        setGeneration((g) => g + 1);
      } catch {
        // the request layer has shown why (该用户未被锁定, 用户不存在, …)
      }
    },
  });
  const open = async (button: TemplateButton, rows: Row[]) => {
    if (button.action === 'add') return setEditing({ mode: 'create', row: {} });
    if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
    if (button.action === 'edit') setEditing({ mode: 'update', row: await request<Record<string, unknown>>({ url: `/sys-user/detail/${rows[0].id}` }) });
    if (button.action === 'resetPwd') setResetting(rows[0] as ResetTarget);
    if (button.action === 'unlock') unlock(rows[0]);
  };
  return (
    <>
      <TemplateListPage refresh={generation} menuId={menuId} formActions={false} onOpen={(button, rows) => void open(button, rows).catch(() => undefined)} />
      <Modal open={!!editing} title={editing?.mode === 'update' ? t('admin.user.editTitle') : t('admin.user.addTitle')} width="60%" footer={null} destroyOnHidden onCancel={() => setEditing(null)}>
        {editing && (fields ? (
          <AdminForm
            {...editing} fields={editing.mode === 'update' ? fields.filter((f) => f.fieldName !== 'password') : fields}
            save={(body) => (editing.mode === 'update'
              ? request({ method: 'PUT', url: '/sys-user/update', body: { ...userBody(body), id: editing.row.id, version: editing.row.version } })
              : request({ method: 'POST', url: '/sys-user/create', body: { ...userBody(body), initialPassword: true } }))}
            onDone={(saved) => { setEditing(null); if (saved) setGeneration((g) => g + 1); }}
          />
        ) : <Skeleton active />)}
      </Modal>
      <ResetPasswordDialog user={resetting} onClose={closeReset} />
    </>
  );
}
