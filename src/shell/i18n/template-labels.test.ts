import { describe, expect, it } from 'vitest';
import type { Template } from '../../schema/template';
import { localizeFields, localizeTemplate } from './template-labels';

const users: Template = {
  formatName: '用户管理', formatCode: 'sys_user_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST',
  buttons: [{ code: 'resetPwd', label: '重置密码', action: 'resetPwd' }, { code: 'x', label: '自定义', action: 'custom' }],
  listSubList: [{ fieldName: 'username', fieldExplain: '用户名' }, { fieldName: 'extra', fieldExplain: '扩展字段' }],
};

describe('template labels', () => {
  it('leaves a template as the server words it in Chinese', () => {
    expect(localizeTemplate(users, 'zh-CN')).toBe(users);
  });

  it('answers the catalogue\'s English by template field and button action, keeping what it does not know', () => {
    const en = localizeTemplate(users, 'en-US');
    expect(en.formatName).toBe('Users');
    expect(en.buttons?.map((b) => b.label)).toEqual(['Reset password', '自定义']);
    expect(en.listSubList?.map((f) => f.fieldExplain)).toEqual(['User name', '扩展字段']);
    expect(users.formatName).toBe('用户管理'); // the fetched template is not changed
  });

  it('translates a form\'s rule messages and option labels', () => {
    const [type, permission] = localizeFields('sys_menu_form', [
      { fieldName: 'menuType', fieldExplain: '类型', options: [{ value: 'MENU', label: '菜单' }, { value: 'BUTTON', label: '按钮' }] },
      { fieldName: 'permission', fieldExplain: '权限标识', cgValidate: { validateMethod: '^x$', validateTitle: '权限标识只能包含字母、数字和 _ : . -' } },
    ], 'en-US');
    expect(type.options?.map((o) => o.label)).toEqual(['Menu', 'Button']);
    expect(permission).toMatchObject({ fieldExplain: 'Permission key', cgValidate: { validateMethod: '^x$', validateTitle: 'Permission keys may contain only letters, digits and _ : . -' } });
  });
});
