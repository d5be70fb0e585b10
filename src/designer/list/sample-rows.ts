import { isNumberColumn, type FieldDefinition } from '../../schema/field-definition';
import type { Row } from '../../runtime';

/**
 * Sample values for the list designer's cells (design mode calls no data API): each column gets a
 * value its kind shows — a number for numeric columns, a date for date kinds, the first option of
 * a choice, 是 for booleans, the column title with a row number otherwise.
 */
export function sampleValue(f: FieldDefinition, i: number): unknown {
  const options = f.options ?? f.enumOptions;
  if (options && options.length) return options[i % options.length].value;
  if (f.fieldType === 'BOOLEAN' || f.formSubmitType === 'BOOLEAN') return i % 2 === 0;
  const numeric = isNumberColumn(f) || f.itotal;
  if (numeric) return [1234.5, 36.42, 880][i % 3];
  const kind = f.formSubmitType ?? f.detailsUrl;
  if (f.fieldType === 'DATE' || kind === 'DATA_BOX' || kind === 'DATA_BOX_TIM' || kind === 'DATA_RANGE_BOX' || kind === 'TIME_RANGE_BOX') {
    return `2026-11-${String(18 + i).padStart(2, '0')} 08:3${i}:00`;
  }
  if (kind === 'TIME_BOX_TIM') return `08:3${i}:00`;
  if (kind === 'IMG_UPLOAD_EP' || kind === 'IMG_LOGO') return null;
  return `${f.fieldExplain}${i + 1}`;
}

export function sampleRows(fields: readonly FieldDefinition[], count = 3): Row[] {
  return Array.from({ length: count }, (_, i) => {
    const row: Row = { id: -(i + 1) };
    for (const f of fields) row[f.fieldName] = sampleValue(f, i);
    return row;
  });
}
