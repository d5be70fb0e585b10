import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { SYSTEM_SETTINGS } from '../../src/schema/system-settings';

/** Parameters a client may read through getDefineSetVal, with their defaults. */
export const READABLE_SETTINGS: Record<string, string> = Object.fromEntries(SYSTEM_SETTINGS.map((s) => [s.paramKey, s.defaultValue]));

export async function settingRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Body: { paramName: string } }>('/index/getDefineSetVal', {
    config: { noOperationLog: true, beforePasswordChange: true },
    schema: {
      tags: ['setting'], summary: '读取系统参数（如数据脱敏 data_desensitization）',
      body: { type: 'object', additionalProperties: false, required: ['paramName'], properties: { paramName: { type: 'string', maxLength: 100 } } },
    },
  }, async (request) => {
    const auth = caller(request);
    const name = request.body.paramName;
    if (!Object.prototype.hasOwnProperty.call(READABLE_SETTINGS, name)) throw badRequest(`未知的系统参数 ${name}`);
    const rows = await app.svc.db.selectFrom('sysSetting').select(['groupId', 'paramValue']).where('paramKey', '=', name)
      .where((eb) => eb.or([eb('groupId', 'is', null), eb('groupId', '=', auth.groupId ?? -1)])).execute();
    const value = rows.find((r) => r.groupId !== null)?.paramValue ?? rows[0]?.paramValue ?? READABLE_SETTINGS[name];
    return ok(value);
  });
}
