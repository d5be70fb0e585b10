import { Button, Result } from 'antd';
import { useNavigate } from 'react-router';
import { useT } from '../i18n/i18n';
import { usePageTitle } from '../page-title';

const STATUS = { 401: '403', 403: '403', 404: '404', 500: '500' } as const;

/** /401, /403, /404, /500 and the catch-all. */
export function ErrorPage({ code }: { code: 401 | 403 | 404 | 500 }) {
  const t = useT();
  const navigate = useNavigate();
  const text = t(`error.${code}` as const);
  usePageTitle(String(code));
  return (
    <Result
      status={STATUS[code]}
      title={code}
      subTitle={text}
      extra={<Button type="primary" onClick={() => navigate('/')}>{t('error.back')}</Button>}
    />
  );
}
