import type { ColumnNode, DesignDraft } from '../../schema/design-nodes';
import { declaredType, isNumberColumn, type DeclaredColumnTypes } from '../../schema/field-definition';

/**
 * The type a column's data source declares (undefined where it declares none): the column's own
 * table, else its child table's (a master-child form's line columns), else the template's.
 */
export const declaredColumnType = (draft: DesignDraft, declared: DeclaredColumnTypes) => (c: ColumnNode): string | undefined => {
  const parent = draft.nodes[c.parent];
  const table = c.field.customTable ?? (parent?.kind === 'childTable' ? parent.customTable : draft.meta.customTable);
  return declaredType(declared, table, c.field.fieldName);
};

/**
 * Whether a column holds numbers (`isNumberColumn`: by the type its data source declares, which
 * the server sends with the draft): where 列表设计 and the form designer's panel offer 合计, and the 图表's values.
 */
export const numberColumnTest = (draft: DesignDraft, declared: DeclaredColumnTypes) => {
  const typeOf = declaredColumnType(draft, declared);
  return (c: ColumnNode): boolean => isNumberColumn(c.field, typeOf(c));
};
