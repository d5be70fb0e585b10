import { App as AntApp } from 'antd';
import { useEffect } from 'react';
import { t } from './i18n/i18n';
import { menuOfPath } from './navigation';
import type { ApiError } from './request/api-error';
import { describeError } from './request/error-message';
import { onForbidden, onPasswordUnsafe, onRequestError, request } from './request/request';
import { router } from './router';
import { toPasswordChange } from './session/password-change';
import { session } from './session/session-store';

let devAid: Promise<boolean> | null = null;
/** Whether the server has the development aid on (global-config devAid), asked once. */
function devAidOn(): Promise<boolean> {
  devAid ??= request<{ devAid?: boolean }>({ url: '/sys-info/global-config', quiet: true }).then((c) => !!c.devAid).catch(() => false);
  return devAid;
}

/**
 * Development aid (spec 000 §6): on a 403 naming a permission, post it with the current menu to the
 * save-permission call and tell the user whether it was added, or show the server's message.
 */
async function registerMissingPermission(error: ApiError): Promise<string | null> {
  const { permission, preview } = (error.data as { permission?: string; preview?: boolean } | null) ?? {};
  // a refusal inside 模板设计's preview is the previewed role's: it is what the preview shows, not a key to add
  if (!permission || preview || !(await devAidOn())) return null;
  const menu = menuOfPath(session.menu, typeof location === 'undefined' ? '/' : location.pathname);
  if (!menu) return null;
  try {
    const answer = await request<{ added: boolean }>({ method: 'POST', url: '/sys-menu/savePermission', body: { menuId: menu.id, permission, methods: error.path.replace(/^\/api/, '').split('?')[0].slice(0, 20) }, quiet: true });
    return answer.added ? `${t('devAid.added')}：${permission}` : `${t('devAid.exists')}：${permission}`;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

/** Shows what a failed call means to a person (spec 000 §8): warnings 温馨提示, errors 错误提示. */
export function RequestErrorNotices() {
  const { notification, message } = AntApp.useApp();
  // a call refused until the initial or reset password is changed: to 修改密码 (the page's other calls stay quiet)
  useEffect(() => onPasswordUnsafe(() => toPasswordChange((text, seconds) => message.loading(text, seconds), (path) => { void router.navigate(path, { replace: true }); })), [message]);
  useEffect(() => onRequestError((error) => {
    const notice = describeError(error);
    if (notice.level === 'none') return;
    const description = 'key' in notice.text ? t(notice.text.key) : notice.text.raw;
    // the same notice from several calls failing together shows once (e.g. every call of a page after a forced sign-out)
    notification[notice.level === 'warning' ? 'warning' : 'error']({ key: `${notice.level}:${description}`, message: t(notice.titleKey), description, duration: notice.duration ?? 4.5 });
  }), [notification]);
  useEffect(() => onForbidden((error) => {
    void registerMissingPermission(error).then((text) => {
      if (text) notification.info({ message: t('devAid.title'), description: text, duration: 6 });
    });
  }), [notification]);
  return null;
}
