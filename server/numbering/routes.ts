import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { NUMBERED_DOCUMENTS, defaultRule } from '../../src/schema/number-rule';
import { caller } from '../http/auth-hook';
import { badRequest } from '../http/app-error';
import { ok } from '../http/envelope';
import { currentOrg, requireAction } from '../resources/scope';
import { lockUniqueValues } from '../resources/unique';
import { previewNumber } from './number-rule';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- as_number_rule is a resource table (metadata-described)
type AnyDb = Kysely<any>;

/**
 * 编码规则 beyond the engine's list/create/update/enable/disable (`material/as-number-prefix`):
 * `auto` writes the default rule of every document type the organisation has no rule for yet (so
 * they can be seen and edited), `preview` answers the number the next document would get.
 */
export async function numberingRoutes(app: FastifyInstance): Promise<void> {
  const ruleDef = async () => (await app.svc.resources.byTable('as_number_rule'))!;

  app.post('/material/as-number-prefix/auto', {
    config: { title: '生成默认编码规则' },
    schema: { tags: ['numbering'], summary: '为当前公司还没有编码规则的单据类型生成默认规则（前缀、年月日、分隔符 -、4 位流水号、每天重置）' },
  }, async (request) => {
    const def = await ruleDef();
    await requireAction(request, def, 'add');
    const orgId = currentOrg(request);
    const auth = caller(request);
    const db = app.svc.db as AnyDb;
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    const missing = await db.transaction().execute(async (trx) => {
      // each 单据类型 locked as a create of a rule locks it (claimUnique): another auto, or a create of one of them, that
      // has not committed is waited for, and the rules it stored are seen below and skipped, as they are when it came first
      await lockUniqueValues(trx, def, orgId, 'billType', Object.keys(NUMBERED_DOCUMENTS));
      const have = new Set((await trx.selectFrom('as_number_rule').select('bill_type as billType').where('org_id', '=', orgId).where('deleted', '=', false).execute()).map((r) => r.billType as string));
      const types = Object.keys(NUMBERED_DOCUMENTS).filter((t) => !have.has(t));
      for (const billType of types) {
        const r = defaultRule(billType)!;
        await trx.insertInto('as_number_rule').values({
          bill_type: billType, prefix: r.prefix, date_format: r.dateFormat, separator: r.separator, serial_length: r.serialLength, reset_period: r.resetPeriod,
          org_id: orgId, group_id: org.groupId, created_by: auth.userId, created_by_name: auth.realName, updated_by: auth.userId,
        }).execute();
      }
      return types;
    });
    return ok({ created: missing.length }, missing.length ? `已生成 ${missing.length} 条默认编码规则` : '每种单据都已有编码规则');
  });

  app.get<{ Querystring: { billType: string } }>('/material/as-number-prefix/preview', {
    config: { noOperationLog: true },
    schema: {
      tags: ['numbering'], summary: '下一个单号（只读，不占用流水号）',
      querystring: { type: 'object', additionalProperties: false, required: ['billType'], properties: { billType: { type: 'string', maxLength: 40 } } },
    },
  }, async (request) => {
    await requireAction(request, await ruleDef(), 'view');
    const { billType } = request.query;
    if (!NUMBERED_DOCUMENTS[billType]) throw badRequest(`没有单据类型 ${billType}`, { field: 'billType' });
    const next = await previewNumber(app.svc.db, currentOrg(request), billType, app.svc.clock(), app.svc.config.timezone);
    return ok({ billType, next });
  });
}
