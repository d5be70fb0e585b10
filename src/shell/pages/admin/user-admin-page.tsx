import { Modal, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { TemplateListPage } from '../../../runtime';
import type { FieldDefinition } from '../../../schema/field-definition';
import type { FormMode } from '../../../schema/form-schema';
import { request } from '../../request/request';
import { AdminForm } from './admin-form';

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

/** 用户管理: the user template list; 新增 and 修改 open the user form with the companies and roles to assign. */
export function UserAdminPage({ menuId }: { menuId: number }) {
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<{ mode: FormMode; row: Record<string, unknown> } | null>(null);
  const [fields, setFields] = useState<FieldDefinition[] | null>(null);
  useEffect(() => {
    if (!editing || fields) return;
    void Promise.all([
      request<{ list: { id: number; orgName: string }[] }>({ method: 'POST', url: '/sys-org/list', body: { limit: { pn: 1, ps: 1000 } } }),
      request<{ list: { id: number; roleName: string }[] }>({ method: 'POST', url: '/sys-role/list', body: { limit: { pn: 1, ps: 1000 } } }),
    ]).then(([orgs, roles]) => setFields(userFields(orgs.list, roles.list))).catch(() => setEditing(null));
  }, [editing, fields]);
  const open = useCallback(async (action: string, rows: { id: number }[]) => {
    if (action === 'add') setEditing({ mode: 'create', row: {} });
    if (action === 'edit' && rows[0]) {
      const row = await request<Record<string, unknown>>({ url: `/sys-user/detail/${rows[0].id}` });
      setEditing({ mode: 'update', row });
    }
  }, []);
  return (
    <>
      <TemplateListPage refresh={generation} menuId={menuId} formActions={false} onOpen={(button, rows) => void open(button.action, rows).catch(() => undefined)} />
      <Modal open={!!editing} title={editing?.mode === 'update' ? '修改用户' : '新增用户'} width="60%" footer={null} destroyOnHidden onCancel={() => setEditing(null)}>
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
    </>
  );
}
