import type { Kysely } from 'kysely';
import type { Template } from '../../src/schema/template';
import type { DB } from '../db/schema';

/**
 * Publishing a template writes the parameter links designed on its picking fields (`paramLinks`,
 * 弹窗设计) to cg-format-form-sub-param under each field's id, so the links call answers what was
 * published. A field without designed links, or without an id, leaves the stored links alone.
 */
export async function publishParamLinks(db: Kysely<DB>, template: Template): Promise<void> {
  const fields = [...template.formSubList ?? [], ...(template.childSubLists ?? []).flatMap((c) => c.fields)];
  for (const field of fields) {
    if (!field.paramLinks || field.id === null || field.id === undefined) continue;
    const resFormatSubId = String(field.id);
    await db.deleteFrom('cgFormatFormSubParam').where('resFormatSubId', '=', resFormatSubId).execute();
    if (field.paramLinks.length === 0) continue;
    await db.insertInto('cgFormatFormSubParam').values(field.paramLinks.map((l, seq) => ({
      resFormatSubId, seq, fieldSub1: JSON.stringify({ fieldName: l.fieldSub1.fieldName, masterTable: l.fieldSub1.masterTable ?? null }), fieldSub2: JSON.stringify({ fieldName: l.fieldSub2.fieldName }),
    }))).execute();
  }
}
