import { describe, expect, it } from 'vitest';
import { assayGroupProblem, assayRates, withinLimits, type DeductStep } from './assay';

const steps: DeductStep[] = [
  { itemCode: '001', fromValue: '12.5', rate: '1', deductKind: 'WATER' },
  { itemCode: '001', fromValue: '13', rate: '2', deductKind: 'WATER' },
  { itemCode: '003', fromValue: '1.2', rate: '0.5', deductKind: 'IMPURITY' },
];

describe('assay rules', () => {
  it('takes the highest step a value reaches, per kind', () => {
    expect(assayRates([{ itemCode: '001', value: '12.4' }], steps)).toEqual({ water: '0.00', impurity: '0.00' });
    expect(assayRates([{ itemCode: '001', value: '12.5' }], steps)).toEqual({ water: '1.00', impurity: '0.00' });
    expect(assayRates([{ itemCode: '001', value: '12.99' }], steps)).toEqual({ water: '1.00', impurity: '0.00' });
    expect(assayRates([{ itemCode: '001', value: '13' }, { itemCode: '003', value: '1.3' }], steps)).toEqual({ water: '2.00', impurity: '0.50' });
    expect(assayRates([{ itemCode: '002', value: '99' }, { itemCode: '001', value: null }], steps)).toEqual({ water: '0.00', impurity: '0.00' });
  });
  it('judges limits and the group row', () => {
    expect(withinLimits('5', '1', '10')).toBe(true);
    expect(withinLimits('11', null, '10')).toBe(false);
    expect(withinLimits(null, '1', '2')).toBeNull();
    expect(assayGroupProblem({ sampleCars: 501 })).toMatchObject({ field: 'sampleCars' });
    expect(assayGroupProblem({ sampleCars: 0, itemCodes: '001,005' })).toBeNull();
    expect(assayGroupProblem({ itemCodes: '001,009' })).toMatchObject({ field: 'itemCodes' });
  });
});
