import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { applyEntries, type HistoryEntry, type Step } from '../../src/schema/design-history';
import { fromTemplate, toTemplate } from '../../src/schema/design-nodes';
import { canonicalJson, contentHash } from '../../src/schema/canonical';
import { parseTemplate } from '../../src/schema/parse-template';
import { migrateTemplate } from '../../src/schema/format-migrations';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import type { Database } from '../db/database';
import { badRequest, conflict, notFound } from '../http/app-error';
import { checkDraft } from './draft-check';
import { sqlSourceDefinitions } from '../sql/definitions';

type Db = Database['db'];

/**
 * A template's draft saved by someone else since it was read (a stale `version`): 409, nothing changed. The
 * template routes' words for staleVersion() (app-error.ts), which say where to reload from.
 */
export const STALE_DRAFT = '模板已被他人修改，请载入最新草稿后重试';
export const staleDraft = () => conflict(STALE_DRAFT);

/** Done steps kept per template (over the three scopes; the designer keeps 500 per scope). */
export const HISTORY_KEEP = 600;

/**
 * A draft checked against the data sources (`checkDraft`), or a 400 naming the field and the
 * problem; `prefix` puts the body field in front of the template path (`template.listSubList[2]…`).
 */
export async function checkedDraft(app: FastifyInstance, draft: unknown, prefix = ''): Promise<Template> {
  const all = [...await app.svc.resources.all(), ...await sqlSourceDefinitions(app.svc.db)];
  const byTable = new Map(all.map((r) => [r.tableName, r]));
  try {
    return checkDraft(draft, (table) => byTable.get(table));
  } catch (error) {
    if (error instanceof ShapeError) {
      const field = prefix ? (error.path ? `${prefix}.${error.path}` : prefix) : error.path;
      throw badRequest(`模板校验未通过：${prefix ? `${field}: ${error.problem}` : error.message}`, { field, problem: error.problem });
    }
    throw error;
  }
}

/** The node map of a stored draft as the designer opens it. */
export const designOf = (draft: unknown) => fromTemplate(parseTemplate(draft));

/**
 * Checks that history entries lead from the stored draft to the draft being saved (so undo after a
 * reload gives what the person had); a 400 on `history` otherwise.
 */
export function checkEntries(stored: unknown, entries: HistoryEntry[], saved: Template): void {
  let reached: Template;
  try {
    reached = toTemplate(applyEntries(designOf(stored), entries));
  } catch {
    throw badRequest('历史记录无法应用到当前草稿（请重新载入草稿）', { field: 'history' });
  }
  if (canonicalJson(reached) !== canonicalJson(toTemplate(fromTemplate(saved)))) {
    throw badRequest('历史记录与保存的草稿不一致（请重新载入草稿）', { field: 'history' });
  }
}

/**
 * Records, as one undoable step, a draft replaced by something else than the designer (属性配置,
 * 回滚, 导入): its patch replaces the whole node map and its inverse puts the old one back. When
 * the old draft no longer parses (stored before a rule existed), the history cannot lead to the new
 * draft and is cleared.
 */
export async function recordReplacement(db: Db, formatId: number, draftVersion: number, createdBy: string, before: unknown, after: Template, label: string, scope: Step['scope']): Promise<void> {
  let a;
  try {
    a = designOf(before);
  } catch (error) {
    if (!(error instanceof ShapeError)) throw error;
    await db.deleteFrom('cgFormatHistory').where('formatId', '=', formatId).execute();
    return;
  }
  const b = fromTemplate(after);
  if (canonicalJson(a) === canonicalJson(b)) return;
  const step: Step = { id: `server-${formatId}-${draftVersion}`, scope, label, patches: [{ op: 'replace', path: [], value: b }], inverse: [{ op: 'replace', path: [], value: a }], typing: null };
  await appendHistory(db, formatId, draftVersion, createdBy, [{ action: 'do', step }]);
}

/** Appends history entries of a template, then drops the oldest beyond HISTORY_KEEP done steps. */
export async function appendHistory(db: Db, formatId: number, draftVersion: number, createdBy: string, entries: HistoryEntry[]): Promise<void> {
  if (entries.length === 0) return;
  await db.insertInto('cgFormatHistory').values(entries.map((e) => ({
    formatId, action: e.action, scope: e.step.scope, stepId: e.step.id, step: JSON.stringify(e.step), draftVersion, createdBy,
  }))).execute();
  const cut = await db.selectFrom('cgFormatHistory').select('id').where('formatId', '=', formatId).where('action', '=', 'do')
    .orderBy('id', 'desc').offset(HISTORY_KEEP - 1).limit(1).executeTakeFirst();
  if (cut) await db.deleteFrom('cgFormatHistory').where('formatId', '=', formatId).where('id', '<', cut.id).execute();
}

export interface VersionRow { versionNo: number; contentHash: string; author: string; note: string | null; rollbackOf: number | null; createdAt: Date }

/**
 * The versions of a template, oldest first. A template published before versions were kept has
 * its published content as version 1 (stored when `store` is set: before the next 发布 or 回滚).
 */
export async function versionsOf(db: Db, format: { id: number; published: unknown; publishedAt: Date | null; publishedBy: string | null }, store = false): Promise<(VersionRow & { content: unknown })[]> {
  const rows = await db.selectFrom('cgFormatVersion').select(['versionNo', 'contentHash', 'author', 'note', 'rollbackOf', 'createdAt', 'content'])
    .where('formatId', '=', format.id).orderBy('versionNo').execute();
  if (rows.length > 0 || format.published === null || format.published === undefined) return rows;
  const baseline = {
    versionNo: 1, content: format.published, contentHash: await contentHash(format.published), author: format.publishedBy ?? 'seed',
    note: '初始版本', rollbackOf: null, createdAt: format.publishedAt ?? new Date(0),
  };
  if (store) await db.insertInto('cgFormatVersion').values({ ...baseline, formatId: format.id, content: JSON.stringify(baseline.content) }).execute();
  return [baseline];
}

/** The stored template row (404 when there is none). */
export async function formatRow(db: Db, id: number) {
  const found = await db.selectFrom('cgFormat')
    .select(['id', 'formatCode', 'formatName', 'formatType', 'customTable', 'menuUuid', 'draft', 'published', 'publishedAt', 'publishedBy', 'updatedAt', 'version', sql<boolean>`(draft is distinct from published)`.as('changed')])
    .where('id', '=', id).executeTakeFirst();
  if (!found) throw notFound('模板不存在');
  return found;
}

/**
 * The one place where a stored or imported template is brought to the current format before it is
 * used: the ordered format migrations of src/schema (`formatVersion`). A template the migrations
 * refuse (a newer format) is handed on unchanged, so that the parser refuses it with its path.
 */
export function migrateTemplateFormat(raw: unknown): unknown {
  try {
    return migrateTemplate(raw);
  } catch {
    return raw;
  }
}
