import type { RuntimeRequest } from '../../runtime/runtime-context';
import { session } from '../session/session-store';
import { request } from './request';

/**
 * How long an answer asked for early waits, once it has come, for the page that needs it. An answer
 * still on its way is always handed to the page's identical call: it is as fresh as the page's own
 * would be. On a machine busy enough, the page's code can take longer than this to load and run.
 */
export const EARLY_ANSWER_MS = 30_000;

interface Early { token: string | null; answer: Promise<unknown>; came?: { value: unknown; at: number } }
const early = new Map<string, Early>();

/**
 * The identity of a read (address, query, body, flags): a plain GET, or a list read (a POST of a search
 * marked `list`, which changes nothing); other calls are never asked early.
 */
function keyOf(o: RuntimeRequest): string | null {
  const method = o.method ?? 'GET';
  if (o.headers || !(method === 'GET' ? o.body === undefined : method === 'POST' && o.list)) return null;
  const query = Object.entries(o.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${String(v)}`).sort().join('&');
  return `${method} ${o.url}?${query}|${o.body === undefined ? '' : JSON.stringify(o.body)}|${o.quiet ? 'quiet' : ''}|${o.list ? 'list' : ''}`;
}

/**
 * Makes a call now for a page whose code is still loading (the template of the page an address
 * opens, then a list's first rows) and answers its promise (null if it may not be asked early): the
 * page's own identical call by the same session, while the answer is on its way or within 30 s of its
 * coming, gets this answer instead of asking again. Each early answer is handed out once.
 */
export function askEarly<T = unknown>(o: RuntimeRequest): Promise<T> | null {
  const key = keyOf(o);
  if (!key || !session.accessToken) return null;
  const answer = request<T>(o);
  const entry: Early = { token: session.accessToken, answer };
  answer.then((value) => { entry.came = { value, at: Date.now() }; }, () => { /* the page's own call reports the failure */ });
  early.set(key, entry);
  return answer;
}

/** The early answer to this call, if there is a fresh one for this session (then forgotten); otherwise null. */
export function takeEarly<T>(o: RuntimeRequest): Promise<T> | null {
  const key = keyOf(o);
  const hit = key ? early.get(key) : undefined;
  if (!hit) return null;
  early.delete(key!);
  const fresh = !hit.came || Date.now() - hit.came.at <= EARLY_ANSWER_MS;
  return fresh && hit.token === session.accessToken ? hit.answer as Promise<T> : null;
}

/**
 * The early answer to this call if it has already come (then forgotten, as `takeEarly` does), so
 * that a page draws with it in its first render rather than drawing empty and again a moment later;
 * undefined while it is on its way (the page's call then takes the promise) or if there is none.
 */
export function takeCame<T>(o: RuntimeRequest): { value: T } | undefined {
  const key = keyOf(o);
  const hit = key ? early.get(key) : undefined;
  if (!hit?.came) return undefined;
  return takeEarly(o) ? { value: hit.came.value as T } : undefined;
}
