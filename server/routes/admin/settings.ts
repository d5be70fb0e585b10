import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { READABLE_SETTINGS } from '../settings';

/** Allowed values of each editable system parameter. */
const ALLOWED: Record<string, RegExp> = { data_desensitization: /^[01]$/ };

export async function settingAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.post('/sys-setting/list', {
    config: { permission: 'sys_setting_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '系统参数' },
  }, async () => {
    const rows = await db.selectFrom('sysSetting').select(['paramKey', 'paramValue', 'remark', 'updatedAt']).where('groupId', 'is', null).execute();
    const list = Object.entries(READABLE_SETTINGS).map(([paramKey, defaultValue]) => {
      const row = rows.find((r) => r.paramKey === paramKey);
      return { paramKey, paramValue: row?.paramValue ?? defaultValue, remark: row?.remark ?? null, updatedAt: row?.updatedAt ?? null };
    });
    return ok({ list, total: list.length });
  });

  app.put<{ Body: { paramKey: string; paramValue: string } }>('/sys-setting/update', {
    config: { permission: 'sys_setting_edit', title: '修改系统参数' },
    schema: {
      tags: ['admin'], summary: '修改系统参数（如 data_desensitization：0 关闭，1 开启）',
      body: { type: 'object', additionalProperties: false, required: ['paramKey', 'paramValue'], properties: { paramKey: { type: 'string', maxLength: 100 }, paramValue: { type: 'string', maxLength: 500 } } },
    },
  }, async (request) => {
    const { paramKey, paramValue } = request.body;
    const rule = Object.prototype.hasOwnProperty.call(ALLOWED, paramKey) ? ALLOWED[paramKey] : undefined;
    if (!rule) throw badRequest(`未知的系统参数 ${paramKey}`, { field: 'paramKey' });
    if (!rule.test(paramValue)) throw badRequest(`系统参数 ${paramKey} 的值无效`, { field: 'paramValue' });
    const existing = await db.selectFrom('sysSetting').select('id').where('paramKey', '=', paramKey).where('groupId', 'is', null).executeTakeFirst();
    if (existing) await db.updateTable('sysSetting').set({ paramValue, updatedAt: app.svc.clock() }).where('id', '=', existing.id).execute();
    else await db.insertInto('sysSetting').values({ groupId: null, paramKey, paramValue }).execute();
    return ok(null, '保存成功');
  });
}
