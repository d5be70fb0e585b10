import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../db/schema';
import { AppError, badRequest } from '../../http/app-error';
import { caller } from '../../http/auth-hook';

export const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
export const idsBody = {
  type: 'object', additionalProperties: false, required: ['ids'],
  properties: { ids: { type: 'array', minItems: 1, maxItems: 1000, items: { type: 'integer', minimum: 1 } } },
} as const;
export const idList = { type: 'array', maxItems: 5000, items: { type: 'integer', minimum: 1 } } as const;

export { staleVersion } from '../../http/app-error';

type TableWithId = 'sysUser' | 'sysRole' | 'sysOrg' | 'sysGroup' | 'sysMenu' | 'cgCustomType' | 'cgValidate';

/** Refuses ids that do not exist, naming them. */
export async function assertIdsExist(db: Kysely<DB>, table: TableWithId, ids: readonly number[], label: string, field: string): Promise<void> {
  if (ids.length === 0) return;
  const unique = [...new Set(ids)];
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the table name is one of ours, checked by the type above
  const rows = (await (db as Kysely<any>).selectFrom(table).select('id').where('id', 'in', unique).execute()) as { id: number }[];
  const found = new Set(rows.map((r) => r.id));
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw badRequest(`${label}不存在：${missing.join(', ')}`, { field });
}

/** Answers a page in the shape lists use. */
export const page = <T>(list: T[], total: number) => ({ list, total: Number(total) });

/**
 * The group the caller administers: the group of the company they work in now, else the group
 * their account belongs to.
 */
export async function callerGroup(db: Kysely<DB>, request: FastifyRequest): Promise<number> {
  const auth = caller(request);
  if (auth.orgId !== null) {
    const org = await db.selectFrom('sysOrg').select('groupId').where('id', '=', auth.orgId).executeTakeFirst();
    if (org) return org.groupId;
  }
  if (auth.groupId !== null) return auth.groupId;
  throw new AppError(400, '请先选择当前公司', 'NO_ORG');
}

/** A user of a group with the group's companies they belong to (in id order; none: empty). */
export interface GroupPerson { id: number; username: string; realName: string; email: string | null; enabled: boolean; orgIds: number[] }

/**
 * The companies of a group and its people: users whose account is in the group or who belong to
 * one of its companies.
 */
export async function groupPeople(db: Kysely<DB>, groupId: number): Promise<{ orgs: { id: number; orgName: string }[]; people: GroupPerson[] }> {
  const orgs = await db.selectFrom('sysOrg').select(['id', 'orgName']).where('groupId', '=', groupId).orderBy('id').execute();
  const links = await db.selectFrom('sysUserOrg as uo').innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
    .select(['uo.userId', 'uo.orgId']).where('o.groupId', '=', groupId).orderBy('uo.orgId').execute();
  const orgsOf = new Map<number, number[]>();
  for (const l of links) orgsOf.set(l.userId, [...(orgsOf.get(l.userId) ?? []), l.orgId]);
  const users = await db.selectFrom('sysUser').select(['id', 'username', 'realName', 'email', 'enabled'])
    .where((eb) => eb.or([eb('groupId', '=', groupId), ...(orgsOf.size ? [eb('id', 'in', [...orgsOf.keys()])] : [])]))
    .orderBy('id').execute();
  return { orgs, people: users.map((u) => ({ ...u, orgIds: orgsOf.get(u.id) ?? [] })) };
}

/** A transfer-list node (the shape of src/schema/transfer's TransferNode). */
export interface PeopleNode { key: string; title: string; children?: PeopleNode[] }

/**
 * People as a tree under the companies of the group, those with no company last under
 * `noOrgTitle`; `leaf` makes a person's node in a company (null leaves them out there).
 */
export function peopleTree<P extends GroupPerson>(
  orgs: { id: number; orgName: string }[], people: P[], leaf: (p: P, orgId: number | null) => PeopleNode | null, noOrgTitle = '未分配公司',
): PeopleNode[] {
  const branches = [...orgs.map((o) => ({ id: o.id as number | null, title: o.orgName })), { id: null, title: noOrgTitle }];
  return branches
    .map((b) => ({
      key: `org:${b.id ?? 'none'}`, title: b.title,
      children: people.filter((p) => (b.id === null ? p.orgIds.length === 0 : p.orgIds.includes(b.id))).map((p) => leaf(p, b.id)).filter((n): n is PeopleNode => n !== null),
    }))
    .filter((b) => b.children.length > 0);
}
