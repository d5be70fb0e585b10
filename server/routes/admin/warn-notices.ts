import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { checkEmail, EMAIL_MESSAGE } from '../../../src/schema/validate';
import type { DB } from '../../db/schema';
import { caller } from '../../http/auth-hook';
import { badRequest, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { currentOrg } from '../../resources/scope';
import { WARN_KINDS } from '../warn-kinds';
import { callerGroup, groupPeople, peopleTree, staleVersion, type GroupPerson } from './common';


const TARGETS = [['to', 'toAddrs'], ['cc', 'ccAddrs'], ['bcc', 'bccAddrs']] as const;
type Target = (typeof TARGETS)[number][0];
type Addresses = Record<Target, string[]>;

const addressList = { type: 'array', maxItems: 200, items: { type: 'string', maxLength: 200 } } as const;
const warnTypeParams = { type: 'object', additionalProperties: false, required: ['warnType'], properties: { warnType: { type: 'string', maxLength: 32 } } } as const;

const listOf = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The e-mail book of a group: each address once (the first user holding it), keyed in lower case. */
function addressBook(people: GroupPerson[]): Map<string, GroupPerson & { email: string }> {
  const out = new Map<string, GroupPerson & { email: string }>();
  for (const p of people) {
    const email = p.email?.trim();
    if (!email || checkEmail(email) !== null || out.has(email.toLowerCase())) continue;
    out.set(email.toLowerCase(), { ...p, email });
  }
  return out;
}

/**
 * 预警通知 (the address-list mode of the transfer list, spec 001 §2 screen 10): for each warning
 * kind of the home page, the 收件人, 抄送人 and 密送人 of the caller's current company, chosen from
 * the e-mail addresses of the group's users. Only who is chosen is stored: no mail is sent here.
 */
export async function warnNoticeRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  const bookOf = async (groupId: number) => {
    const { orgs, people } = await groupPeople(db, groupId);
    return { orgs, book: addressBook(people) };
  };

  app.get('/sys-warn-notice/list', {
    config: { permission: 'sys_warn_notice_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '预警通知：当前公司每种预警（params 为其阈值）的收件人、抄送人、密送人（names 为地址对应的用户姓名）' },
  }, async (request) => {
    const orgId = currentOrg(request);
    const rows = await db.selectFrom('sysWarnNotice as n').leftJoin('sysUser as u', 'u.id', 'n.updatedBy')
      .select(['n.warnType', 'n.toAddrs', 'n.ccAddrs', 'n.bccAddrs', 'n.updatedAt', 'n.version', 'u.realName as updatedByName'])
      .where('n.orgId', '=', orgId).execute();
    const { book } = await bookOf(await callerGroup(db, request));
    const names: Record<string, string> = {};
    const list = WARN_KINDS.map((kind) => {
      const row = rows.find((r) => r.warnType === kind.warnType);
      const addresses = Object.fromEntries(TARGETS.map(([target, column]) => [target, listOf(row?.[column])])) as Addresses;
      for (const a of [...addresses.to, ...addresses.cc, ...addresses.bcc]) {
        const person = book.get(a.toLowerCase());
        if (person) names[a] = person.realName;
      }
      return { ...kind, ...addresses, version: row?.version ?? 0, updatedAt: row?.updatedAt ?? null, updatedByName: row?.updatedByName ?? null };
    });
    return ok({ list, total: list.length, names });
  });

  app.get('/sys-warn-notice/address-book', {
    config: { permission: 'sys_warn_notice_edit', noOperationLog: true },
    schema: { tags: ['admin'], summary: '预警通知的通讯录：本集团有邮箱的用户，按公司分组（叶子的 key 为邮箱）' },
  }, async (request) => {
    const { orgs, book } = await bookOf(await callerGroup(db, request));
    const people = [...book.values()];
    // the key is the address, so each person shows once: under the first of their companies
    return ok(peopleTree(orgs, people, (p, orgId) => (orgId === (p.orgIds[0] ?? null) ? { key: p.email, title: `${p.realName} <${p.email}>` } : null)));
  });

  app.put<{ Params: { warnType: string }; Body: Partial<Addresses> & { version?: number } }>('/sys-warn-notice/:warnType', {
    config: { permission: 'sys_warn_notice_edit', title: '设置预警通知人' },
    schema: {
      tags: ['admin'], summary: '设置一种预警的收件人、抄送人、密送人（本集团用户的邮箱；整体替换；version 为列表给出的版本，过期返回 409）',
      params: warnTypeParams,
      body: {
        type: 'object', additionalProperties: false,
        properties: { to: addressList, cc: addressList, bcc: addressList, version: { type: 'integer', minimum: 0 } },
      },
    },
  }, async (request) => {
    const { warnType } = request.params;
    if (!WARN_KINDS.some((k) => k.warnType === warnType)) throw notFound(`预警类型不存在：${warnType}`);
    const orgId = currentOrg(request);
    const { book } = await bookOf(await callerGroup(db, request));
    const chosen: Addresses = { to: [], cc: [], bcc: [] };
    const seen = new Set<string>();
    for (const [target] of TARGETS) {
      for (const raw of request.body[target] ?? []) {
        const address = raw.trim();
        if (!address || checkEmail(address) !== null) throw badRequest(`${EMAIL_MESSAGE}：${raw}`, { field: target, address: raw });
        const person = book.get(address.toLowerCase());
        if (!person) throw badRequest(`不是本集团用户的邮箱：${address}`, { field: target, address });
        if (seen.has(person.email.toLowerCase())) throw badRequest(`邮箱重复：${address}`, { field: target, address });
        seen.add(person.email.toLowerCase());
        chosen[target].push(person.email);
      }
    }
    const values = { toAddrs: JSON.stringify(chosen.to), ccAddrs: JSON.stringify(chosen.cc), bccAddrs: JSON.stringify(chosen.bcc), updatedBy: caller(request).userId, updatedAt: app.svc.clock() };
    const { version } = request.body;
    await db.transaction().execute(async (trx: Kysely<DB>) => {
      const existing = await trx.selectFrom('sysWarnNotice').select(['id', 'version']).where('orgId', '=', orgId).where('warnType', '=', warnType).forUpdate().executeTakeFirst();
      if (version !== undefined && version !== (existing?.version ?? 0)) throw staleVersion();
      if (existing) {
        await trx.updateTable('sysWarnNotice').set({ ...values, version: sql<number>`version + 1` }).where('id', '=', existing.id).execute();
      } else {
        // two first saves at once: the unique (org, type) key lets one in, the other is stale
        const inserted = await trx.insertInto('sysWarnNotice').values({ orgId, warnType, ...values })
          .onConflict((oc) => oc.columns(['orgId', 'warnType']).doNothing()).returning('id').executeTakeFirst();
        if (!inserted) throw staleVersion();
      }
    });
    return ok(null, '保存成功');
  });
}
