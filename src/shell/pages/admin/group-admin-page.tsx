import { App as AntApp } from 'antd';
import { useCallback, useState } from 'react';
import { TemplateListPage } from '../../../runtime/list/template-list-page';
import { useT } from '../../i18n/i18n';
import { GroupLogoDialog } from './group-logo-dialog';

/** 集团管理: the group template list and form; 设置标志 uploads the chosen group's main and sub logo. */
export function GroupAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [group, setGroup] = useState<{ id: number; groupName?: unknown } | null>(null);
  const close = useCallback(() => setGroup(null), []);
  return (
    <>
      <TemplateListPage
        menuId={menuId}
        onOpen={(button, rows) => {
          if (button.action !== 'logo') return;
          if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
          setGroup(rows[0]);
        }}
      />
      <GroupLogoDialog group={group} onClose={close} />
    </>
  );
}
