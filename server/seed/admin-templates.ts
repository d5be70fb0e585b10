import type { Kysely } from 'kysely';
import type { FieldDefinition } from '../../src/schema/field-definition';
import type { Template, TemplateButton } from '../../src/schema/template';
import type { DB } from '../db/schema';
import { checkTemplate } from '../templates/template-check';

/**
 * The administration screens run on the same template runtime as the business lists: LIST (and,
 * where the admin API takes plain fields, FORM) templates over the admin endpoints, published under
 * the admin menus. They name no data-source table, so they are checked for shape only.
 */
const YES_NO_ENABLED: FieldDefinition = { fieldName: 'enabled', fieldExplain: '启用', fieldType: 'BOOLEAN', detailsUrl: 'BOOLEAN', iallowAdvanceQuery: true, ishow: true };
const CREATED: FieldDefinition = { fieldName: 'createdAt', fieldExplain: '创建时间', fieldType: 'DATE', cgValFormat: { valFormatFun: 'datetime' }, isortField: true, ishow: true };

const text = (fieldName: string, fieldExplain: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ fieldName, fieldExplain, fieldType: 'TEXT', ishow: true, ...extra });
const input = (fieldName: string, fieldExplain: string, extra: Partial<FieldDefinition> = {}): FieldDefinition =>
  ({ fieldName, fieldExplain, fieldType: 'CHAR', formSubmitType: 'ONE_TXT', ishow: true, iupdate: true, ...extra });
const CODE_RULE = { validateMethod: '^[A-Za-z0-9_-]+$', validateTitle: '编码只能包含字母、数字、下划线和短横线' };

function buttons(key: string, list: [string, string][]): TemplateButton[] {
  return list.map(([action, label], seq) => ({ code: action, label, action, permission: `${key}_${action}`, seq }));
}

interface AdminScreen { menu: string; list: Template; form?: Template }

