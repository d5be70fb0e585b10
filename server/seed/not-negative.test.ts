import { describe, expect, it } from 'vitest';
import { NOT_NEGATIVE } from '../../src/schema/record-rules';
import { BUILTIN_RESOURCES } from './resources';

describe('the business quantities that may not be negative (NOT_NEGATIVE)', () => {
  it('name NUMBER columns of the built-in tables only, each as the table defines it', () => {
    expect(NOT_NEGATIVE.size).toBeGreaterThan(0);
    for (const [table, fields] of NOT_NEGATIVE) {
      const def = BUILTIN_RESOURCES.find((r) => r.tableName === table);
      expect(def, table).toBeDefined();
      for (const field of fields) expect(def!.columns.find((c) => c.fieldName === field)?.fieldType, `${table}.${field}`).toBe('NUMBER');
    }
  });
});
