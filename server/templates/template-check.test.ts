import { describe, expect, it } from 'vitest';
import { BUILTIN_RESOURCES } from '../seed/resources';
import { builtinTemplates } from '../seed/templates';
import { checkTemplate } from './template-check';

const byTable = (t: string) => BUILTIN_RESOURCES.find((r) => r.tableName === t);

describe('checkTemplate', () => {
  it('publishes the seeded FORM templates with their rules', () => {
    const driver = BUILTIN_RESOURCES.find((r) => r.tableName === 'as_driver')!;
    const form = builtinTemplates(driver).find((t) => t.formatType === 'FORM')!;
    const checked = checkTemplate(form, byTable);
    expect(checked.formSubList!.find((f) => f.fieldName === 'mobile')!.cgValidate).toMatchObject({ validateTitle: '手机号格式错误!' });
  });
  it('refuses a custom rule that is not a regular expression, naming the field', () => {
    const form = {
      formatName: '司机表单', formatCode: 'bad_form', formatType: 'FORM', customTable: 'as_driver',
      formSubList: [{ fieldName: 'mobile', fieldExplain: '手机号', cgValidate: { validateMethod: '^(1[3-9', validateTitle: '手机号格式错误!' } }],
    };
    expect(() => checkTemplate(form, byTable)).toThrow(/formSubList\[0\]\.cgValidate\.validateMethod: .*不是有效的正则表达式/);
  });
});
