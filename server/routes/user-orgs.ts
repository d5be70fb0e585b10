import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface UserOrg { id: number; orgCode: string; orgName: string; pkGroup: number }

/** The enabled organisations a user belongs to (an admin user belongs to what the seed or an administrator gave it). */
export async function userOrgs(db: Kysely<DB>, userId: number): Promise<UserOrg[]> {
  return db
    .selectFrom('sysUserOrg as uo')
    .innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
    .select(['o.id', 'o.orgCode', 'o.orgName', 'o.groupId as pkGroup'])
    .where('uo.userId', '=', userId)
    .where('o.enabled', '=', true)
    .orderBy('o.id')
    .execute();
}
