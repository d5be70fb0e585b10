import type { RuntimeRequest } from '../../runtime/runtime-context';
import { session } from '../session/session-store';
import { request } from './request';

/** How long an answer asked for early waits for the page that needs it. */
export const EARLY_ANSWER_MS = 10_000;

interface Early { at: number; token: string | null; answer: Promise<unknown> }
const early = new Map<string, Early>();

/** A plain GET's identity (address, query, flags); other calls are never asked early. */
function keyOf(o: RuntimeRequest): string | null {
  if ((o.method ?? 'GET') !== 'GET' || o.body !== undefined || o.headers) return null;
  const query = Object.entries(o.query ?? {}).filter(([, v]) => v !== undefined).map(([k, v]) => `${k}=${String(v)}`).sort().join('&');
  return `${o.url}?${query}|${o.quiet ? 'quiet' : ''}|${o.list ? 'list' : ''}`;
}

/**
 * Makes a call now for a page whose code is still loading (the template of the page an address
 * opens): the page's own identical call, made within 10 s by the same session, gets this answer
 * instead of asking again. Each early answer is handed out once.
 */
export function askEarly(o: RuntimeRequest): void {
  const key = keyOf(o);
  if (!key || !session.accessToken) return;
  const answer = request(o);
  answer.catch(() => { /* the page's own call reports the failure */ });
  early.set(key, { at: Date.now(), token: session.accessToken, answer });
}

/** The early answer to this call, if there is a fresh one for this session (then forgotten); otherwise null. */
export function takeEarly<T>(o: RuntimeRequest): Promise<T> | null {
  const key = keyOf(o);
  const hit = key ? early.get(key) : undefined;
  if (!hit) return null;
  early.delete(key!);
  return Date.now() - hit.at <= EARLY_ANSWER_MS && hit.token === session.accessToken ? hit.answer as Promise<T> : null;
}
