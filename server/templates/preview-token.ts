import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { allPermissions, loadPermissions } from '../auth/permissions';
import type { AuthContext } from '../auth/session-service';
import { hashToken, newToken } from '../auth/tokens';
import type { DB } from '../db/schema';
import { AppError, badRequest, notFound } from '../http/app-error';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';

/**
 * Preview (预览) as a chosen role and organisation (issue 14).
 *
 * The designer asks `POST /optimus_prime/cg-format/preview-token` `{ formatId, roleId, orgId }` and
 * gets a short-lived token. The token travels in the `X-Preview-Token` header NEXT TO the designer's
 * own bearer token: it only narrows that session, never stands alone — a request with the header but
 * another session's bearer is refused, so a leaked preview token is worth nothing. An unknown, foreign
 * or expired preview token is a 403 (PREVIEW_INVALID, PREVIEW_EXPIRED), not a 401: the designer's own
 * session is fine and must not be signed out. While the header is present:
 * - the caller is no administrator, its organisation is the chosen one, and the permission keys it
 *   holds are the INTERSECTION of the designer's (in that organisation) and the role's (a role linked
 *   to organisations gives nothing elsewhere), read again on every request;
 * - only reads pass: GET, and POST to a list (`…/list`, `…/v2/list`); every other write — save,
 *   delete, audit, publish, template changes, administration, another preview token — is a 403
 *   (PREVIEW_READ_ONLY), before its body is read;
 * - the previewed template's draft (`GET draft/{formatId}`) and its dry run (`POST dry-run/{formatId}`)
 *   are the two exceptions, checked against the designer's own right to design; the dry run's
 *   resource right (`{prefix}_add`) is still the intersection's, and it rolls back whatever it wrote.
 */
export const PREVIEW_HEADER = 'x-preview-token';
export const PREVIEW_TTL_SEC = 30 * 60;
export const PREVIEW_READ_ONLY = '预览模式只能查看数据：不能保存、删除、审核、发布或修改模板（预览中的提交为试提交，不写入任何数据）';
const PREVIEW_EXPIRED = '预览已过期，请重新选择角色和组织开始预览';

export interface PreviewGrant {
  formatId: number; roleId: number; orgId: number;
  /** The designer's own admin flag and organisation (what the intersection's first half is read from). */
  designerAdmin: boolean;
  expiresAt: Date;
}

/** Routes a preview token may call with POST: reads that take their query in the body. */
const READ_POSTS = [/\/list$/, /\/v2\/list$/];
/** The two routes of the previewed template itself: checked against the designer's own rights. */
const OWN_ROUTES: Record<string, { method: string; permission: string }> = {
  '/api/optimus_prime/cg-format/draft/:id': { method: 'GET', permission: 'custom_format_view' },
  '/api/optimus_prime/cg-format/dry-run/:id': { method: 'POST', permission: 'custom_format_edit' },
};

