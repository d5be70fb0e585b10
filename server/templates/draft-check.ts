import type { ResourceDefinition } from '../../src/schema/resource';
import { SYSTEM_COLUMNS } from '../../src/schema/resource';
import { ShapeError } from '../../src/schema/shape';
import type { Template } from '../../src/schema/template';
import { checkTemplateAttributes } from '../../src/schema/template-attributes';
import { checkTemplate } from './template-check';

/**
 * A draft fit to store or publish: what `checkTemplate` asks of a published template (it parses with
 * the runtime's parser, its fields name columns of the data source), the child tables are data
 * sources whose columns their fields name, and the attributes the configuration dialogs edit keep
 * their rules (`checkTemplateAttributes`: calculations reference only what the template has, date
 * specs, time ranges and time points are valid). Throws a ShapeError naming the field.
 */
export function checkDraft(input: unknown, resourceOf: (table: string) => ResourceDefinition | undefined): Template {
  const template = checkTemplate(input, resourceOf);
  template.childSubLists?.forEach((child, i) => {
    const def = resourceOf(child.customTable);
    if (!def) throw new ShapeError(`childSubLists[${i}].customTable`, `数据源 ${child.customTable} 不存在`);
    child.fields.forEach((f, j) => {
      const table = f.customTable ?? child.customTable;
      if (table !== child.customTable) throw new ShapeError(`childSubLists[${i}].fields[${j}].customTable`, `子表 ${child.label} 的字段须属于 ${child.customTable}`);
      const known = f.calculate || (SYSTEM_COLUMNS as readonly string[]).includes(f.fieldName) || def.columns.some((c) => c.fieldName === f.fieldName);
      if (!known) throw new ShapeError(`childSubLists[${i}].fields[${j}].fieldName`, `数据源 ${def.tableExplain}(${table}) 没有字段 ${f.fieldName}`);
    });
  });
  checkTemplateAttributes(template);
  return template;
}
