import { proxy, ref, subscribe } from 'valtio';
import { ApiError } from '../request/api-error';
import { configureRequest } from '../request/request';
import { fetchMe, logoutCall, passwordGrant, refreshGrant, unlockGrant, type TokenAnswer, type UserInfo } from './auth-api';
import { fetchMenu, fetchMenuGeneration, type MenuNode } from './menu';
import { request } from '../request/request';
import { settings } from '../settings-store';

const STORAGE_KEY = 'wb.session';

export interface SessionState {
  accessToken: string | null;
  refreshToken: string | null;
  expiresIn: number | null;
  userInfo: UserInfo | null;
  /** Permission keys, each true (spec 000 §3 "a set keyed by permission name"). */
  permissions: Record<string, true>;
  roles: string[];
  menu: MenuNode[];
  /** The server's menu generation the menu was read at (see `checkMenuGeneration`). */
  menuGeneration?: number | null;
  isLock: boolean;
}

/** An object kept as it is in the session (valtio's `ref`: not made into proxies, see `kept`). */
const whole = <T extends object>(value: T): T => ref(value) as T;

const empty = (): SessionState => ({ accessToken: null, refreshToken: null, expiresIn: null, userInfo: null, permissions: whole({}), roles: [], menu: whole([]), isLock: false });

/**
 * The menu and the permission keys are replaced whole, never changed in place (a star on a menu entry
 * goes through `changeMenuEntry`): kept as they are (valtio's `ref`), not made into proxies object by
 * object. An administrator's menu of some hundreds of entries took that work at every page load, and
 * again for each snapshot of the session a component read while the shell drew its first screen.
 */
const kept = (state: SessionState): SessionState => ({
  ...state,
  // a session kept by an older release may lack either
  menu: whole(Array.isArray(state.menu) ? state.menu : []),
  permissions: whole(state.permissions && typeof state.permissions === 'object' ? state.permissions : {}),
});

function load(): SessionState {
  try {
    const raw = globalThis.localStorage?.getItem(STORAGE_KEY);
    return raw ? kept({ ...empty(), ...(JSON.parse(raw) as Partial<SessionState>) }) : empty();
  } catch {
    return empty();
  }
}

/** The signed-in session, persisted in local storage so a reload keeps it. */
export const session = proxy<SessionState>(load());
subscribe(session, () => {
  try { globalThis.localStorage?.setItem(STORAGE_KEY, JSON.stringify(session)); } catch { /* storage off */ }
});

function storeTokens(t: TokenAnswer): void {
  session.accessToken = t.access_token;
  session.refreshToken = t.refresh_token;
  session.expiresIn = t.expires_in;
}

export async function login(username: string, password: string, captcha?: { code: string; randomStr: string }): Promise<void> {
  storeTokens(await passwordGrant(username.trim(), password, captcha));
  session.isLock = false;
  try {
    globalThis.localStorage?.removeItem('wb.isLock');
    globalThis.sessionStorage?.removeItem('wb.isLock');
  } catch { /* storage off */ }
  await loadUser();
}

/** Unlocks a locked session by signing the same user in again (the lock client); the old session ends. */
export async function unlock(password: string): Promise<void> {
  const username = session.userInfo?.username;
  if (!username) throw new Error('no user to unlock');
  const old = session.accessToken;
  const answer = await unlockGrant(username, password);
  if (old) await logoutCall().catch(() => undefined);
  storeTokens(answer);
  session.isLock = false;
  await loadUser();
}

/**
 * Reads the signed-in user (with roles and permissions), the menu and the display setting. The three
 * are read side by side: after a sign-in or at a page's first load that is two round trips instead
 * of four. The menu's generation is read before the menu itself: a change between the two reads
 * shows on the next check.
 */
export async function loadUser(): Promise<UserInfo> {
  const menu = (async () => {
    const generation = await fetchMenuGeneration().catch(() => null);
    return { generation, nodes: await fetchMenu() };
  })();
  const desensitization = request<string>({ method: 'POST', url: '/index/getDefineSetVal', body: { paramName: 'data_desensitization' }, quiet: true }).catch(() => '0');
  // a failed user read fails the whole load: the menu's own failure is then not reported twice
  menu.catch(() => undefined);
  const me = await fetchMe();
  session.userInfo = me;
  session.roles = me.roles;
  session.permissions = whole(Object.fromEntries(me.permissions.map((p) => [p, true as const])));
  const read = await menu;
  session.menuGeneration = read.generation;
  session.menu = whole(read.nodes);
  settings.desensitization = await desensitization;
  return me;
}

/**
 * Changes one menu entry (the common-menu star sets `ownMenu`): the menu is replaced whole, the entry
 * and the entries above it copied, so that everything showing the menu follows (it is kept whole, see
 * `kept`, and a change in place would go unnoticed).
 */
export function changeMenuEntry(id: number, change: Partial<MenuNode>): void {
  const apply = (nodes: MenuNode[]): MenuNode[] => {
    let changed = false;
    const next = nodes.map((n) => {
      if (n.id === id) { changed = true; return { ...n, ...change }; }
      const children = n.children?.length ? apply(n.children) : n.children;
      if (children === n.children) return n;
      changed = true;
      return { ...n, children };
    });
    return changed ? next : nodes;
  };
  const next = apply(session.menu);
  if (next !== session.menu) session.menu = whole(next);
}

let checking: Promise<void> | null = null;
/**
 * Reads the menu generation and, when it moved since the menu was read (a menu added or changed in
 * 菜单管理, a role's permissions or users changed), reads the user, permissions and menu again:
 * signed-in users see the change without signing in again.
 */
export function checkMenuGeneration(): Promise<void> {
  if (!session.accessToken) return Promise.resolve();
  checking ??= (async () => {
    try {
      const generation = await fetchMenuGeneration();
      if (generation !== session.menuGeneration) await loadUser();
    } catch { /* the next check tries again */ } finally { checking = null; }
  })();
  return checking;
}

let refreshing: Promise<boolean> | null = null;
/** One refresh at a time; a failure clears the session (the shell then goes to /login). */
export function refreshSession(): Promise<boolean> {
  if (!session.refreshToken) return Promise.resolve(false);
  refreshing ??= refreshGrant(session.refreshToken)
    .then((t) => { storeTokens(t); return true; })
    .catch(() => { clearSession(); return false; })
    .finally(() => { refreshing = null; });
  return refreshing;
}

/** Forgets menu, tags, permissions, user, tokens and roles (spec 000 §4). */
export function clearSession(): void {
  Object.assign(session, empty());
  try {
    globalThis.localStorage?.removeItem('wb.isLock');
    globalThis.sessionStorage?.removeItem('wb.isLock');
  } catch { /* storage off */ }
}

export async function logout(): Promise<void> {
  try {
    if (session.accessToken) await logoutCall();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  } finally {
    clearSession();
  }
}

export const isSignedIn = () => !!session.accessToken;

configureRequest({
  getToken: () => session.accessToken,
  getTenantId: () => session.userInfo?.currentOrg ?? null,
  refresh: refreshSession,
});
