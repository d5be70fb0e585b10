import { ApiError, kindOf } from './api-error';
import { buildHeaders } from './headers';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 60_000;
/** The code of a call refused until the session's initial or reset password is changed. */
export const PWD_UNSAFE = 'PWD_UNSAFE';

/** What the transport needs from the session, set by the shell (the transport never touches UI or location). */
export interface RequestContext {
  getToken(): string | null;
  getTenantId(): string | number | null;
  getRoutePath(): string;
  /** Tries a token refresh once; resolves true when a new token is in place. */
  refresh(): Promise<boolean>;
}

const context: RequestContext = {
  getToken: () => null,
  getTenantId: () => null,
  getRoutePath: () => (typeof location === 'undefined' ? '/' : location.pathname),
  refresh: async () => false,
};
export function configureRequest(partial: Partial<RequestContext>): void {
  Object.assign(context, partial);
}

type Listener = (error: ApiError) => void;
const unauthorizedListeners = new Set<Listener>();
const errorListeners = new Set<Listener>();
const forbiddenListeners = new Set<Listener>();
/** Called for every 403, quiet calls included (the development aid of spec 000 §6). */
export function onForbidden(listener: Listener): () => void {
  forbiddenListeners.add(listener);
  return () => forbiddenListeners.delete(listener);
}
const passwordListeners = new Set<Listener>();
/**
 * Called when a call is refused because the session's password must be changed first (403
 * PWD_UNSAFE: an initial or reset password), quiet calls included: the shell goes to 修改密码.
 */
export function onPasswordUnsafe(listener: Listener): () => void {
  passwordListeners.add(listener);
  return () => passwordListeners.delete(listener);
}
/** Called when a call ends in 401 after the refresh attempt: the shell logs out. */
export function onUnauthorized(listener: Listener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}
/** Called for every failed call not marked `quiet`: the shell shows the notice. */
export function onRequestError(listener: Listener): () => void {
  errorListeners.add(listener);
  return () => errorListeners.delete(listener);
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
  url: string;
  query?: Record<string, string | number | boolean | undefined | null>;
  body?: unknown;
  form?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send the bearer token (default true). */
  auth?: boolean;
  /** A list call (adds UrlSource: RES). */
  list?: boolean;
  /** The caller handles the error itself: no notice is published. */
  quiet?: boolean;
  timeoutMs?: number;
  /** `response`: a successful non-JSON answer is handed back as it is (downloads read its body). */
  responseType?: 'json' | 'blob' | 'response';
  signal?: AbortSignal;
}

interface Envelope<T> { success: boolean; code: string; msg: string; data: T }

function urlOf(options: RequestOptions): string {
  const url = options.url.startsWith('http') ? options.url : `${API_BASE}${options.url.startsWith('/') ? '' : '/'}${options.url}`;
  if (!options.query) return url;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(options.query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

async function send<T>(options: RequestOptions): Promise<T> {
  const url = urlOf(options);
  const headers: Record<string, string> = {
    ...buildHeaders({ token: context.getToken(), tenantId: context.getTenantId(), routePath: context.getRoutePath(), auth: options.auth, list: options.list }),
    ...options.headers,
  };
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) {
    body = options.body; // the browser sets the multipart boundary
  } else if (options.form) {
    body = new URLSearchParams(options.form).toString();
    headers['Content-Type'] = 'application/x-www-form-urlencoded';
  } else if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers['Content-Type'] = 'application/json';
  }
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort('timeout'), options.timeoutMs ?? REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort('cancelled'));
  let response: Response;
  try {
    response = await fetch(url, { method: options.method ?? 'GET', headers, body, credentials: 'include', signal: controller.signal });
  } catch (error) {
    const timedOut = controller.signal.reason === 'timeout';
    throw new ApiError(timedOut ? 'timeout' : 'network', 0, timedOut ? 'TIMEOUT' : 'NETWORK', timedOut ? '请求超时！' : String(error), url);
  } finally {
    clearTimeout(timer);
  }
  if (options.responseType === 'blob' && response.ok) return (await response.blob()) as T;
  // a file: anything but the API's JSON envelope, and a JSON file the server sends as an attachment (a template's export)
  if (options.responseType === 'response' && response.ok
    && (!response.headers.get('content-type')?.includes('application/json') || /^\s*attachment/i.test(response.headers.get('content-disposition') ?? ''))) return response as T;
  let envelope: Envelope<T> | undefined;
  try {
    envelope = (await response.json()) as Envelope<T>;
  } catch {
    envelope = undefined;
  }
  if (response.ok && envelope?.success === true) return envelope.data;
  const code = envelope?.code ?? String(response.status);
  throw new ApiError(kindOf(response.status, code), response.status, code, envelope?.msg ?? response.statusText, url, envelope?.data ?? null);
}

/**
 * One API call: resolves with `data` when the body says `success: true`, otherwise rejects with an
 * ApiError. A 401 on a signed-in call tries one token refresh and retries.
 */
export async function request<T>(options: RequestOptions): Promise<T> {
  try {
    return await send<T>(options);
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    if (error.kind === 'unauthorized' && options.auth !== false && context.getToken()) {
      if (error.code !== 'FORCED_OFFLINE' && (await context.refresh().catch(() => false))) {
        try {
          return await send<T>(options);
        } catch (retryError) {
          if (retryError instanceof ApiError) return fail(retryError, options);
          throw retryError;
        }
      }
      return fail(error, options);
    }
    return fail(error, options);
  }
}

/** Publishes a failure found after the call answered (a download cut off): the shell shows it like any other. */
export function reportRequestError(error: ApiError): void {
  for (const l of errorListeners) l(error);
}

function fail(error: ApiError, options: RequestOptions): never {
  if (error.kind === 'unauthorized' && options.auth !== false) for (const l of unauthorizedListeners) l(error);
  if (error.kind === 'forbidden' && error.code === PWD_UNSAFE) {
    for (const l of passwordListeners) l(error);
    throw error;
  }
  if (error.kind === 'forbidden') for (const l of forbiddenListeners) l(error);
  // a signed-in call refused as signed out ends the session: the user is told why even when the caller is quiet
  const endsSession = error.kind === 'unauthorized' && options.auth !== false;
  if (!options.quiet || endsSession) for (const l of errorListeners) l(error);
  throw error;
}
