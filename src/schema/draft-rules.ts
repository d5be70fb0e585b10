import { declaredType, isNotNumberColumn, type DeclaredColumnTypes, type FieldDefinition } from './field-definition';
import { ShapeError } from './shape';
import type { Template } from './template';
import { checkTemplateAttributes } from './template-attributes';
import { patternProblem } from './validate';

/**
 * The rules a template's draft keeps that need no data source: the designer checks them after every
 * command (src/designer/engine/designer.ts `validate`) and the server before it stores or publishes a
 * draft (server/templates/draft-check.ts), so that a draft the designer lets through is never refused
 * on save for a rule it did not know. (Whether a field names a column of its data source needs the
 * data sources: the server checks it, server/templates/template-check.ts.) Throws a ShapeError naming
 * the field at the first problem:
 * - a field's 校验规则 (`cgValidate.validateMethod`, main form, list and popup) is a pattern the
 *   validator can run (`checkFieldPatterns`);
 * - a child table's fields belong to the child table's data source;
 * - 合计 (`itotal`) of a list, popup or child-table column, and a chart's values, only on number
 *   columns (`isNumberColumn`: by the type the data source declares, given as `declared` — the server
 *   and the designer pass the types of the template's data sources — else by the field's own marks);
 * - the attributes the configuration dialogs edit keep their rules (`checkTemplateAttributes`: a
 *   calculation references only fields of its table, never its own field; date specs, time ranges
 *   and time points are valid).
 */
export function checkDraftRules(template: Template, declared?: DeclaredColumnTypes): void {
  checkFieldPatterns(template);
  checkNumberColumns(template, declared);
  template.childSubLists?.forEach((child, i) => {
    child.fields.forEach((f, j) => {
      const table = f.customTable ?? child.customTable;
      if (table !== child.customTable) throw new ShapeError(`childSubLists[${i}].fields[${j}].customTable`, `子表 ${child.label} 的字段须属于 ${child.customTable}`);
    });
  });
  checkTemplateAttributes(template);
}

/** Every 校验规则 of the main form's, the list's and the popup's fields is a pattern the validator can run. */
export function checkFieldPatterns(template: Template): void {
  const lists = [['formSubList', template.formSubList], ['listSubList', template.listSubList], ['resSubList', template.resSubList]] as const;
  for (const [name, fields] of lists) {
    fields?.forEach((f, i) => {
      const problem = f.cgValidate ? patternProblem(f.cgValidate.validateMethod) : null;
      if (problem) throw new ShapeError(`${name}[${i}].cgValidate.validateMethod`, `字段${f.fieldExplain}(${f.fieldName})的校验规则${problem}`);
    });
  }
}

/**
 * 合计 only on number columns, and a chart's values only from them, by the type each column's data
 * source declares (a column that is no number column for the list: 字段名称(vendorName)不是数值列，不能合计).
 */
export function checkNumberColumns(template: Template, declared?: DeclaredColumnTypes): void {
  const main = template.customTable ?? null;
  const typeOf = (f: FieldDefinition, table: string | null) => declaredType(declared, f.customTable ?? table, f.fieldName);
  const lists: [string, readonly FieldDefinition[] | undefined, string | null][] = [
    ['listSubList', template.listSubList, main], ['resSubList', template.resSubList, main],
    ...(template.childSubLists ?? []).map((c, i): [string, FieldDefinition[], string] => [`childSubLists[${i}].fields`, c.fields, c.customTable]),
  ];
  for (const [path, fields, table] of lists) {
    fields?.forEach((f, i) => {
      if (f.itotal && isNotNumberColumn(f, typeOf(f, table))) throw new ShapeError(`${path}[${i}].itotal`, `字段${f.fieldExplain}(${f.fieldName})不是数值列，不能合计`);
    });
  }
  template.chart?.y.forEach((name, i) => {
    const f = template.listSubList?.find((x) => x.fieldName === name);
    if (f && isNotNumberColumn(f, typeOf(f, main))) throw new ShapeError(`chart.y[${i}]`, `${f.fieldExplain || name} 不是数值列`);
  });
}