/** The role's permission keys in an organisation (a role linked to organisations applies only in those). */
export async function rolePermissions(db: Kysely<DB>, roleId: number, orgId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('sysRole as r')
    .innerJoin('sysRoleMenu as rm', 'rm.roleId', 'r.id')
    .innerJoin('sysMenu as m', 'm.id', 'rm.menuId')
    .select('m.permission').distinct()
    .where('r.id', '=', roleId).where('r.enabled', '=', true).where('m.enabled', '=', true).where('m.permission', 'is not', null)
    .where((eb) => eb.or([
      eb.not(eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id'))),
      eb.exists(eb.selectFrom('sysRoleOrg as ro').select(sql`1`.as('one')).whereRef('ro.roleId', '=', 'r.id').where('ro.orgId', '=', orgId)),
    ]))
    .execute();
  return new Set(rows.map((r) => r.permission).filter((p): p is string => !!p));
}

/** What the designer itself holds in the organisation. */
function designerPermissions(db: Kysely<DB>, auth: AuthContext, grant: PreviewGrant): Promise<Set<string>> {
  return grant.designerAdmin ? allPermissions(db) : loadPermissions(db, auth.userId, grant.orgId);
}

/** The preview's permission keys: the designer's in the organisation AND the role's. */
export async function previewPermissions(db: Kysely<DB>, auth: AuthContext, grant: PreviewGrant): Promise<Set<string>> {
  const [mine, role] = await Promise.all([designerPermissions(db, auth, grant), rolePermissions(db, grant.roleId, grant.orgId)]);
  return new Set([...mine].filter((key) => role.has(key)));
}

/**
 * Narrows an authenticated request to its preview token (called by the auth hook when the header is
 * present): resolves the token against the request's own session, refuses every write, and answers
 * the preview's caller. A route's own permission is then checked by the hook against the
 * intersection, except the previewed template's draft and dry run (`ownRoutePermission`).
 */
export async function narrowToPreview(db: Kysely<DB>, request: FastifyRequest, auth: AuthContext, token: string, now: Date): Promise<AuthContext> {
  const row = await db.selectFrom('authPreviewToken as p')
    .innerJoin('sysUserOrg as uo', (j) => j.onRef('uo.userId', '=', 'p.userId').onRef('uo.orgId', '=', 'p.orgId'))
    .innerJoin('sysOrg as o', (j) => j.onRef('o.id', '=', 'p.orgId').on('o.enabled', '=', true))
    .select(['p.sessionId', 'p.userId', 'p.formatId', 'p.roleId', 'p.orgId', 'p.expiresAt', 'o.groupId'])
    .where('p.tokenHash', '=', hashToken(token)).executeTakeFirst();
  if (!row || row.sessionId !== auth.sessionId || row.userId !== auth.userId) throw new AppError(403, '预览令牌无效，请重新开始预览', 'PREVIEW_INVALID');
  if (row.expiresAt <= now) throw new AppError(403, PREVIEW_EXPIRED, 'PREVIEW_EXPIRED');
  const grant: PreviewGrant = { formatId: row.formatId, roleId: row.roleId, orgId: row.orgId, designerAdmin: auth.admin, expiresAt: row.expiresAt };
  const url = request.routeOptions.url ?? '';
  const own = OWN_ROUTES[url];
  const ownRoute = own && own.method === request.method && Number((request.params as { id?: string }).id) === grant.formatId;
  const read = request.method === 'GET' || request.method === 'HEAD' || (request.method === 'POST' && READ_POSTS.some((p) => p.test(url)));
  // signing out is a GET too, and ends the designer's real session: not from inside a preview
  if ((!read && !ownRoute) || url === '/api/logout') throw new AppError(403, PREVIEW_READ_ONLY, 'PREVIEW_READ_ONLY');
  return { ...auth, admin: false, orgId: grant.orgId, groupId: row.groupId, preview: grant };
}

/** The permission a route of the previewed template is checked against: the designer's own, or undefined for every other route. */
export async function ownRoutePermission(db: Kysely<DB>, request: FastifyRequest, auth: AuthContext & { preview: PreviewGrant }): Promise<boolean | undefined> {
  const own = OWN_ROUTES[request.routeOptions.url ?? ''];
  if (!own || own.method !== request.method || Number((request.params as { id?: string }).id) !== auth.preview.formatId) return undefined;
  return (await designerPermissions(db, auth, auth.preview)).has(own.permission);
}

const PREVIEW_PERMISSION = 'custom_format_publish';

/** `preview-token` and the lists the designer picks the role and organisation from. */
export async function previewRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.get('/optimus_prime/cg-format/preview-options', {
    config: { permission: PREVIEW_PERMISSION, noOperationLog: true },
    schema: { tags: ['template'], summary: '预览可选的角色（启用的）与组织（当前用户所属且启用的）' },
  }, async (request) => {
    const auth = caller(request);
    const roles = await db.selectFrom('sysRole').select(['id', 'roleCode', 'roleName']).where('enabled', '=', true).orderBy('id').execute();
    const orgs = await db.selectFrom('sysUserOrg as uo').innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
      .select(['o.id', 'o.orgCode', 'o.orgName']).where('uo.userId', '=', auth.userId).where('o.enabled', '=', true).orderBy('o.id').execute();
    return ok({ roles, orgs, currentOrg: auth.orgId });
  });

  app.post<{ Body: { formatId: number; roleId: number; orgId: number } }>('/optimus_prime/cg-format/preview-token', {
    config: { permission: PREVIEW_PERMISSION, title: '模板预览令牌' },
    schema: {
      tags: ['template'],
      summary: `预览令牌：以所选角色、在所选组织中预览模板草稿（${PREVIEW_TTL_SEC / 60} 分钟有效）。令牌放在请求头 X-Preview-Token 中，与本人的登录令牌一起使用；`
        + '权限为本人在该组织的权限与该角色权限的交集，只读（写操作 403），表单提交只能试提交。须属于该组织',
      body: {
        type: 'object', additionalProperties: false, required: ['formatId', 'roleId', 'orgId'],
        properties: { formatId: { type: 'integer', minimum: 1 }, roleId: { type: 'integer', minimum: 1 }, orgId: { type: 'integer', minimum: 1 } },
      },
    },
  }, async (request) => {
    const auth = caller(request);
    const { formatId, roleId, orgId } = request.body;
    const format = await db.selectFrom('cgFormat').select(['id', 'formatType', 'formatName']).where('id', '=', formatId).executeTakeFirst();
    if (!format) throw notFound('模板不存在');
    const role = await db.selectFrom('sysRole').select(['id', 'roleName', 'enabled']).where('id', '=', roleId).executeTakeFirst();
    if (!role) throw badRequest('角色不存在', { field: 'roleId' });
    if (!role.enabled) throw badRequest(`角色 ${role.roleName} 已停用`, { field: 'roleId' });
    const org = await db.selectFrom('sysUserOrg as uo').innerJoin('sysOrg as o', 'o.id', 'uo.orgId')
      .select(['o.id', 'o.orgName', 'o.enabled']).where('uo.userId', '=', auth.userId).where('o.id', '=', orgId).executeTakeFirst();
    if (!org) throw notFound('您不属于该组织，不能以它预览');
    if (!org.enabled) throw badRequest('该组织已停用', { field: 'orgId' });
    const now = app.svc.clock();
    const token = newToken();
    const expiresAt = new Date(now.getTime() + PREVIEW_TTL_SEC * 1000);
    await db.deleteFrom('authPreviewToken').where('expiresAt', '<=', now).execute();
    await db.insertInto('authPreviewToken').values({ tokenHash: hashToken(token), sessionId: auth.sessionId, userId: auth.userId, formatId, roleId, orgId, createdAt: now, expiresAt }).execute();
    const grant: PreviewGrant = { formatId, roleId, orgId, designerAdmin: auth.admin, expiresAt };
    const permissions = [...await previewPermissions(db, auth, grant)].sort();
    return ok({
      token, header: 'X-Preview-Token', expiresAt, formatId, formatType: format.formatType,
      role: { id: role.id, roleName: role.roleName }, org: { id: org.id, orgName: org.orgName }, permissions,
    }, '预览已开始');
  });
}

/** For tests and the hook: a request narrowed by a preview token. */
export const isPreview = (auth: AuthContext | null): auth is AuthContext & { preview: PreviewGrant } => !!auth?.preview;
