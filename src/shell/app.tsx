import { App as AntApp } from 'antd';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router';
import { useSnapshot } from 'valtio';
import { AntdConfig } from './antd-config';
import { i18nStore } from './i18n/i18n';
import { onUnauthorized } from './request/request';
import { closeAll } from './layout/tabs-store';
import { RequestErrorNotices } from './request-error-notices';
import { router } from './router';
import { clearSession } from './session/session-store';

/** The application: antd in the chosen language and the router. */
export function App() {
  const { locale } = useSnapshot(i18nStore);
  useEffect(() => { dayjs.locale(locale === 'zh-CN' ? 'zh-cn' : 'en'); }, [locale]);
  useEffect(() => onUnauthorized(() => {
    clearSession();
    closeAll();
    void router.navigate('/login', { replace: true });
  }), []);
  return (
    <AntdConfig locale={locale}>
      <AntApp>
        <RequestErrorNotices />
        <RouterProvider router={router} />
      </AntApp>
    </AntdConfig>
  );
}
