import type { FastifyInstance } from 'fastify';
import { groupLogoRoutes } from './group-logos';
import { registerSimpleCrud } from './simple-crud';

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

  await app.register(groupLogoRoutes);
}
