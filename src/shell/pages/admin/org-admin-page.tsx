import { App as AntApp, Modal, Skeleton } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { TemplateListPage } from '../../../runtime/list/template-list-page';
import type { FieldDefinition } from '../../../schema/field-definition';
import type { FormMode } from '../../../schema/form-schema';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';
import { AdminForm } from './admin-form';
import { useLocalizedFields } from './use-localized-fields';

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

/** 公司管理: the organisation template list; 新增 and 修改 open the organisation form with the groups to choose from. */
export function OrgAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<{ mode: FormMode; row: Record<string, unknown> } | null>(null);
  const [options, setOptions] = useState<FieldDefinition[] | null>(null);
  const fields = useLocalizedFields('sys_org_form', options);
  useEffect(() => {
    if (!editing || options) return;
    request<{ list: { id: number; groupName: string }[] }>({ method: 'POST', url: '/sys-group/list', body: { limit: { pn: 1, ps: 1000 } } })
      .then((groups) => setOptions(orgFields(groups.list))).catch(() => setEditing(null));
  }, [editing, options]);
  const open = useCallback(async (action: string, rows: { id: number }[]) => {
    if (action === 'add') return setEditing({ mode: 'create', row: {} });
    if (action !== 'edit') return;
    if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
    setEditing({ mode: 'update', row: await request<Record<string, unknown>>({ url: `/sys-org/detail/${rows[0].id}` }) });
  }, [message, t]);
  return (
    <>
      <TemplateListPage refresh={generation} menuId={menuId} formActions={false} onOpen={(button, rows) => void open(button.action, rows).catch(() => undefined)} />
      <Modal open={!!editing} title={editing?.mode === 'update' ? t('admin.org.editTitle') : t('admin.org.addTitle')} width="60%" footer={null} destroyOnHidden onCancel={() => setEditing(null)}>
        {editing && (fields ? (
          <AdminForm
            {...editing} fields={fields}
            save={(body) => (editing.mode === 'update'
              ? request({ method: 'PUT', url: '/sys-org/update', body: { ...body, id: editing.row.id, version: editing.row.version } })
              : request({ method: 'POST', url: '/sys-org/create', body }))}
            onDone={(saved) => { setEditing(null); if (saved) setGeneration((g) => g + 1); }}
          />
        ) : <Skeleton active />)}
      </Modal>
    </>
  );
}
