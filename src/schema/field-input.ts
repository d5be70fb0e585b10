/*
 * What typing in a field does by the field's name: digits only, or a plate number. Apart from the
 * validation rules (validate.ts), whose pattern engine a list's code does not load.
 */

/** Fields that accept digits only (other characters are stripped while typing). */
export const DIGITS_ONLY_FIELDS = new Set(['startCode', 'endCode', 'num', 'carryOverNum']);
export function digitsOnly(value: string): string {
  return value.replace(/\D+/g, '');
}
export function isPlateField(fieldName: string): boolean {
  return fieldName === 'plateNumber' || /PlateNumber$/.test(fieldName);
}

export interface PlateEntry { plateCode: string; plateName: string }
/**
 * Plate input: upper-cased; a single typed character is matched against the plate list (its code
 * or its name) and replaced by the province abbreviation.
 */
export function normalisePlate(value: string, plates: readonly PlateEntry[] = []): string {
  const upper = value.toUpperCase();
  if ([...upper].length !== 1) return upper;
  const hit = plates.find((p) => p.plateCode.toUpperCase() === upper || p.plateName === upper);
  return hit ? hit.plateName : upper;
}
