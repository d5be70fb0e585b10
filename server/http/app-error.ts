/** The error catalogue's messages (spec 000 §8), used verbatim. */
export const MESSAGES = {
  duplicate: '操作太频繁，请勿重复请求',
  forbidden: '当前操作没有权限',
  notFound: '资源不存在',
  badCredentials: '用户名不存在或者密码错误',
  captcha: '验证码错误,请重新输入',
  tooFrequent: '请求过频繁',
  unknown: '系统未知错误，请反馈给管理员',
  internal: '系统内部错误，请联系管理员',
  unauthorized: '登录已失效，请重新登录',
  forcedOffline: '您已被管理员强制下线，请重新登录',
  accessRemoved: '您在当前公司的权限已被移除，请重新登录',
  accountLocked: '账号已被锁定，请联系管理员解锁',
  accountDisabled: '账号已被停用，请联系管理员',
  invalidRefresh: '登录已失效，请重新登录',
  invalidClient: '客户端认证失败',
  pwdUnsafe: '请修改初始密码！',
} as const;

/**
 * An error the API answers with a status, a code and a message a person can read. Anything
 * thrown that is not an AppError becomes a 500 whose message never shows SQL or a stack.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code: string = String(statusCode),
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const badRequest = (msg: string, data: unknown = null) => new AppError(400, msg, '400', data);
export const unauthorized = (msg: string = MESSAGES.unauthorized, code = '401') => new AppError(401, msg, code);
/** 403; `permission` names the missing key (the UI's development aid registers it). */
export const forbidden = (msg: string = MESSAGES.forbidden, permission?: string) => new AppError(403, msg, '403', permission ? { permission } : null);
export const notFound = (msg: string = MESSAGES.notFound) => new AppError(404, msg);
export const conflict = (msg: string, code = '409') => new AppError(409, msg, code);

/** A write that met another one: a row changed since it was read. Nothing was changed; read again and retry. */
export const STALE = '数据已被他人修改，请刷新后重试';
/** A stale optimistic-lock version (or a row changed between its check and its write): nothing was changed. */
export const staleVersion = () => conflict(STALE);

/**
 * PostgreSQL's SQLSTATEs for a transaction it gave up because of a concurrent one: a deadlock (40P01) and a
 * serialisation failure (40001). The database has rolled that transaction back (and the request's scope
 * rolls back with it), so nothing of the request was written, and sent again it may pass: answered as a
 * stale write (409, STALE) wherever it is raised — a statement of the handler, the operation-log entry,
 * the COMMIT. The embedded database runs one transaction at a time and never raises them.
 */
const LOST_TO_CONCURRENT = new Set(['40P01', '40001']);

export function lostToConcurrent(error: unknown): boolean {
  return typeof error === 'object' && error !== null && LOST_TO_CONCURRENT.has((error as { code?: unknown }).code as string);
}
