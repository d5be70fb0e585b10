import { describe, expect, it } from 'vitest';
import { FORMAT_VERSION, migrateTemplate, type FormatMigration } from './format-migrations';
import { TemplateError, parseTemplate } from './parse-template';

const v1 = {
  formatName: '司机', formatCode: 'as_driver_list', formatType: 'LIST', customTable: 'as_driver',
  listSubList: [{ fieldName: 'driverName', fieldExplain: '姓名', fieldType: 'TEXT', columnWidth: 120 }],
};

const refusal = (value: unknown) => {
  try {
    parseTemplate(value);
  } catch (error) {
    if (error instanceof TemplateError) return error;
    throw error;
  }
  throw new Error('parsed');
};

describe('the template format version', () => {
  it('a template without formatVersion is version 1 and is read as the current format', () => {
    expect(FORMAT_VERSION).toBeGreaterThan(1);
    const t = parseTemplate(v1);
    expect(t.formatVersion).toBe(FORMAT_VERSION);
    expect(t.listSubList![0]).toMatchObject({ fieldName: 'driverName', columnWidth: 120 });
    // what is stored again carries the version, and reads back the same
    expect(parseTemplate(JSON.parse(JSON.stringify(t)))).toEqual(t);
  });

  it('a template of a newer format is refused with a message naming formatVersion', () => {
    const error = refusal({ ...v1, formatVersion: FORMAT_VERSION + 1 });
    expect(error.path).toBe('formatVersion');
    expect(error.message).toContain('formatVersion');
    expect(error.message).toContain(`${FORMAT_VERSION + 1}`);
    expect(error.message).toContain('升级');
    expect(refusal({ ...v1, formatVersion: 0 }).path).toBe('formatVersion');
    expect(refusal({ ...v1, formatVersion: '2' }).path).toBe('formatVersion');
  });

  // the mechanism a real rename uses: the steps run in order, from the document's own version on
  const steps: FormatMigration[] = [
    { from: 1, note: 'v2', migrate: (t) => ({ ...t, trail: [...((t.trail as string[] | undefined) ?? []), '1→2'] }) },
    {
      from: 2, note: 'columnWidth → width',
      migrate: (t) => ({
        ...t,
        trail: [...((t.trail as string[] | undefined) ?? []), '2→3'],
        listSubList: (t.listSubList as Record<string, unknown>[]).map(({ columnWidth, ...f }) => ({ ...f, width: columnWidth })),
      }),
    },
  ];

  it('applies the steps in order from the document’s version, and leaves the input alone', () => {
    const input = structuredClone(v1);
    expect(migrateTemplate(input, steps)).toMatchObject({ formatVersion: 3, trail: ['1→2', '2→3'], listSubList: [{ fieldName: 'driverName', width: 120 }] });
    expect(input).toEqual(v1);
    expect(migrateTemplate({ ...v1, formatVersion: 2 }, steps)).toMatchObject({ formatVersion: 3, trail: ['2→3'] });
    const current = { ...v1, formatVersion: 3 };
    expect(migrateTemplate(current, steps)).toEqual(current);
    expect(() => migrateTemplate({ ...v1, formatVersion: 4 }, steps)).toThrow(/formatVersion.*4.*3/);
  });
});