export const ADMIN_SCREENS: AdminScreen[] = [
  {
    menu: 'sys_role',
    list: {
      formatName: '角色管理', formatCode: 'sys_role_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-role/list', resMethod: 'POST', ps: 10,
      buttons: buttons('sys_role', [['add', '新增'], ['edit', '修改'], ['del', '删除'], ['perm', '分配权限'], ['users', '分配用户']]),
      listSubList: [
        text('roleCode', '角色编码', { iallowQuery: true, isortField: false, seq: 10 }),
        text('roleName', '角色名称', { iallowQuery: true, seq: 20 }),
        text('description', '说明', { seq: 30 }),
        { ...YES_NO_ENABLED, seq: 40 },
      ],
    },
    form: {
      formatName: '角色', formatCode: 'sys_role_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', resUrl: '/sys-role/list', resMethod: 'POST',
      formSubList: [
        input('roleCode', '角色编码', { irequired: true, iupdate: false, cgValidate: CODE_RULE, seq: 10 }),
        input('roleName', '角色名称', { irequired: true, seq: 20 }),
        { fieldName: 'enabled', fieldExplain: '启用', fieldType: 'BOOLEAN', formSubmitType: 'BOOLEAN', defaultValue: true, ishow: true, iupdate: true, seq: 30 },
        input('description', '说明', { formSubmitType: 'TEXTAREA', fieldType: 'TXT', seq: 40 }),
      ],
    },
  },
  {
    menu: 'sys_group',
    list: {
      formatName: '集团管理', formatCode: 'sys_group_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-group/list', resMethod: 'POST', ps: 10,
      buttons: [...buttons('sys_group', [['add', '新增'], ['edit', '修改'], ['del', '删除']]), { code: 'logo', label: '设置标志', action: 'logo', permission: 'sys_group_edit', seq: 3 }],
      listSubList: [text('groupCode', '集团编码', { iallowQuery: true, seq: 10 }), text('groupName', '集团名称', { iallowQuery: true, seq: 20 })],
    },
    form: {
      formatName: '集团', formatCode: 'sys_group_form', formatType: 'FORM', formatStyle: 'FORMAT_FOUR_COLUMN_FROM', resUrl: '/sys-group/list', resMethod: 'POST',
      formSubList: [
        input('groupCode', '集团编码', { irequired: true, iupdate: false, cgValidate: CODE_RULE, seq: 10 }),
        input('groupName', '集团名称', { irequired: true, seq: 20 }),
      ],
    },
  },
  {
    menu: 'sys_org',
    list: {
      formatName: '公司管理', formatCode: 'sys_org_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-org/list', resMethod: 'POST', ps: 10,
      buttons: buttons('sys_org', [['add', '新增'], ['edit', '修改'], ['del', '删除']]),
      listSubList: [
        text('orgCode', '公司编码', { iallowQuery: true, seq: 10 }), text('orgName', '公司名称', { iallowQuery: true, seq: 20 }),
        text('shortName', '简称', { seq: 30 }), { ...YES_NO_ENABLED, seq: 40 },
      ],
    },
  },
  {
    menu: 'sys_user',
    list: {
      formatName: '用户管理', formatCode: 'sys_user_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-user/list', resMethod: 'POST', ps: 10,
      buttons: [
        ...buttons('sys_user', [['add', '新增'], ['edit', '修改'], ['del', '删除']]),
        ...buttons('sys_user', [['enable', '启用'], ['disable', '停用']]).map((b) => ({ ...b, permission: 'sys_user_enable', seq: (b.seq ?? 0) + 3 })),
        { code: 'resetPwd', label: '重置密码', action: 'resetPwd', permission: 'sys_user_reset_pwd', seq: 5 },
        { code: 'unlock', label: '解锁', action: 'unlock', permission: 'sys_user_unlock', seq: 6 },
      ],
      listSubList: [
        text('username', '用户名', { iallowQuery: true, isortField: true, seq: 10 }), text('realName', '姓名', { iallowQuery: true, seq: 20 }),
        text('mobile', '手机号', { iallowQuery: true, seq: 30 }), text('email', '电子邮箱', { seq: 40 }),
        { ...YES_NO_ENABLED, seq: 50 }, { fieldName: 'locked', fieldExplain: '锁定', fieldType: 'BOOLEAN', detailsUrl: 'BOOLEAN', iallowAdvanceQuery: true, ishow: true, seq: 60 },
        { ...CREATED, seq: 70 },
      ],
    },
  },
  {
    menu: 'sys_online',
    list: {
      formatName: '在线用户', formatCode: 'sys_online_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-online/list', resMethod: 'POST', ps: 10,
      buttons: buttons('sys_online', [['forceOut', '强制下线']]).map((b) => ({ ...b, permission: 'sys_online_force' })),
      listSubList: [
        text('username', '用户名', { iallowQuery: true, seq: 10 }), text('realName', '姓名', { iallowQuery: true, seq: 20 }),
        text('orgName', '当前公司', { seq: 30 }), text('ip', 'IP 地址', { iallowQuery: true, seq: 40 }), text('clientId', '客户端', { seq: 50 }),
        { fieldName: 'createdAt', fieldExplain: '登录时间', fieldType: 'DATE', cgValFormat: { valFormatFun: 'datetime' }, ishow: true, seq: 60 },
        { fieldName: 'lastSeenAt', fieldExplain: '最后访问', fieldType: 'DATE', cgValFormat: { valFormatFun: 'datetime' }, ishow: true, seq: 70 },
      ],
    },
  },
  {
    menu: 'sys_log',
    list: {
      formatName: '操作日志', formatCode: 'sys_log_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-operation-log/list', resMethod: 'POST', ps: 20,
      buttons: [{ code: 'detail', label: '日志详情', action: 'detail', permission: 'sys_log_view', seq: 0 }],
      listSubList: [
        text('title', '操作', { iallowQuery: true, seq: 10 }), text('username', '操作人', { iallowQuery: true, seq: 20 }),
        {
          fieldName: 'logType', fieldExplain: '类型', fieldType: 'ENUM', detailsUrl: 'SELECT', iallowAdvanceQuery: true, ishow: true, seq: 30,
          options: [{ value: 'OPERATION', label: '操作', color: 'blue' }, { value: 'ERROR', label: '失败', color: 'red' }, { value: 'CLIENT', label: '前端错误', color: 'orange' }],
        },
        text('method', '请求方式', { seq: 40 }), text('path', '请求路径', { iallowQuery: true, seq: 50 }),
        text('statusCode', '状态码', { seq: 60 }), text('executeTime', '耗时(ms)', { isortField: true, seq: 70 }),
        text('ip', 'IP 地址', { iallowQuery: true, seq: 80 }),
        { fieldName: 'createdAt', fieldExplain: '操作时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowAdvanceQuery: true, isortField: true, cgValFormat: { valFormatFun: 'datetime' }, ishow: true, seq: 90 },
      ],
    },
  },
  {
    menu: 'sys_login_log',
    list: {
      formatName: '登录日志', formatCode: 'sys_login_log_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-login-log/list', resMethod: 'POST', ps: 20,
      listSubList: [
        text('username', '用户名', { iallowQuery: true, seq: 10 }),
        {
          fieldName: 'success', fieldExplain: '结果', fieldType: 'ENUM', detailsUrl: 'BOOLEAN', iallowAdvanceQuery: true, ishow: true, seq: 20,
          options: [{ value: true, label: '成功', color: 'green' }, { value: false, label: '失败', color: 'red' }],
        },
        text('msg', '说明', { iallowQuery: true, seq: 30 }), text('ip', '登录地址', { iallowQuery: true, seq: 40 }), text('userAgent', '客户端', { seq: 50 }),
        { fieldName: 'createdAt', fieldExplain: '登录时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', iallowAdvanceQuery: true, isortField: true, cgValFormat: { valFormatFun: 'datetime' }, ishow: true, seq: 60 },
      ],
    },
  },
  {
    menu: 'sys_setting',
    list: {
      formatName: '参数设置', formatCode: 'sys_setting_list', formatType: 'LIST', formatStyle: 'FORMAT_LIST', resUrl: '/sys-setting/list', resMethod: 'POST', ps: 20,
      buttons: [{ code: 'edit', label: '修改', action: 'edit', permission: 'sys_setting_edit', seq: 0 }],
      listSubList: [
        text('paramName', '参数名称', { seq: 10 }), text('paramKey', '参数键', { seq: 20 }), text('valueLabel', '当前值', { seq: 30 }),
        text('meaning', '含义', { seq: 40 }),
        { fieldName: 'updatedAt', fieldExplain: '修改时间', fieldType: 'DATE', cgValFormat: { valFormatFun: 'datetime' }, ishow: true, seq: 50 },
      ],
    },
  },
];

/** JSON with object keys sorted, so two parsed templates compare equal whatever order jsonb kept. */
export const canonical = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => (
  v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v));

/**
 * Publishes the administration templates that are missing, and brings up to date those still as
 * the seed published them (never one an administrator has published or is editing).
 */
export async function ensureAdminTemplates(db: Kysely<DB>): Promise<void> {
  for (const screen of ADMIN_SCREENS) {
    for (const template of [screen.list, ...(screen.form ? [screen.form] : [])]) {
      const json = JSON.stringify(checkTemplate(template, () => undefined));
      const existing = await db.selectFrom('cgFormat').select(['id', 'draft', 'published', 'publishedBy']).where('formatCode', '=', template.formatCode).executeTakeFirst();
      if (existing) {
        const untouched = existing.publishedBy === 'seed' && canonical(existing.draft) === canonical(existing.published);
        if (untouched && canonical(existing.published) !== canonical(JSON.parse(json))) {
          await db.updateTable('cgFormat').set({ draft: json, published: json, publishedAt: new Date() }).where('id', '=', existing.id).execute();
        }
        continue;
      }
      await db.insertInto('cgFormat').values({
        formatCode: template.formatCode, formatName: template.formatName, formatType: template.formatType, customTable: null,
        menuUuid: screen.menu, draft: json, published: json, publishedAt: new Date(), publishedBy: 'seed',
      }).execute();
    }
  }
}
