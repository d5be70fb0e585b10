import { App as AntApp } from 'antd';
import { useCallback, useState } from 'react';
import { TemplateListPage } from '../../../runtime/list/template-list-page';
import { LogDetailDialog } from '../../../runtime/list/request-log-drawer';
import { useT } from '../../i18n/i18n';

/** 操作日志: the operation log's template list (search, advanced query, paging); 日志详情 opens one entry. */
export function LogAdminPage({ menuId }: { menuId: number }) {
  const t = useT();
  const { message } = AntApp.useApp();
  const [detailId, setDetailId] = useState<number | null>(null);
  const close = useCallback(() => setDetailId(null), []);
  return (
    <>
      <TemplateListPage
        menuId={menuId} formActions={false}
        onOpen={(button, rows) => {
          if (button.action !== 'detail') return;
          if (rows.length !== 1) return void message.warning(rows.length === 0 ? t('admin.selectOne') : t('admin.onlyOne'));
          setDetailId(rows[0].id);
        }}
      />
      <LogDetailDialog id={detailId} onClose={close} />
    </>
  );
}
