import type { MessageKey } from '../i18n/zh-CN';
import type { ApiError } from './api-error';

export interface ErrorNotice {
  level: 'warning' | 'error' | 'none';
  /** 温馨提示 for warnings, 错误提示 for errors. */
  titleKey: MessageKey;
  /** A catalogue key, or the server's own text. */
  text: { key: MessageKey } | { raw: string };
  /** Seconds the notice stays (the forced-offline warning stays 10 s). */
  duration?: number;
}

/** Calls whose failures stay silent (spec 000 §8). */
const SILENT = [/\/sys-user\/pwd\/checkSafe/, /\/sys-group\/getPic/, /\/admin\/file\//, /\/as-inventory-class\/list/, /\/admin\/log\/logs/];
export const isSilentPath = (path: string) => SILENT.some((re) => re.test(path));

const CHINESE = /[\u4e00-\u9fa5]/;

/** The 500 rule: the server's message if it is Chinese and under 30 characters, else the generic text. */
export function serverErrorText(msg: string | undefined): { key: MessageKey } | { raw: string } {
  return msg && CHINESE.test(msg) && [...msg].length < 30 ? { raw: msg } : { key: 'err.500' };
}

/** Whether a message says the session was forced offline or must sign in again. */
export const isForcedOffline = (msg: string) => /强制下线|重新登录|forced offline|log in again/i.test(msg);

/** What the shell shows for a failed call (spec 000 §8). */
export function describeError(error: ApiError): ErrorNotice {
  const warn = (text: ErrorNotice['text'], duration?: number): ErrorNotice => ({ level: 'warning', titleKey: 'common.warnTitle', text, duration });
  const fail = (text: ErrorNotice['text']): ErrorNotice => ({ level: 'error', titleKey: 'common.errorTitle', text });
  if (isSilentPath(error.path)) return { level: 'none', titleKey: 'common.errorTitle', text: { raw: error.message } };
  switch (error.kind) {
    case 'unauthorized':
      if (/不存在/.test(error.message) && /用户/.test(error.message)) return warn({ key: 'err.userMissing' });
      if (isForcedOffline(error.message) && /强制/.test(error.message)) return warn({ raw: error.message }, 10);
      return warn({ key: 'err.sessionExpired' });
    case 'timeout': return fail({ key: 'err.timeout' });
    case 'network': return fail({ key: 'err.network' });
    case 'server': return fail(serverErrorText(error.message));
    case 'duplicate': return warn({ key: 'err.000' });
    case 'forbidden': return fail({ key: 'err.403' });
    case 'notFound': return fail(error.message && CHINESE.test(error.message) ? { raw: error.message } : { key: 'err.404' });
    case 'badCredentials': return fail({ key: 'err.426' });
    case 'captcha': return fail({ key: 'err.428' });
    case 'tooFrequent': return warn({ key: 'err.429' });
    case 'demo': return warn({ key: 'err.479' });
    case 'business':
      if (isForcedOffline(error.message)) return warn({ raw: error.message }, 10);
      return fail(error.message ? { raw: error.message } : { key: 'err.default' });
    default:
      return fail(error.message ? { raw: error.message } : { key: 'err.default' });
  }
}
