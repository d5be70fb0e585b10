import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth-hook';
import { badRequest, forbidden } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { registerSimpleCrud } from './simple-crud';

const LOGO = /^data:image\/(png|jpeg);base64,[A-Za-z0-9+/=]+$/;
const MAX_LOGO_BYTES = 512 * 1024;

export async function orgGroupAdminRoutes(app: FastifyInstance): Promise<void> {
  registerSimpleCrud(app, {
    table: 'sysOrg', base: '/sys-org', permission: 'sys_org', label: '公司',
    columns: { id: { ref: 't.id', type: 'number' }, orgCode: { ref: 't.orgCode', type: 'text' }, orgName: { ref: 't.orgName', type: 'text' }, groupId: { ref: 't.groupId', type: 'number' }, enabled: { ref: 't.enabled', type: 'boolean' } },
    fields: {
      orgCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }, orgName: { type: 'string', minLength: 1, maxLength: 100 },
      shortName: { type: ['string', 'null'], maxLength: 50 }, groupId: { type: 'integer', minimum: 1 }, enabled: { type: 'boolean' },
    },
    required: ['orgCode', 'orgName', 'groupId'],
    unique: { field: 'orgCode', label: '公司编码' },
    references: { groupId: { table: 'sysGroup', label: '集团' } },
    deleteProblem: async (db, ids) => {
      const used = await db.selectFrom('sysUserOrg').select('orgId').where('orgId', 'in', ids).limit(1).executeTakeFirst();
      return used ? '仍有用户属于该公司，不能删除' : null;
    },
  });

  registerSimpleCrud(app, {
    table: 'sysGroup', base: '/sys-group', permission: 'sys_group', label: '集团',
    columns: { id: { ref: 't.id', type: 'number' }, groupCode: { ref: 't.groupCode', type: 'text' }, groupName: { ref: 't.groupName', type: 'text' } },
    fields: { groupCode: { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' }, groupName: { type: 'string', minLength: 1, maxLength: 100 } },
    required: ['groupCode', 'groupName'],
    unique: { field: 'groupCode', label: '集团编码' },
    deleteProblem: async (db, ids) => {
      const used = await db.selectFrom('sysOrg').select('id').where('groupId', 'in', ids).limit(1).executeTakeFirst();
      return used ? '集团下仍有公司，不能删除' : null;
    },
  });

  app.get<{ Params: { pkGroup: number } }>('/sys-group/getPic/:pkGroup', {
    config: { noOperationLog: true },
    schema: {
      tags: ['admin'], summary: '集团主、副标志（{pkGroup}_1 主标志，{pkGroup}_0 副标志；base64 图片）',
      params: { type: 'object', additionalProperties: false, required: ['pkGroup'], properties: { pkGroup: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => {
    const auth = caller(request);
    const id = request.params.pkGroup;
    if (!auth.admin && auth.groupId !== id) throw forbidden();
    const g = await app.svc.db.selectFrom('sysGroup').select(['logoMain', 'logoSub']).where('id', '=', id).executeTakeFirst();
    return ok({ [`${id}_1`]: g?.logoMain ?? null, [`${id}_0`]: g?.logoSub ?? null });
  });

  app.put<{ Body: { id: number; logoMain?: string | null; logoSub?: string | null } }>('/sys-group/pic', {
    config: { permission: 'sys_group_edit', title: '设置集团标志' },
    schema: {
      tags: ['admin'], summary: '设置集团主、副标志（PNG 或 JPEG 的 data URL，不超过 512 KB）',
      body: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, logoMain: { type: ['string', 'null'] }, logoSub: { type: ['string', 'null'] } } },
    },
  }, async (request) => {
    const { id, logoMain, logoSub } = request.body;
    for (const [field, value] of [['logoMain', logoMain], ['logoSub', logoSub]] as const) {
      if (value === undefined || value === null) continue;
      if (!LOGO.test(value)) throw badRequest('标志须为 PNG 或 JPEG 图片', { field });
      if (Buffer.byteLength(value.slice(value.indexOf(',') + 1), 'base64') > MAX_LOGO_BYTES) throw badRequest('标志图片不能超过 512 KB', { field });
    }
    const updated = await app.svc.db.updateTable('sysGroup')
      .set({ ...(logoMain !== undefined ? { logoMain } : {}), ...(logoSub !== undefined ? { logoSub } : {}), updatedAt: app.svc.clock() })
      .where('id', '=', id).returning('id').executeTakeFirst();
    if (!updated) throw badRequest('集团不存在', { field: 'id' });
    return ok(null, '设置成功');
  });
}
