import type { ResourceDefinition } from '../../src/schema/resource';
import { SYSTEM_COLUMNS, declaredColumnTypes } from '../../src/schema/resource';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { checkDraftRules } from '../../src/schema/draft-rules';
import { checkTemplate } from './template-check';

/**
 * A draft fit to store or publish: what `checkTemplate` asks of a published template (it parses with
 * the runtime's parser, its fields name columns of the data source), the rules the designer checks
 * after every command too (`checkDraftRules`, src/schema/draft-rules.ts, with the column types the data
 * sources declare: child-table fields belong to their table, 校验规则, 合计 only on number columns, the configuration dialogs' attributes — a calculation never references its own
 * field…), and the child tables are data sources whose columns their fields name. Throws a
 * ShapeError naming the field.
 */
export function checkDraft(input: unknown, resourceOf: (table: string) => ResourceDefinition | undefined): Template {
  const template = checkTemplate(input, resourceOf);
  checkDraftRules(template, declaredColumnTypes(template, resourceOf));
  template.childSubLists?.forEach((child, i) => {
    const def = resourceOf(child.customTable);
    if (!def) throw new ShapeError(`childSubLists[${i}].customTable`, `数据源 ${child.customTable} 不存在`);
    child.fields.forEach((f, j) => {
      const known = f.calculate || (SYSTEM_COLUMNS as readonly string[]).includes(f.fieldName) || def.columns.some((c) => c.fieldName === f.fieldName);
      if (!known) throw new ShapeError(`childSubLists[${i}].fields[${j}].fieldName`, `数据源 ${def.tableExplain}(${child.customTable}) 没有字段 ${f.fieldName}`);
    });
  });
  return template;
}
