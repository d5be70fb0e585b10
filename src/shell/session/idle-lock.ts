import { session } from './session-store';

/** Idle lock after 2,400,000 ms without mouse movement (spec 000 §4, §9). */
export const IDLE_LOCK_MS = 2_400_000;
/** Pages on which the idle timer does not run. */
export const NO_LOCK_TIMER_PATHS = ['/login', '/lock', '/forgetpwd', '/editpwd', '/register'];
export const LOCK_PATH = '/lock';
const FLAG = 'wb.isLock';

/** The lock flag, kept in local and session storage as well as the store. */
export function isLocked(): boolean {
  if (session.isLock) return true;
  try {
    return globalThis.localStorage?.getItem(FLAG) === '1' || globalThis.sessionStorage?.getItem(FLAG) === '1';
  } catch {
    return false;
  }
}

export function lockSession(): void {
  session.isLock = true;
  try {
    globalThis.localStorage?.setItem(FLAG, '1');
    globalThis.sessionStorage?.setItem(FLAG, '1');
  } catch { /* storage off */ }
}

export function clearLock(): void {
  session.isLock = false;
  try {
    globalThis.localStorage?.removeItem(FLAG);
    globalThis.sessionStorage?.removeItem(FLAG);
  } catch { /* storage off */ }
}

/**
 * Starts the idle timer for a page: any mouse movement restarts it; when it runs out `onLock` runs
 * (the shell signs the session out and goes to /login). Answers the stop function.
 */
export function startIdleTimer(pathname: string, onLock: () => void, target: Pick<Window, 'addEventListener' | 'removeEventListener'> = window): () => void {
  if (NO_LOCK_TIMER_PATHS.includes(pathname) || !session.accessToken) return () => undefined;
  let timer = setTimeout(fire, IDLE_LOCK_MS);
  let last = Date.now();
  function fire() {
    onLock();
  }
  const moved = () => {
    const now = Date.now();
    if (now - last < 1000) return; // restart at most once a second
    last = now;
    clearTimeout(timer);
    timer = setTimeout(fire, IDLE_LOCK_MS);
  };
  target.addEventListener('mousemove', moved, { passive: true });
  return () => {
    clearTimeout(timer);
    target.removeEventListener('mousemove', moved);
  };
}
