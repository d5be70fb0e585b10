import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { DatabaseKind } from '../../../server/db/database';
import type { Template } from '../../../src/schema/template';
import { bearer, createTestApp, type TestApp } from './test-app';

/** A stored template's draft as `GET /optimus_prime/cg-format/draft/:id` answers it. */
export interface Draft { id: number; formatCode: string; version: number; changed: boolean; tableExplain: string | null; draft: Template }

type Method = 'GET' | 'PUT' | 'POST';

/** The app the template-designer suites share (format-routes, format-versions): signed-in users and calls. */
export interface FormatApp {
  t: TestApp;
  admin: string;
  weigher: string;
  /** The assayer, here given 模板设计's view and edit keys but not publishing. */
  assayer: string;
  /** A call under /api, as the admin unless a token is given. */
  call(method: Method, url: string, payload?: object, token?: string): Promise<LightMyRequestResponse>;
  /** A call's `data`, after expecting 200. */
  data<T>(method: Method, url: string, payload?: object, token?: string): Promise<T>;
  /** The id of the stored template with that code. */
  idOf(code: string): Promise<number>;
  draftOf(id: number): Promise<Draft>;
  publishedOf(id: number): Promise<Template>;
}

export async function createFormatApp(kind: DatabaseKind): Promise<FormatApp> {
  const t = await createTestApp(kind);
  const admin = (await t.login('admin')).access;
  const weigher = (await t.login('weigher')).access;
  // the assayer may view and edit templates, not publish them
  const { db } = t.database;
  const role = await db.selectFrom('sysRole').select('id').where('roleCode', '=', 'assayer').executeTakeFirstOrThrow();
  const menus = await db.selectFrom('sysMenu').select('id').where('uuid', 'in', ['area_config', 'grp_template', 'custom_format', 'custom_format_edit']).execute();
  await db.insertInto('sysRoleMenu').values(menus.map((m) => ({ roleId: role.id, menuId: m.id }))).execute();
  const assayer = (await t.login('assayer')).access;

  const call = (method: Method, url: string, payload?: object, token = admin) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const data = async <T>(method: Method, url: string, payload?: object, token = admin): Promise<T> => {
    const res = await call(method, url, payload, token);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(200);
    return res.json().data as T;
  };
  return {
    t, admin, weigher, assayer, call, data,
    idOf: async (code) => (await db.selectFrom('cgFormat').select('id').where('formatCode', '=', code).executeTakeFirstOrThrow()).id,
    draftOf: (id) => data<Draft>('GET', `/optimus_prime/cg-format/draft/${id}`),
    publishedOf: (id) => data<Template>('GET', `/optimus_prime/cg-format/type/subs/${id}`),
  };
}
