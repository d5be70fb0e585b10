import { describe, expect, it } from 'vitest';
import { ROLE_GRANTS } from './menu-data';
import { BUILTIN_RESOURCES } from './resources';
import { PICKS } from './templates';

/**
 * A role that may fill a form (its 新增 or 修改) may read every table the form's pickers list: a
 * weigher adding a weigh record picks the vendor and the material, never from an empty popup.
 */
describe('seeded role grants', () => {
  const parentOf = new Map(BUILTIN_RESOURCES.filter((d) => d.parentTable).map((d) => [d.tableName, d.parentTable!]));
  for (const [role, grants] of Object.entries(ROLE_GRANTS)) {
    it(`${role} may read what the pickers of the forms it fills list`, () => {
      const fills = new Set(grants.buttons.filter((b) => /_(add|edit)$/.test(b)).map((b) => b.replace(/_(add|edit)$/, '')));
      const missing: string[] = [];
      for (const [table, picks] of Object.entries(PICKS)) {
        const form = parentOf.get(table) ?? table;
        if (!fills.has(form)) continue;
        for (const [field, pick] of Object.entries(picks)) {
          if (!grants.pages.includes(pick.table)) missing.push(`${form}.${field} → ${pick.table}`);
        }
      }
      expect(missing).toEqual([]);
    });
  }
});
