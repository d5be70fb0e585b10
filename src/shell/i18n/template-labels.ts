import type { FieldDefinition } from '../../schema/field-definition';
import type { Template } from '../../schema/template';
import type { Locale } from './i18n';

/** Translations of one template's labels, keyed the way the template names them. */
interface TemplateLabels {
  /** formatName */
  title?: string;
  /** fieldExplain by fieldName */
  fields?: Record<string, string>;
  /** cgValidate.validateTitle by fieldName */
  rules?: Record<string, string>;
  /** option labels by fieldName, then by value */
  options?: Record<string, Record<string, string>>;
}

/** Button labels by action (the same words on every administration screen). */
const BUTTONS_EN: Record<string, string> = {
  add: 'Add', edit: 'Edit', del: 'Delete', enable: 'Enable', disable: 'Disable', perm: 'Permissions',
  forceOut: 'Force offline', resetPwd: 'Reset password', unlock: 'Unlock', logo: 'Logos', export: 'Export', users: 'Assign users',
};

const CODE_RULE_EN = 'Codes may contain only letters, digits, underscores and hyphens';

/**
 * English labels of the administration templates (their Chinese labels are the templates' own
 * words, served by the server). A template the catalogue does not know, or a field it does not
 * name, keeps the server's words.
 */
const EN: Record<string, TemplateLabels> = {
  sys_user_list: {
    title: 'Users',
    fields: { username: 'User name', realName: 'Name', mobile: 'Mobile', email: 'E-mail', enabled: 'Enabled', locked: 'Locked', createdAt: 'Created' },
  },
  sys_user_form: {
    title: 'User',
    fields: { username: 'User name', realName: 'Name', password: 'Initial password', mobile: 'Mobile', email: 'E-mail', admin: 'Administrator', orgIds: 'Companies', roleIds: 'Roles' },
    rules: { username: 'User names are 2 to 32 letters, digits or _ . -', mobile: 'Invalid mobile number!' },
  },
  sys_role_list: { title: 'Roles', fields: { roleCode: 'Role code', roleName: 'Role name', description: 'Description', enabled: 'Enabled' } },
  sys_role_form: {
    title: 'Role', fields: { roleCode: 'Role code', roleName: 'Role name', enabled: 'Enabled', description: 'Description' }, rules: { roleCode: CODE_RULE_EN },
  },
  sys_group_list: { title: 'Groups', fields: { groupCode: 'Group code', groupName: 'Group name' } },
  sys_group_form: { title: 'Group', fields: { groupCode: 'Group code', groupName: 'Group name' }, rules: { groupCode: CODE_RULE_EN } },
  sys_org_list: { title: 'Companies', fields: { orgCode: 'Company code', orgName: 'Company name', shortName: 'Short name', enabled: 'Enabled' } },
  sys_org_form: {
    title: 'Company', fields: { orgCode: 'Company code', orgName: 'Company name', shortName: 'Short name', groupId: 'Group', enabled: 'Enabled' }, rules: { orgCode: CODE_RULE_EN },
  },
  sys_online_list: {
    title: 'Online users',
    fields: { username: 'User name', realName: 'Name', orgName: 'Current company', ip: 'IP address', clientId: 'Client', createdAt: 'Signed in', lastSeenAt: 'Last seen' },
  },
  sys_menu_form: {
    title: 'Menu',
    fields: { title: 'Name', menuType: 'Type', permission: 'Permission key', sort: 'Order', urlPath: 'Route', component: 'Component', icon: 'Icon', iusual: 'Common menu', keepAlive: 'Keep page alive' },
    rules: { permission: 'Permission keys may contain only letters, digits and _ : . -' },
    options: { menuType: { MENU: 'Menu', BUTTON: 'Button' } },
  },
};

/** The field definitions in the language shown (`code` names the template or form they belong to). */
export function localizeFields(code: string, fields: readonly FieldDefinition[], locale: Locale): FieldDefinition[] {
  const labels = locale === 'en-US' ? EN[code] : undefined;
  if (!labels) return [...fields];
  return fields.map((f) => {
    const options = labels.options?.[f.fieldName];
    const rule = labels.rules?.[f.fieldName];
    return {
      ...f,
      fieldExplain: labels.fields?.[f.fieldName] ?? f.fieldExplain,
      ...(rule && f.cgValidate ? { cgValidate: { ...f.cgValidate, validateTitle: rule } } : {}),
      ...(options && f.options ? { options: f.options.map((o) => ({ ...o, label: options[String(o.value)] ?? o.label })) } : {}),
    };
  });
}

/** A template with its title, buttons and field labels in the language shown. */
export function localizeTemplate(template: Template, locale: Locale): Template {
  if (locale !== 'en-US') return template;
  const labels = EN[template.formatCode] ?? {};
  return {
    ...template,
    formatName: labels.title ?? template.formatName,
    ...(template.buttons ? { buttons: template.buttons.map((b) => ({ ...b, label: BUTTONS_EN[b.action] ?? b.label })) } : {}),
    ...(template.listSubList ? { listSubList: localizeFields(template.formatCode, template.listSubList, locale) } : {}),
    ...(template.formSubList ? { formSubList: localizeFields(template.formatCode, template.formSubList, locale) } : {}),
  };
}
