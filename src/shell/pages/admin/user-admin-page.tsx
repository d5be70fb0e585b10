import { App as AntApp, Button, Modal, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DynamicForm, TemplateListPage, keepFocus, useTemplateForm } from '../../../runtime';
import type { FieldDefinition } from '../../../schema/field-definition';
import { toFormValues, toSubmitValues, type FormMode } from '../../../schema/form-schema';
import { request } from '../../request/request';

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

function UserForm({ mode, row, fields, onDone }: { mode: FormMode; row: Record<string, unknown>; fields: FieldDefinition[]; onDone(saved: boolean): void }) {
  const { message } = AntApp.useApp();
  const template = useMemo(() => ({ formatStyle: 'FORMAT_FOUR_COLUMN_FROM' as const, formSubList: mode === 'update' ? fields.filter((f) => f.fieldName !== 'password') : fields }), [fields, mode]);
  const handle = useTemplateForm(template, mode, { now: new Date() }, toFormValues(template.formSubList, row));
  const [saving, setSaving] = useState(false);
  const submit = () => void handle.form.submit(async (values: Record<string, unknown>) => {
    const body = toSubmitValues(template.formSubList, values, mode);
    // the admin API takes the companies and roles as lists of ids
    for (const key of ['orgIds', 'roleIds']) {
      if (key in body) body[key] = typeof body[key] === 'string' ? String(body[key]).split(',').filter(Boolean).map(Number) : [];
    }
    setSaving(true);
    try {
      if (mode === 'update') await request({ method: 'PUT', url: '/sys-user/update', body: { ...body, id: row.id, version: row.version } });
      else await request({ method: 'POST', url: '/sys-user/create', body: { ...body, initialPassword: true } });
      message.success(mode === 'update' ? '修改成功' : '新增成功');
      onDone(true);
    } catch {
      // the request layer has shown why
    } finally {
      setSaving(false);
    }
  }).catch(() => undefined);
  return (
    <>
      <DynamicForm handle={handle} buttons={false} />
      <Space className="wb-form-footer" onMouseDown={keepFocus}>
        <Button onClick={() => onDone(false)}>取消</Button>
        <Button type="primary" loading={saving} onClick={submit}>提交</Button>
      </Space>
    </>
  );
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
        {editing && (fields ? <UserForm {...editing} fields={fields} onDone={(saved) => { setEditing(null); if (saved) setGeneration((g) => g + 1); }} /> : <Skeleton active />)}
      </Modal>
    </>
  );
}
