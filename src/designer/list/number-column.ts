import type { ColumnNode, DesignDraft } from '../../schema/design-nodes';
import { declaredType, isNumberColumn, type DeclaredColumnTypes } from '../../schema/field-definition';

/**
 * Whether a list column holds numbers (`isNumberColumn`: by the type its data source declares, which
 * the server sends with the draft): where 列表设计 offers 合计 and the 图表's values.
 */
export const numberColumnTest = (draft: DesignDraft, declared: DeclaredColumnTypes) => (c: ColumnNode): boolean =>
  isNumberColumn(c.field, declaredType(declared, c.field.customTable ?? draft.meta.customTable, c.field.fieldName));
