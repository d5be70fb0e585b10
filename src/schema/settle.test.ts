import { describe, expect, it } from 'vitest';
import { settleFigures, settleRuleOf, settleRuleProblem } from './settle';

describe('settle weight', () => {
  it('is net − fixed deduction − Σ(net × rate), exact in decimals', () => {
    // 0.1 + 0.2 style float noise would show here: 30.15 − 14.22 = 15.93 exactly
    expect(settleFigures({ grossKg: 30_150, tareKg: 14_220 })).toEqual({ net: '15.930', settle: '15.930' });
    expect(settleFigures({ grossKg: 30_150, tareKg: 14_220, deductT: '0.2', ratesPct: ['1.5', '0.3'] })).toEqual({ net: '15.930', settle: '15.443' });
    expect(settleFigures({ grossKg: '42380', tareKg: '15640', ratesPct: [null, ''] })).toEqual({ net: '26.740', settle: '26.740' });
  });

  it('rounds the settle weight once, by the material’s places and mode', () => {
    // 15.93 × 1.8 % = 0.28674 → 15.93 − 0.2 − 0.28674 = 15.44326
    const inputs = { grossKg: 30_150, tareKg: 14_220, deductT: '0.2', ratesPct: ['1.8'] };
    expect(settleFigures({ ...inputs, rule: { places: 2, mode: 'HALF_UP' } })).toEqual({ net: '15.930', settle: '15.44' });
    expect(settleFigures({ ...inputs, rule: { places: 2, mode: 'UP' } }).settle).toBe('15.45');
    expect(settleFigures({ ...inputs, rule: { places: 1, mode: 'DOWN' } }).settle).toBe('15.4');
    expect(settleFigures({ ...inputs, rule: { places: 0, mode: 'HALF_UP' } }).settle).toBe('15');
    // exactly half: 15.93 − 0.005 = 15.925 → 15.93 half up, 15.92 cut
    expect(settleFigures({ grossKg: 30_150, tareKg: 14_220, deductT: '0.005', rule: { places: 2, mode: 'HALF_UP' } }).settle).toBe('15.93');
    expect(settleFigures({ grossKg: 30_150, tareKg: 14_220, deductT: '0.005', rule: { places: 2, mode: 'DOWN' } }).settle).toBe('15.92');
    // a settle weight already on the places is not moved by 进位
    expect(settleFigures({ grossKg: 30_150, tareKg: 14_220, rule: { places: 2, mode: 'UP' } }).settle).toBe('15.93');
  });

  it('reads a material’s rule, blanks taking 3 places half up, and refuses a wrong one', () => {
    expect(settleRuleOf({ settleScale: '2', settleRounding: 'DOWN' })).toEqual({ places: 2, mode: 'DOWN' });
    expect(settleRuleOf({ settleScale: null, settleRounding: '' })).toEqual({ places: 3, mode: 'HALF_UP' });
    expect(settleRuleOf(undefined)).toEqual({ places: 3, mode: 'HALF_UP' });
    expect(settleRuleProblem({ settleScale: 4 })).toEqual({ field: 'settleScale', message: '结算重量小数位应为 0–3 的整数' });
    expect(settleRuleProblem({ settleScale: '1.5' })?.field).toBe('settleScale');
    expect(settleRuleProblem({ settleRounding: 'CEIL' })).toEqual({ field: 'settleRounding', message: '舍入方式应为 四舍五入、截尾、进位 之一' });
    expect(settleRuleProblem({ settleScale: 0, settleRounding: 'UP' })).toBeNull();
  });
});
