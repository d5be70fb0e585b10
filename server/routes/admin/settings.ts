import type { FastifyInstance } from 'fastify';
import { badRequest } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { SYSTEM_SETTINGS, systemSettingOf } from '../../../src/schema/system-settings';

export async function settingAdminRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;

  app.post('/sys-setting/list', {
    config: { permission: 'sys_setting_view', noOperationLog: true },
    schema: { tags: ['admin'], summary: '系统参数' },
  }, async () => {
    const rows = await db.selectFrom('sysSetting').select(['paramKey', 'paramValue', 'remark', 'updatedAt']).where('groupId', 'is', null).execute();
    // each parameter with its name, meaning, value and what the value means (the page shows them)
    const list = SYSTEM_SETTINGS.map((setting, i) => {
      const row = rows.find((r) => r.paramKey === setting.paramKey);
      const paramValue = row?.paramValue ?? setting.defaultValue;
      return {
        id: i + 1, paramKey: setting.paramKey, paramName: setting.label, meaning: setting.meaning, paramValue,
        valueLabel: setting.values.find((v) => v.value === paramValue)?.label ?? paramValue,
        values: setting.values, remark: row?.remark ?? null, updatedAt: row?.updatedAt ?? null,
      };
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
    const setting = systemSettingOf(paramKey);
    if (!setting) throw badRequest(`未知的系统参数 ${paramKey}`, { field: 'paramKey' });
    if (!setting.values.some((v) => v.value === paramValue)) {
      throw badRequest(`${setting.label}只能是：${setting.values.map((v) => `${v.value}（${v.label}）`).join('、')}`, { field: 'paramValue' });
    }
    const existing = await db.selectFrom('sysSetting').select('id').where('paramKey', '=', paramKey).where('groupId', 'is', null).executeTakeFirst();
    if (existing) await db.updateTable('sysSetting').set({ paramValue, updatedAt: app.svc.clock() }).where('id', '=', existing.id).execute();
    else await db.insertInto('sysSetting').values({ groupId: null, paramKey, paramValue }).execute();
    return ok(null, '保存成功');
  });
}
