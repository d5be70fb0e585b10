import type { HeldAnswer, RuntimeRequest } from '../../runtime/runtime-context';
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
 * The calls a page made itself, by key and session, when no early answer was there to take, kept
 * `EARLY_ANSWER_MS`: on a busy machine the page's code can be quicker than the small module that
 * works out its first rows' call, and the shell must not then ask the server a second time.
 */
const pageAsked = new Map<string, { token: string | null; at: number }>();
function notePageCall(key: string): void {
  const now = Date.now();
  for (const [k, v] of pageAsked) if (now - v.at > EARLY_ANSWER_MS) pageAsked.delete(k);
  pageAsked.set(key, { token: session.accessToken, at: now });
}

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
 * coming, gets this answer instead of asking again. Each early answer is handed out once; a call the
 * page has made itself in the last 30 s is not asked again (null).
 */
export function askEarly<T = unknown>(o: RuntimeRequest): Promise<T> | null {
  const key = keyOf(o);
  if (!key || !session.accessToken) return null;
  // the page has made this call itself already (its code came first): asking again would be a second read
  const asked = pageAsked.get(key);
  if (asked && asked.token === session.accessToken && Date.now() - asked.at <= EARLY_ANSWER_MS) { pageAsked.delete(key); return null; }
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
  if (!hit) { if (key) notePageCall(key); return null; }
  early.delete(key!);
  const fresh = !hit.came || Date.now() - hit.came.at <= EARLY_ANSWER_MS;
  return fresh && hit.token === session.accessToken ? hit.answer as Promise<T> : null;
}

/**
 * The early answer to this call if it has already come and is fresh for this session, so that a page
 * draws with it in its first render rather than drawing empty and again a moment later; undefined
 * while it is on its way (the page's call then takes the promise) or if there is none. It stays held
 * until `take` (the page drew with it: then forgotten, as `takeEarly` does): a render thrown away
 * and made again finds it still there.
 */
export function heldAnswer<T>(o: RuntimeRequest): HeldAnswer<T> | undefined {
  const key = keyOf(o);
  const hit = key ? early.get(key) : undefined;
  if (!hit?.came || Date.now() - hit.came.at > EARLY_ANSWER_MS || hit.token !== session.accessToken) return undefined;
  return { value: hit.came.value as T, take: () => { if (early.get(key!) === hit) early.delete(key!); } };
}
