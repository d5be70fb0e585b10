import type { Kysely } from 'kysely';
import type { FieldDefinition } from '../../src/schema/field-definition';
import { validateSubmission } from '../../src/schema/validate';
import type { DB } from '../db/schema';
import { badRequest } from '../http/app-error';

/**
 * The server's half of the form engine's validation: every create and update is checked against
 * the table's published FORM template with the same functions from `src/schema` the form runs, so
 * a direct API call gets the message the form would have shown (and the field it belongs to).
 */
export async function publishedFormFields(db: Kysely<DB>, tableName: string): Promise<FieldDefinition[] | null> {
  const row = await db.selectFrom('cgFormat').select('published').where('customTable', '=', tableName).where('formatType', '=', 'FORM')
    .where('published', 'is not', null).orderBy('id').executeTakeFirst();
  const template = row?.published as { formSubList?: FieldDefinition[] } | null | undefined;
  return template?.formSubList ?? null;
}

function comparable(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (value instanceof Date) return String(value.getTime());
  if (typeof value === 'string') {
    const text = value.trim();
    if (text === '') return null;
    if (/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}/.test(text)) {
      const t = Date.parse(text.replace(' ', 'T'));
      if (!Number.isNaN(t)) return String(t);
    }
    if (/^-?\d+(\.\d+)?$/.test(text)) return String(Number(text));
    return text;
  }
  if (typeof value === 'number') return String(value);
  if (typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * Refuses a submission the form would refuse: required fields, idNumber, email and custom rules;
 * on update, a field the template does not let users change must keep its value.
 */
export async function checkFormRules(
  db: Kysely<DB>, tableName: string, body: Readonly<Record<string, unknown>>, mode: 'create' | 'update', current?: Readonly<Record<string, unknown>>,
): Promise<void> {
  const fields = await publishedFormFields(db, tableName);
  if (!fields) return;
  const [problem] = validateSubmission(fields, body, mode);
  if (problem) throw badRequest(problem.message, { field: problem.field });
  if (mode === 'update' && current) {
    for (const f of fields) {
      if (f.iupdate !== false || !Object.prototype.hasOwnProperty.call(body, f.fieldName)) continue;
      if (comparable(body[f.fieldName]) !== comparable(current[f.fieldName])) {
        throw badRequest(`${f.fieldExplain}不允许修改`, { field: f.fieldName });
      }
    }
  }
}
