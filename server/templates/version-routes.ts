import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { SCOPES, type HistoryEntry } from '../../src/schema/design-history';
import { canonicalJson, contentHash } from '../../src/schema/canonical';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { parseTemplate } from '../../src/schema/parse-template';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { diffTemplates, fieldKey } from '../../src/schema/template-diff';
import { badRequest, notFound } from '../http/app-error';
import { caller } from '../http/auth-hook';
import { ok } from '../http/envelope';
import { writeUnlessTaken } from '../http/taken-key';
import { listCachesOf } from '../resources/list-cache';
import { parentColumn as parentColumnOf } from '../resources/list-route';
import { currentOrg, requireAction } from '../resources/scope';
import { assertDocumentUnique } from '../resources/unique';
import { insertPlanned, planCreate } from '../resources/write-routes';
import { checkDraft } from './draft-check';
import { publishParamLinks } from './param-links';
import { sqlSourceDefinitions } from '../sql/definitions';
import { checkedDraft, formatRow, migrateTemplateFormat, recordReplacement, staleDraft, versionsOf } from './format-store';

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;
const revision = { type: 'integer', minimum: 1 } as const;
export const NOTE = { type: 'string', maxLength: 200 } as const;
const FORMAT_CODE = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;

const PATCH = {
  type: 'object', additionalProperties: false, required: ['op', 'path'],
  properties: { op: { type: 'string', enum: ['add', 'remove', 'replace'] }, path: { type: 'array', maxItems: 30, items: { type: ['string', 'integer'], maxLength: 200 } }, value: {} },
} as const;
/** The `history` of a draft save: steps done, undone or redone since the last save. */
export const HISTORY_BODY = {
  type: 'array', maxItems: 2000,
  items: {
    type: 'object', additionalProperties: false, required: ['action', 'step'],
    properties: {
      action: { type: 'string', enum: ['do', 'undo', 'redo'] },
      step: {
        type: 'object', additionalProperties: false, required: ['id', 'scope', 'label', 'patches', 'inverse'],
        properties: {
          id: { type: 'string', minLength: 1, maxLength: 80 }, scope: { type: 'string', enum: [...SCOPES] }, label: { type: 'string', maxLength: 200 },
          patches: { type: 'array', maxItems: 20000, items: PATCH }, inverse: { type: 'array', maxItems: 20000, items: PATCH }, typing: { type: ['string', 'null'], maxLength: 300 },
        },
      },
    },
  },
} as const;

/** A stored template or version read with today's parser; one stored before a rule it breaks is a 400 naming it. */
function parseStored(raw: unknown, field: string): Template {
  try {
    return parseTemplate(migrateTemplateFormat(raw));
  } catch (error) {
    if (error instanceof ShapeError) throw badRequest(`${field} 已不符合模板规则：${error.message}`, { field, problem: error.problem, path: error.path });
    throw error;
  }
}

/** A template as exported: no installation-specific row id. */
const exported = (template: unknown) => ({ ...(template as object), id: undefined });

/**
 * 模板设计's history, versions, diff, rollback, import/export, copy and impact analysis (issue 14),
 * under `/optimus_prime/cg-format/`.
 */
