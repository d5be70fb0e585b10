import { Card, Descriptions } from 'antd';
import { useSnapshot } from 'valtio';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';
import { session } from '../session/session-store';

/** /clouds/index: the home page. */
export function HomePage() {
  const t = useT();
  usePageTitle(t('home.title'));
  const { userInfo } = useSnapshot(session);
  return (
    <Card title={t('home.title')} className="wb-home">
      <Descriptions column={1} size="small">
        <Descriptions.Item label="用户">{userInfo?.realName}</Descriptions.Item>
        <Descriptions.Item label="当前公司">{userInfo?.currentOrgName}</Descriptions.Item>
        <Descriptions.Item label="集团">{userInfo?.currentGroupName}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
