import type { Page } from '@playwright/test';

/** Calls the API with the session of the person signed in on `page` (the token the shell stored). */
export async function api<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: { success: boolean; msg: string; data: T } }> {
  return page.evaluate(async ({ method, url, body }) => {
    const token = (JSON.parse(localStorage.getItem('wb.session') ?? '{}') as { accessToken?: string }).accessToken;
    const res = await fetch(`/api${url}`, {
      method,
      headers: { Authorization: `Bearer ${token ?? ''}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: res.status, json: await res.json() };
  }, { method, url, body });
}

/** Creates a user in the first demo company with the weigher role (as the signed-in administrator). */
export async function createUser(page: Page, username: string, password: string): Promise<number> {
  const orgs = await api<{ list: { id: number; orgCode: string }[] }>(page, 'POST', '/sys-org/list', { limit: { pn: 1, ps: 100 } });
  const roles = await api<{ list: { id: number; roleCode: string }[] }>(page, 'POST', '/sys-role/list', { limit: { pn: 1, ps: 100 } });
  const org = orgs.json.data.list.find((o) => o.orgCode === 'DFNY')!;
  const role = roles.json.data.list.find((r) => r.roleCode === 'weigher')!;
  const res = await api<{ id: number }>(page, 'POST', '/sys-user/create', { username, realName: `测试${username}`, password, orgIds: [org.id], roleIds: [role.id] });
  if (!res.json.success) throw new Error(`creating ${username}: ${res.json.msg}`);
  return res.json.data.id;
}

/** The API's answer envelope alone (as `api`, for tests that read the answer loosely). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- e2e tests read answers of many shapes
export async function apiJson<T = any>(page: Page, method: string, url: string, body?: unknown): Promise<{ success: boolean; msg: string; data: T }> {
  return (await api<T>(page, method, url, body)).json;
}

/** Calls the API like `api` and answers `data`, failing on an unsuccessful answer (with its message). */
export async function apiData<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<T> {
  const res = await api<T>(page, method, url, body);
  if (!res.json.success) throw new Error(`${method} ${url}: ${res.status} ${res.json.msg}`);
  return res.json.data;
}
