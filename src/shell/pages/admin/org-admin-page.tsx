import { App as AntApp, Button, Modal, Skeleton, Space } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { DynamicForm, TemplateListPage, keepFocus, useTemplateForm } from '../../../runtime';
import type { FieldDefinition } from '../../../schema/field-definition';
import { toFormValues, toSubmitValues, type FormMode } from '../../../schema/form-schema';
import { request } from '../../request/request';

const CODE_RULE = { validateMethod: '^[A-Za-z0-9_-]+$', validateTitle: '编码只能包含字母、数字、下划线和短横线' };

function orgFields(groups: { id: number; groupName: string }[]): FieldDefinition[] {
  return [
    { fieldName: 'orgCode', fieldExplain: '公司编码', formSubmitType: 'ONE_TXT', irequired: true, iupdate: false, cgValidate: CODE_RULE, seq: 10 },
    { fieldName: 'orgName', fieldExplain: '公司名称', formSubmitType: 'ONE_TXT', irequired: true, seq: 20 },
    { fieldName: 'shortName', fieldExplain: '简称', formSubmitType: 'ONE_TXT', seq: 30 },
    { fieldName: 'groupId', fieldExplain: '所属集团', formSubmitType: 'SELECT', fieldType: 'ENUM', irequired: true, options: groups.map((g) => ({ value: g.id, label: g.groupName })), seq: 40 },
    { fieldName: 'enabled', fieldExplain: '启用', formSubmitType: 'BOOLEAN', fieldType: 'BOOLEAN', defaultValue: true, seq: 50 },
  ];
}

function OrgForm({ mode, row, fields, onDone }: { mode: FormMode; row: Record<string, unknown>; fields: FieldDefinition[]; onDone(saved: boolean): void }) {
  const { message } = AntApp.useApp();
  const template = useMemo(() => ({ formatStyle: 'FORMAT_FOUR_COLUMN_FROM' as const, formSubList: fields }), [fields]);
  const handle = useTemplateForm(template, mode, { now: new Date() }, toFormValues(fields, row));
  const [saving, setSaving] = useState(false);
  const submit = () => void handle.form.submit(async (values: Record<string, unknown>) => {
    const body = toSubmitValues(fields, values, mode);
    setSaving(true);
    try {
      if (mode === 'update') await request({ method: 'PUT', url: '/sys-org/update', body: { ...body, id: row.id, version: row.version } });
      else await request({ method: 'POST', url: '/sys-org/create', body });
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

/** 公司管理: the organisation template list; 新增 and 修改 open the organisation form with the groups to choose from. */
export function OrgAdminPage({ menuId }: { menuId: number }) {
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<{ mode: FormMode; row: Record<string, unknown> } | null>(null);
  const [fields, setFields] = useState<FieldDefinition[] | null>(null);
  useEffect(() => {
    if (!editing || fields) return;
    request<{ list: { id: number; groupName: string }[] }>({ method: 'POST', url: '/sys-group/list', body: { limit: { pn: 1, ps: 1000 } } })
      .then((groups) => setFields(orgFields(groups.list))).catch(() => setEditing(null));
  }, [editing, fields]);
  const open = useCallback(async (action: string, rows: { id: number }[]) => {
    if (action === 'add') setEditing({ mode: 'create', row: {} });
    if (action === 'edit' && rows[0]) setEditing({ mode: 'update', row: await request<Record<string, unknown>>({ url: `/sys-org/detail/${rows[0].id}` }) });
  }, []);
  return (
    <>
      <TemplateListPage refresh={generation} menuId={menuId} formActions={false} onOpen={(button, rows) => void open(button.action, rows).catch(() => undefined)} />
      <Modal open={!!editing} title={editing?.mode === 'update' ? '修改公司' : '新增公司'} width="60%" footer={null} destroyOnHidden onCancel={() => setEditing(null)}>
        {editing && (fields ? <OrgForm {...editing} fields={fields} onDone={(saved) => { setEditing(null); if (saved) setGeneration((g) => g + 1); }} /> : <Skeleton active />)}
      </Modal>
    </>
  );
}
