import { parseTemplate } from '../../src/schema/parse-template';
import { ShapeError } from '../../src/schema/shape';
import { checkFieldPatterns } from '../../src/schema/draft-rules';
import type { ResourceDefinition } from '../../src/schema/resource';
import { SYSTEM_COLUMNS } from '../../src/schema/resource';
import type { Template } from '../../src/schema/template';

/**
 * A template fit to publish: it parses, its fields' 校验规则 are patterns the validator can run
 * (`checkFieldPatterns`, src/schema/draft-rules.ts, which the designer checks too), and every field of
 * its main table names a column of the data source (or a system column, or a calculated column).
 */
export function checkTemplate(input: unknown, resourceOf: (table: string) => ResourceDefinition | undefined): Template {
  const template = parseTemplate(input);
  checkFieldPatterns(template);
  const lists = [['formSubList', template.formSubList], ['listSubList', template.listSubList], ['resSubList', template.resSubList]] as const;
  for (const [name, fields] of lists) {
    fields?.forEach((f, i) => {
      const table = f.customTable ?? template.customTable;
      if (!table) return;
      const def = resourceOf(table);
      if (!def) throw new ShapeError(`${name}[${i}].customTable`, `数据源 ${table} 不存在`);
      const known = f.calculate || (SYSTEM_COLUMNS as readonly string[]).includes(f.fieldName) || def.columns.some((c) => c.fieldName === f.fieldName);
      if (!known) throw new ShapeError(`${name}[${i}].fieldName`, `数据源 ${def.tableExplain}(${table}) 没有字段 ${f.fieldName}`);
    });
  }
  return template;
}
