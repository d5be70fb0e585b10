import { App as AntApp, Button, Descriptions, Modal, Radio, Space } from 'antd';
import { useState } from 'react';
import { TemplateListPage } from '../../../runtime/list/template-list-page';
import { systemSettingOf } from '../../../schema/system-settings';
import { useT } from '../../i18n/i18n';
import { request } from '../../request/request';
import { loadUser } from '../../session/session-store';

interface SettingRow { id: number; paramKey: string; paramName: string; meaning: string; paramValue: string }

/** 参数设置: the system parameters with their meaning; 修改 chooses one of a parameter's allowed values. */
export function SettingAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [generation, setGeneration] = useState(0);
  const [editing, setEditing] = useState<SettingRow | null>(null);
  const [value, setValue] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const setting = editing ? systemSettingOf(editing.paramKey) : undefined;
  const save = async () => {
    if (!editing || value === null) return;
    setBusy(true);
    try {
      await request({ method: 'PUT', url: '/sys-setting/update', body: { paramKey: editing.paramKey, paramValue: value } });
      message.success(t('admin.setting.saved'));
      setEditing(null);
      setGeneration((g) => g + 1);
      // what the product reads (e.g. desensitisation) follows at once in this session
      await loadUser().catch(() => undefined);
    } catch { /* the request layer showed the refusal */ } finally { setBusy(false); }
  };
  return (
    <>
      <TemplateListPage
        refresh={generation} menuId={menuId} formActions={false}
        onOpen={(button, rows) => {
          if (button.action !== 'edit') return;
          if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
          const row = rows[0] as unknown as SettingRow;
          setEditing(row);
          setValue(row.paramValue);
        }}
      />
      <Modal
        open={!!editing} title={t('admin.setting.editTitle')} destroyOnHidden onCancel={() => setEditing(null)}
        footer={<Space><Button onClick={() => setEditing(null)}>{t('admin.setting.cancel')}</Button><Button type="primary" loading={busy} onClick={() => void save()}>{t('admin.setting.save')}</Button></Space>}
      >
        {editing && (
          <Descriptions bordered size="small" column={1} labelStyle={{ width: 96 }}>
            <Descriptions.Item label={t('admin.setting.name')}>{editing.paramName}（{editing.paramKey}）</Descriptions.Item>
            <Descriptions.Item label={t('admin.setting.meaning')}>{editing.meaning}</Descriptions.Item>
            <Descriptions.Item label={t('admin.setting.value')}>
              <Radio.Group aria-label={editing.paramName} value={value} onChange={(e) => setValue(e.target.value as string)} options={(setting?.values ?? []).map((v) => ({ value: v.value, label: `${v.label}（${v.value}）` }))} />
            </Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
    </>
  );
}