export async function versionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  const versionContent = async (format: Awaited<ReturnType<typeof formatRow>>, n: number) => {
    const found = (await versionsOf(db, format)).find((v) => v.versionNo === n);
    if (!found) throw notFound(`模板没有版本 ${n}`);
    return found;
  };

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format/history/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: { tags: ['template'], summary: '设计器历史：草稿的撤销步骤（do/undo/redo，含补丁与逆补丁），按先后；保留最近至少 600 个步骤。version 为草稿的版本', params: idParams },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    const rows = await db.selectFrom('cgFormatHistory').select(['action', 'step']).where('formatId', '=', format.id).orderBy('id').execute();
    return ok({ version: format.version, entries: rows.map((r) => ({ action: r.action, step: r.step }) as HistoryEntry) });
  });

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format/versions/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: { tags: ['template'], summary: '模板的已发布版本列表（版本号、内容哈希、发布人、时间、说明、回滚自哪个版本），旧的在前', params: idParams },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    const list = (await versionsOf(db, format)).map(({ content: _c, ...v }) => v);
    return ok({ list, changed: format.changed });
  });

  app.get<{ Params: { id: number; n: number } }>('/optimus_prime/cg-format/version/:id/:n', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: {
      tags: ['template'], summary: '一个已发布版本的内容',
      params: { type: 'object', additionalProperties: false, required: ['id', 'n'], properties: { id: { type: 'integer', minimum: 1 }, n: { type: 'integer', minimum: 1 } } },
    },
  }, async (request) => ok(await versionContent(await formatRow(db, request.params.id), request.params.n)));

  app.get<{ Params: { id: number }; Querystring: { from: string; to: string } }>('/optimus_prime/cg-format/diff/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: {
      tags: ['template'], summary: '两个版本（或版本与草稿 draft）之间的字段级差异：added、removed、moved、span、property；移动一个字段是一条',
      params: idParams,
      querystring: { type: 'object', additionalProperties: false, required: ['from', 'to'], properties: { from: { type: 'string', pattern: '^(draft|[1-9][0-9]{0,8})$' }, to: { type: 'string', pattern: '^(draft|[1-9][0-9]{0,8})$' } } },
    },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    const side = async (which: string): Promise<Template> => {
      const raw = which === 'draft' ? format.draft : (await versionContent(format, Number(which))).content;
      return parseStored(raw, which === request.query.from ? 'from' : 'to');
    };
    const entries = diffTemplates(await side(request.query.from), await side(request.query.to));
    return ok({ from: request.query.from, to: request.query.to, entries });
  });

  app.post<{ Params: { id: number; n: number }; Body: { version: number; note?: string } }>('/optimus_prime/cg-format/rollback/:id/:n', {
    config: { permission: 'custom_format_publish', title: '回滚模板' },
    schema: {
      tags: ['template'],
      summary: '回滚：把版本 n 原样发布为新的版本号（内容哈希与 n 相同，不删除任何版本），草稿也回到版本 n（设计器中可撤销）；version 为草稿的版本，过期 409；版本 n 已不适合当前数据源时 400',
      params: { type: 'object', additionalProperties: false, required: ['id', 'n'], properties: { id: { type: 'integer', minimum: 1 }, n: { type: 'integer', minimum: 1 } } },
      body: { type: 'object', additionalProperties: false, required: ['version'], properties: { version: revision, note: NOTE } },
    },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    const old = await versionContent(format, request.params.n);
    const template = await checkedDraft(app, migrateTemplateFormat(old.content));
    const auth = caller(request);
    const now = app.svc.clock();
    const content = JSON.stringify(old.content);
    const saved = await db.updateTable('cgFormat')
      .set({ published: content, draft: content, publishedAt: now, publishedBy: auth.username, updatedAt: now, version: sql<number>`version + 1` })
      .where('id', '=', format.id).where('version', '=', request.body.version)
      .returning(['version', 'publishedAt', 'publishedBy']).executeTakeFirst();
    if (!saved) throw staleDraft();
    const versions = await versionsOf(db, format, true);
    const versionNo = versions.at(-1)!.versionNo + 1;
    await db.insertInto('cgFormatVersion').values({
      formatId: format.id, versionNo, content, contentHash: old.contentHash, author: auth.username,
      note: request.body.note?.trim() || `回滚到版本 ${old.versionNo}`, rollbackOf: old.versionNo, createdAt: now,
    }).execute();
    await recordReplacement(db, format.id, saved.version, auth.username, format.draft, template, `回滚到版本 ${old.versionNo}`, 'canvas');
    await publishParamLinks(db, template);
    listCachesOf(db).invalidateTemplates();
    return ok({ ...saved, changed: false, versionNo, contentHash: old.contentHash, rollbackOf: old.versionNo }, '回滚成功');
  });

  app.get<{ Params: { id: number }; Querystring: { source?: string } }>('/optimus_prime/cg-format/export/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: {
      tags: ['template'], summary: '导出模板为规范 JSON（键按字典序、无本机行号，一个模板一个文件 {formatCode}.json）；source：published（默认，未发布时为草稿）、draft 或版本号',
      params: idParams,
      querystring: { type: 'object', additionalProperties: false, properties: { source: { type: 'string', pattern: '^(draft|published|[1-9][0-9]{0,8})$' } } },
    },
  }, async (request, reply) => {
    const format = await formatRow(db, request.params.id);
    const source = request.query.source ?? 'published';
    const raw = source === 'draft' || (source === 'published' && format.published === null) ? format.draft
      : source === 'published' ? format.published : (await versionContent(format, Number(source))).content;
    const text = `${canonicalJson(exported(parseStored(raw, 'source')))}\n`;
    return reply.header('content-type', 'application/json; charset=utf-8')
      .header('content-disposition', `attachment; filename="${format.formatCode}.json"`).send(text);
  });

  app.post<{ Body: { template: Record<string, unknown>; version?: number } }>('/optimus_prime/cg-format/import', {
    config: { permission: 'custom_format_edit', title: '导入模板' },
    schema: {
      tags: ['template'],
      summary: '导入模板（导出的 JSON）：先升级到当前格式，再按解析规则与数据源校验（400 指明 template.路径 与问题）。编码不存在时新建（未发布）；已存在时替换其草稿，须带该草稿的 version（过期 409），类型与数据源须相同',
      body: { type: 'object', additionalProperties: false, required: ['template'], properties: { template: { type: 'object' }, version: revision } },
    },
  }, async (request) => {
    const template = { ...(await checkedDraft(app, migrateTemplateFormat(request.body.template), 'template')), id: null };
    const existing = await db.selectFrom('cgFormat').select(['id', 'formatType', 'customTable', 'version', 'draft']).where('formatCode', '=', template.formatCode).executeTakeFirst();
    const auth = caller(request);
    const needsVersion = () => badRequest(`模板编码 ${template.formatCode} 已存在：覆盖其草稿须带上草稿的 version`, { field: 'version' });
    if (!existing) {
      // a template imported or copied with the code meanwhile is answered as if it had been there: without a
      // version, the 400 above; with one, stale (the version sent cannot be that of a draft made since)
      const takenMeanwhile = async () => {
        if (await db.selectFrom('cgFormat').select('id').where('formatCode', '=', template.formatCode).executeTakeFirst()) {
          throw request.body.version === undefined ? needsVersion() : staleDraft();
        }
      };
      const created = await writeUnlessTaken(db, takenMeanwhile, (trx) => trx.insertInto('cgFormat').values({
        formatCode: template.formatCode, formatName: template.formatName, formatType: template.formatType, customTable: template.customTable ?? null,
        menuUuid: null, draft: JSON.stringify(template), published: null,
      }).returning(['id', 'version']).executeTakeFirstOrThrow());
      return ok({ id: created.id, formatCode: template.formatCode, created: true, version: created.version }, '导入成功');
    }
    if (request.body.version === undefined) throw needsVersion();
    if (existing.formatType !== template.formatType) throw badRequest('模板类型与已有模板不同', { field: 'template.formatType' });
    if ((existing.customTable ?? null) !== (template.customTable ?? null)) throw badRequest('模板的数据源与已有模板不同', { field: 'template.customTable' });
    const saved = await db.updateTable('cgFormat').set({ draft: JSON.stringify(template), formatName: template.formatName, updatedAt: app.svc.clock(), version: sql<number>`version + 1` })
      .where('id', '=', existing.id).where('version', '=', request.body.version).returning(['version']).executeTakeFirst();
    if (!saved) throw staleDraft();
    await recordReplacement(db, existing.id, saved.version, auth.username, existing.draft, template, '导入', 'canvas');
    return ok({ id: existing.id, formatCode: template.formatCode, created: false, version: saved.version }, '导入成功');
  });

  app.post<{ Params: { id: number }; Body: { formatCode: string; formatName: string } }>('/optimus_prime/cg-format/copy/:id', {
    config: { permission: 'custom_format_edit', title: '复制模板' },
    schema: {
      tags: ['template'], summary: '复制模板：以新的编码和名称复制草稿为一个未发布的新模板（编码已存在 400）',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['formatCode', 'formatName'], properties: { formatCode: FORMAT_CODE, formatName: { type: 'string', minLength: 1, maxLength: 100 } } },
    },
  }, async (request) => {
    const source = await formatRow(db, request.params.id);
    const formatName = request.body.formatName.trim();
    if (!formatName) throw badRequest('模板名称不能为空', { field: 'formatName' });
    const codeFree = async () => {
      if (await db.selectFrom('cgFormat').select('id').where('formatCode', '=', request.body.formatCode).executeTakeFirst()) throw badRequest(`模板编码 ${request.body.formatCode} 已存在`, { field: 'formatCode' });
    };
    await codeFree();
    const template = { ...(await checkedDraft(app, migrateTemplateFormat(source.draft))), formatCode: request.body.formatCode, formatName, id: null };
    const created = await writeUnlessTaken(db, codeFree, (trx) => trx.insertInto('cgFormat').values({
      formatCode: template.formatCode, formatName, formatType: template.formatType, customTable: template.customTable ?? null, menuUuid: null,
      draft: JSON.stringify(template), published: null,
    }).returning(['id', 'version']).executeTakeFirstOrThrow());
    return ok({ id: created.id, formatCode: template.formatCode, version: created.version }, '复制成功');
  });

  app.post<{ Params: { id: number }; Body: { values: Record<string, unknown> } }>('/optimus_prime/cg-format/dry-run/:id', {
    config: { permission: 'custom_format_edit', title: '表单试提交' },
    schema: {
      tags: ['template'],
      summary: '预览中提交表单（试提交）：按草稿的表单规则（必填、校验、计算）与数据表规则校验，在本公司内执行新增并回滚事务，返回将会保存的记录与明细；不写入任何行。须有该资源的新增权限',
      params: idParams,
      body: { type: 'object', additionalProperties: false, required: ['values'], properties: { values: { type: 'object' } } },
    },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    if (format.formatType !== 'FORM' || !format.customTable) throw badRequest('只有表单模板可以试提交', { field: 'id' });
    const draft = await checkedDraft(app, migrateTemplateFormat(format.draft));
    const def = await app.svc.resources.byTable(format.customTable);
    if (!def) throw badRequest(`数据源 ${format.customTable} 不存在`, { field: 'id' });
    if (def.kind === 'LINE') throw badRequest('明细表随单据一起提交，请在单据的表单中试提交', { field: 'id' });
    await requireAction(request, def, 'add');
    const planned = await planCreate(app, request, def, draft, request.body.values);
    // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
    const anyDb = db as Kysely<any>;
    try {
      // a unique value stored meanwhile by another request is refused as the real save refuses it (the check's 400)
      await writeUnlessTaken(anyDb, () => assertDocumentUnique(anyDb, def, currentOrg(request), planned.keys, planned.lines), async (trx) => {
        const made = await insertPlanned(trx, def, planned);
        const saved = await trx.selectFrom(def.tableName).selectAll().where('id', '=', made.id).executeTakeFirst();
        const lines = [];
        for (const { line } of planned.lines) {
          lines.push({ table: line.tableName, rows: await trx.selectFrom(line.tableName).selectAll().where(parentColumnOf(line), '=', made.id).execute() });
        }
        throw new DryRunDone(saved, lines);
      });
    } catch (error) {
      if (error instanceof DryRunDone) return ok({ saved: error.saved, lines: error.lines, written: 0 }, '试提交通过（未保存）');
      throw error;
    }
    throw new Error('dry run did not roll back');
  });

  app.get<{ Params: { id: number } }>('/optimus_prime/cg-format/impact/:id', {
    config: { permission: 'custom_format_view', noOperationLog: true },
    schema: {
      tags: ['template'],
      summary: '发布前的影响分析：草稿相对已发布版本删除（或改名）的字段，以及引用它们的模板计算方式与合计、弹窗（cgFormatResId）的结果映射、参数联动、菜单；以及草稿中数据源已没有的列',
      params: idParams,
    },
  }, async (request) => {
    const format = await formatRow(db, request.params.id);
    return ok(await impactOf(app, format));
  });
}

/** Thrown inside the dry run's transaction to roll it back with what it wrote. */
class DryRunDone extends Error {
  constructor(readonly saved: unknown, readonly lines: { table: string; rows: unknown[] }[]) { super('dry run'); }
}

export interface ImpactReference {
  kind: 'calculation' | 'sum' | 'picker' | 'param' | 'view-field' | 'column';
  formatId: number; formatCode: string; formatName: string; menuTitle: string | null;
  path: string; fieldName: string; message: string;
}

const FIELD_LISTS = ['formSubList', 'listSubList', 'resSubList'] as const;
function* fieldsOf(t: Template): Generator<{ path: string; field: FieldDefinition; table: string | null }> {
  for (const list of FIELD_LISTS) for (const [i, f] of (t[list] ?? []).entries()) yield { path: `${list}[${i}]`, field: f, table: f.customTable ?? t.customTable ?? null };
  for (const [c, child] of (t.childSubLists ?? []).entries()) for (const [i, f] of child.fields.entries()) yield { path: `childSubLists[${c}].fields[${i}]`, field: f, table: f.customTable ?? child.customTable };
}

/** What the draft's removals would break, and the draft's fields whose column is gone. */
async function impactOf(app: FastifyInstance, format: Awaited<ReturnType<typeof formatRow>>) {
  const { db } = app.svc;
  const draft = parseStored(format.draft, 'draft');
  const before = format.published ? parseStored(format.published, 'published') : null;
  const removedEntries = before ? diffTemplates(before, draft).filter((e) => e.kind === 'removed' && e.area !== 'buttons' && e.area !== 'groups' && e.area !== 'template') : [];
  // removed fields by table and name, with their template field ids (parameter links name them)
  const beforeFields = before ? [...fieldsOf(before)] : [];
  const draftKeys = new Set([...fieldsOf(draft)].map((f) => `${f.table}.${f.field.fieldName}`));
  const removed = beforeFields.filter((f) => !draftKeys.has(`${f.table}.${f.field.fieldName}`));
  const removedNames = new Set(removed.map((f) => `${f.table}.${f.field.fieldName}`));
  const removedIds = new Set(removed.map((f) => f.field.id).filter((x) => x !== null && x !== undefined).map(String));

  const others = await db.selectFrom('cgFormat').leftJoin('sysMenu', (j) => j.onRef('sysMenu.uuid', '=', 'cgFormat.menuUuid').on('sysMenu.menuType', '=', 'MENU'))
    .select(['cgFormat.id', 'cgFormat.formatCode', 'cgFormat.formatName', 'cgFormat.formatType', 'cgFormat.draft', 'cgFormat.published', 'sysMenu.title as menuTitle']).execute();
  const references: ImpactReference[] = [];
  const seen = new Set<string>();
  const add = (r: ImpactReference) => {
    const key = `${r.kind}|${r.formatId}|${r.path}|${r.fieldName}`;
    if (!seen.has(key)) { seen.add(key); references.push(r); }
  };
  const pickerFieldIds = new Map<string, { formatId: number; path: string }>();
  for (const other of others) {
    const where = { formatId: other.id, formatCode: other.formatCode, formatName: other.formatName, menuTitle: other.menuTitle ?? null };
    for (const raw of [other.published, other.draft]) {
      if (!raw) continue;
      let t: Template;
      try { t = parseTemplate(migrateTemplateFormat(raw)); } catch { continue; }
      if (other.id === format.id && raw === other.published) continue;
      for (const { path, field, table } of fieldsOf(t)) {
        const calc = field.calculate;
        if (Array.isArray(calc)) {
          for (const token of calc) {
            if (typeof token === 'object' && removedNames.has(`${token.customTable ?? table}.${token.fieldName}`)) {
              add({ ...where, kind: 'calculation', path: `${path}.calculate`, fieldName: token.fieldName, message: `${field.fieldExplain}(${field.fieldName}) 的计算方式引用了被删除的字段 ${token.fieldName}` });
            }
          }
        } else if (calc) {
          for (const name of calc.fieldName) {
            if (removedNames.has(`${calc.customTable}.${name}`)) add({ ...where, kind: 'sum', path: `${path}.calculate`, fieldName: name, message: `${field.fieldExplain}(${field.fieldName}) 的合计引用了被删除的字段 ${name}` });
          }
        }
        if (field.cgFormatResId !== null && field.cgFormatResId !== undefined && String(field.cgFormatResId) === String(format.id)) {
          if (field.id !== null && field.id !== undefined) pickerFieldIds.set(String(field.id), { formatId: other.id, path });
          for (const [m, mapping] of (field.resourceList ?? []).entries()) {
            const name = mapping.fieldSub2.fieldName;
            if ([...removedNames].some((k) => k.endsWith(`.${name}`))) {
              add({ ...where, kind: 'picker', path: `${path}.resourceList[${m}].fieldSub2`, fieldName: name, message: `弹窗字段 ${field.fieldExplain}(${field.fieldName}) 的结果映射取自被删除的字段 ${name}` });
            }
          }
          for (const [l, link] of (field.paramLinks ?? []).entries()) {
            const name = link.fieldSub2.fieldName;
            if ([...removedNames].some((k) => k.endsWith(`.${name}`))) {
              add({ ...where, kind: 'param', path: `${path}.paramLinks[${l}].fieldSub2`, fieldName: name, message: `参数联动（${link.fieldSub1.fieldName} → ${name}）引用了被删除的字段` });
            }
          }
        }
      }
      if (other.id === format.id) {
        for (const key of ['valueResourceSubName', 'viewResourceSubName'] as const) {
          for (const name of (t[key] ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
            if ([...removedNames].some((k) => k.endsWith(`.${name}`))) add({ ...where, kind: 'view-field', path: key, fieldName: name, message: `${key} 引用了被删除的字段 ${name}` });
          }
        }
      }
    }
  }
  const links = await db.selectFrom('cgFormatFormSubParam').select(['id', 'resFormatSubId', 'fieldSub1', 'fieldSub2']).execute();
  const self = others.find((o) => o.id === format.id)!;
  for (const link of links) {
    const sub1 = (link.fieldSub1 as { fieldName?: string; masterTable?: string | null }) ?? {};
    const sub2 = (link.fieldSub2 as { fieldName?: string }) ?? {};
    const picker = pickerFieldIds.get(link.resFormatSubId);
    const hitsOwnField = removedIds.has(link.resFormatSubId);
    const hitsPickerField = picker && sub2.fieldName && [...removedNames].some((k) => k.endsWith(`.${sub2.fieldName}`));
    if (hitsOwnField || hitsPickerField) {
      const owner = picker ? others.find((o) => o.id === picker.formatId)! : self;
      add({
        formatId: owner.id, formatCode: owner.formatCode, formatName: owner.formatName, menuTitle: owner.menuTitle ?? null, kind: 'param',
        path: `cg-format-form-sub-param#${link.id}`, fieldName: hitsOwnField ? link.resFormatSubId : sub2.fieldName!,
        message: `参数联动（${sub1.fieldName ?? ''} → ${sub2.fieldName ?? ''}）引用了被删除的字段`,
      });
    }
  }
  // fields of the draft whose 弹窗模板 is not a picker: no such template, or one of another kind
  const byId = new Map(others.map((o) => [String(o.id), o]));
  for (const { path, field } of fieldsOf(draft)) {
    if (field.cgFormatResId === null || field.cgFormatResId === undefined || field.cgFormatResId === '') continue;
    const target = byId.get(String(field.cgFormatResId));
    if (target?.formatType === 'RESOURCE') continue;
    add({
      formatId: format.id, formatCode: format.formatCode, formatName: format.formatName, menuTitle: self.menuTitle ?? null, kind: 'picker', path: `${path}.cgFormatResId`, fieldName: field.fieldName,
      message: target
        ? `${field.fieldExplain}(${field.fieldName}) 的弹窗模板 ${field.cgFormatResId} 是「${target.formatName}」，不是弹窗（RESOURCE）模板`
        : `${field.fieldExplain}(${field.fieldName}) 的弹窗模板 ${field.cgFormatResId} 不存在`,
    });
  }
  // fields of the draft whose column the data source no longer has
  const all = [...await app.svc.resources.all(), ...await sqlSourceDefinitions(app.svc.db)];
  const byTable = new Map(all.map((r) => [r.tableName, r]));
  try {
    checkDraft(draft, (table) => byTable.get(table));
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    add({ formatId: format.id, formatCode: format.formatCode, formatName: format.formatName, menuTitle: self.menuTitle ?? null, kind: 'column', path: error.path, fieldName: '', message: error.problem });
  }
  return { removed: removedEntries, references, breaking: references.length > 0, hash: await contentHash(draft), fieldKeys: removed.map((f) => fieldKey({ customTable: f.table, fieldName: f.field.fieldName })) };
}
