/**
 * The platform's menu tree: first-level areas, second-level groups, third-level pages, and the
 * buttons of each page with their permission keys. `uuid` is the stable key the seed upserts by.
 */
export interface MenuSeed {
  uuid: string;
  title: string;
  icon?: string;
  urlPath?: string;
  component?: string;
  permission?: string;
  iusual?: boolean;
  keepAlive?: boolean;
  isApp?: boolean;
  children?: MenuSeed[];
  buttons?: ButtonSeed[];
}
export interface ButtonSeed { uuid: string; title: string; permission: string; urlPath?: string; component?: string; isApp?: boolean }

import { GROUP_ACTIONS } from '../../src/schema/assay';

const LIST = 'views/template/list';
/** The assay group's own actions (spec 001 §4), each a button with its permission key. */
const GROUP_BUTTONS: [string, string][] = Object.entries(GROUP_ACTIONS).map(([action, a]) => [action, a.label]);
const FORM = 'views/template/form';

type Action = 'add' | 'edit' | 'del' | 'enable' | 'disable' | 'audit' | 'mulAudit' | 'mulInit' | 'obsolete' | 'recover' | 'copy' | 'export' | 'view';
const ACTION_TITLES: Record<Action, string> = {
  add: '新增', edit: '修改', del: '删除', enable: '启用', disable: '停用', audit: '审核', mulAudit: '批量审核', mulInit: '弃审',
  obsolete: '作废', recover: '恢复', copy: '复制', export: '导出', view: '查看',
};
const MASTER: Action[] = ['add', 'edit', 'del', 'enable', 'disable', 'export'];
const DOCUMENT: Action[] = ['add', 'edit', 'del', 'audit', 'mulAudit', 'mulInit', 'obsolete', 'recover', 'copy', 'export'];
/** Settlements open in their edit pages (spec 001 §2: …/edit and …/viewEdit), so they have 查看 as well. */
const SETTLEMENT: Action[] = [...DOCUMENT, 'view'];
/** Registries open in their edit pages too (spec 001 §1: …/pu_registry/edit and …/sa_registry/edit). */
const REGISTRY: Action[] = SETTLEMENT;

/** A business list page whose buttons follow the resource's lifecycle actions. */
function page(key: string, title: string, urlPath: string, actions: Action[], iusual = true): MenuSeed {
  return {
    uuid: key, title, urlPath, component: LIST, permission: `${key}_view`, iusual,
    buttons: actions.map((a) => ({
      uuid: `${key}_${a}`, title: ACTION_TITLES[a], permission: `${key}_${a}`,
      ...(a === 'add' || a === 'edit' || a === 'copy' ? { urlPath: `${urlPath}/edit`, component: FORM } : a === 'view' ? { urlPath: `${urlPath}/viewEdit`, component: FORM } : {}),
    })),
  };
}

function adminPage(key: string, title: string, urlPath: string, buttons: [string, string][]): MenuSeed {
  return {
    uuid: key, title, urlPath, component: `views/admin/${urlPath.split('/').pop()}`, permission: `${key}_view`, iusual: false,
    buttons: buttons.map(([suffix, t]) => ({ uuid: `${key}_${suffix}`, title: t, permission: `${key}_${suffix}` })),
  };
}

export const MENU_TREE: MenuSeed[] = [
  {
    uuid: 'area_master', title: '基础档案', icon: 'DatabaseOutlined', children: [
      { uuid: 'grp_material', title: '物料档案', children: [
        page('as_inventory_class', '存货分类', '/modules/material/as-inventory-class', MASTER),
        page('as_inventory', '存货档案', '/modules/material/as-inventory', MASTER),
        // opens in its edit page (spec 000 §2.1 /modules/material/computation_group/edit)
        page('computation_group', '计算分组', '/modules/material/computation_group', [...MASTER, 'view']),
      ] },
      { uuid: 'grp_partner', title: '客商档案', children: [
        page('as_vendor', '供应商', '/modules/material/as-vendor', MASTER),
        page('as_customer', '客户', '/modules/material/as-customer', MASTER),
      ] },
      { uuid: 'grp_storage', title: '仓储档案', children: [
        page('as_warehouse', '仓库', '/modules/material/as-warehouse', MASTER),
        page('as_factory', '工厂', '/modules/material/as-factory', MASTER),
      ] },
      { uuid: 'grp_vehicle', title: '车辆档案', children: [
        page('as_vehicle', '车辆', '/modules/material/as-vehicle', MASTER),
        page('as_driver', '司机', '/modules/material/as-driver', MASTER),
        page('as_ic_card', 'IC卡', '/modules/material/as-ic-card', MASTER),
        page('as_plate', '车牌简称', '/modules/material/as-plate', MASTER, false),
      ] },
      { uuid: 'grp_code', title: '编码设置', children: [
        { ...page('as_number_rule', '编码规则', '/modules/material/as-number-prefix', MASTER, false),
          buttons: [...page('as_number_rule', '', '', MASTER).buttons!, { uuid: 'as_number_rule_auto', title: '生成默认规则', permission: 'as_number_rule_add' }] },
      ] },
    ],
  },
  {
    uuid: 'area_purchase', title: '采购管理', icon: 'ShoppingCartOutlined', children: [
      { uuid: 'grp_pu_business', title: '采购业务', children: [
        page('pu_notice', '采购通知单', '/modules/purorder/pu-notice', DOCUMENT),
        page('pu_registry', '采购登记', '/modules/purorder/pu_registry', REGISTRY),
        page('fd_pu_settlement_main', '采购结算', '/modules/purorder/fd_pu_settlement_main', SETTLEMENT),
      ] },
    ],
  },
  {
    uuid: 'area_sale', title: '销售管理', icon: 'ShopOutlined', children: [
      { uuid: 'grp_sa_business', title: '销售业务', children: [
        page('sa_notice', '销售通知单', '/modules/sale/sa-notice', DOCUMENT),
        page('sa_registry', '销售登记', '/modules/sale/sa_registry', REGISTRY),
        page('fd_sa_settlement_main', '销售结算', '/modules/sale/fd_sa_settlement_main', SETTLEMENT),
        // opens in its edit page (spec 001 §2 /modules/sale/recive_payment/edit), with the customer's balance
        page('recive_payment', '销售收款', '/modules/sale/recive_payment', SETTLEMENT),
      ] },
    ],
  },
  {
    uuid: 'area_measure', title: '计量管理', icon: 'DashboardOutlined', children: [
      { uuid: 'grp_weigh_record', title: '过磅记录', children: [
        page('mm_pu_weigh', '采购过磅记录', '/modules/measure/mm-pu-weigh', DOCUMENT),
        page('mm_sa_weigh', '销售过磅记录', '/modules/measure/mm-sa-weigh', DOCUMENT),
      ] },
      { uuid: 'grp_weigh_work', title: '称重作业', children: [
        { uuid: 'measure_weigh', title: '称重', urlPath: '/modules/measure/weigh/weigh', component: 'views/measure/weigh', permission: 'measure_weigh_view', iusual: true,
          buttons: [
            { uuid: 'measure_weigh_weigh', title: '称重', permission: 'measure_weigh_weigh' },
            { uuid: 'measure_weigh_hand', title: '手工录入', permission: 'measure_weigh_hand' },
          ] },
        page('mm_scale', '称重设备', '/modules/measure/mm-scale', MASTER),
      ] },
    ],
  },
  {
    uuid: 'area_quality', title: '质检管理', icon: 'ExperimentOutlined', children: [
      { uuid: 'grp_assay', title: '化验', children: [
        page('qc_assay', '化验单', '/modules/quality/qc-assay', DOCUMENT),
        { ...page('qc_assay_group', '化验组', '/modules/quality/qc-assay-group', DOCUMENT),
          buttons: [...page('qc_assay_group', '', '', DOCUMENT).buttons!, ...GROUP_BUTTONS.map(([action, title]) => ({ uuid: `qc_assay_group_${action}`, title, permission: `qc_assay_group_${action}` }))] },
        page('qc_deduct_step', '扣重标准', '/modules/quality/qc-deduct-step', MASTER),
      ] },
    ],
  },
  {
    // 动态报表: LIST templates over SQL data sources (server/seed/sql-sources.ts BUILTIN_REPORTS), each with a chart
    uuid: 'area_report', title: '报表中心', icon: 'BarChartOutlined', children: [
      { uuid: 'grp_report', title: '动态报表', children: [
        page('rpt_daily_weigh', '日报', '/modules/report/rpt-daily-weigh', ['export']),
        page('rpt_vendor_monthly', '供应商月度汇总', '/modules/report/rpt-vendor-monthly', ['export']),
      ] },
    ],
  },
  {
    uuid: 'area_config', title: '配置中心', icon: 'AppstoreOutlined', children: [
      { uuid: 'grp_template', title: '模板配置', children: [
        { uuid: 'custom_format', title: '模板设计', urlPath: '/custom/format', component: 'views/designer/format', permission: 'custom_format_view', iusual: true,
          buttons: [
            { uuid: 'custom_format_edit', title: '编辑模板', permission: 'custom_format_edit' },
            { uuid: 'custom_format_publish', title: '发布模板', permission: 'custom_format_publish' },
          ] },
        { uuid: 'custom_table', title: '数据源', urlPath: '/custom/table', component: 'views/designer/table', permission: 'custom_table_view', iusual: true,
          buttons: [{ uuid: 'custom_table_edit', title: '编辑数据源', permission: 'custom_table_edit' }] },
      ] },
    ],
  },
  {
    uuid: 'area_system', title: '系统管理', icon: 'SettingOutlined', children: [
      { uuid: 'grp_permission', title: '权限管理', children: [
        adminPage('sys_user', '用户管理', '/admin/user', [['add', '新增'], ['edit', '修改'], ['del', '删除'], ['enable', '启用/停用'], ['reset_pwd', '重置密码'], ['unlock', '解锁']]),
        adminPage('sys_role', '角色管理', '/admin/role', [['add', '新增'], ['edit', '修改'], ['del', '删除'], ['perm', '分配权限'], ['users', '分配用户']]),
        adminPage('sys_menu', '菜单管理', '/admin/menu', [['add', '新增'], ['edit', '修改'], ['del', '删除']]),
      ] },
      { uuid: 'grp_org', title: '组织管理', children: [
        adminPage('sys_group', '集团管理', '/admin/group', [['add', '新增'], ['edit', '修改'], ['del', '删除']]),
        adminPage('sys_org', '公司管理', '/admin/org', [['add', '新增'], ['edit', '修改'], ['del', '删除']]),
      ] },
      { uuid: 'grp_monitor', title: '系统监控', children: [
        adminPage('sys_online', '在线用户', '/admin/online', [['force', '强制下线']]),
        adminPage('sys_log', '操作日志', '/admin/log', [['del', '删除']]),
        adminPage('sys_login_log', '登录日志', '/admin/login-log', []),
        adminPage('sys_setting', '参数设置', '/admin/setting', [['edit', '修改']]),
        adminPage('sys_warn_notice', '预警通知', '/admin/warn-notice', [['edit', '设置通知人']]),
      ] },
    ],
  },
];

/** What each demo role may open: menu uuids (a page uuid grants the page; its listed buttons are granted by uuid too). */
export const ROLE_GRANTS: Record<string, { pages: string[]; buttons: string[] }> = {
  weigher: {
    // vendors, customers and the inventory are read (no buttons) so that a weigh record can pick them
    pages: ['mm_pu_weigh', 'mm_sa_weigh', 'measure_weigh', 'mm_scale', 'as_vehicle', 'as_driver', 'as_ic_card', 'pu_notice', 'sa_notice', 'as_vendor', 'as_customer', 'as_inventory'],
    buttons: ['measure_weigh_weigh', 'mm_pu_weigh_add', 'mm_pu_weigh_edit', 'mm_pu_weigh_export', 'mm_sa_weigh_add', 'mm_sa_weigh_edit', 'mm_sa_weigh_export',
      'as_vehicle_add', 'as_vehicle_edit', 'as_driver_add', 'as_driver_edit', 'as_ic_card_add', 'as_ic_card_edit'],
  },
  assayer: {
    // the purchase and sale weigh records are read: an assay group samples either (raw material in, product out)
    pages: ['qc_assay', 'qc_assay_group', 'qc_deduct_step', 'mm_pu_weigh', 'mm_sa_weigh', 'as_inventory'],
    buttons: ['qc_assay_add', 'qc_assay_edit', 'qc_assay_audit', 'qc_assay_mulInit', 'qc_assay_export', 'qc_assay_group_add', 'qc_assay_group_edit', 'qc_assay_group_audit', 'qc_assay_group_mulInit',
      ...GROUP_BUTTONS.map(([action]) => `qc_assay_group_${action}`), 'qc_deduct_step_add', 'qc_deduct_step_edit'],
  },
  finance: {
    // drivers and IC cards are read (no buttons) so that a registry can pick them
    pages: ['fd_pu_settlement_main', 'fd_sa_settlement_main', 'pu_registry', 'sa_registry', 'pu_notice', 'sa_notice', 'mm_pu_weigh', 'mm_sa_weigh', 'as_vendor', 'as_customer', 'as_driver', 'as_ic_card',
      // 计算分组 is finance's (which materials settle together); the inventory is read for its material picker
      'computation_group', 'as_inventory', 'recive_payment', 'rpt_daily_weigh', 'rpt_vendor_monthly'],
    buttons: ['fd_pu_settlement_main_add', 'fd_pu_settlement_main_edit', 'fd_pu_settlement_main_audit', 'fd_pu_settlement_main_export', 'fd_pu_settlement_main_copy', 'fd_pu_settlement_main_view', 'fd_pu_settlement_main_mulInit',
      'fd_sa_settlement_main_add', 'fd_sa_settlement_main_edit', 'fd_sa_settlement_main_audit', 'fd_sa_settlement_main_export', 'fd_sa_settlement_main_copy', 'fd_sa_settlement_main_view', 'fd_sa_settlement_main_mulInit',
      'pu_registry_add', 'pu_registry_edit', 'pu_registry_del', 'pu_registry_audit', 'pu_registry_export', 'pu_registry_copy', 'pu_registry_view',
      'sa_registry_add', 'sa_registry_edit', 'sa_registry_del', 'sa_registry_audit', 'sa_registry_export', 'sa_registry_copy', 'sa_registry_view',
      'pu_notice_export', 'sa_notice_export', 'mm_pu_weigh_export', 'mm_sa_weigh_export',
      'computation_group_add', 'computation_group_edit', 'computation_group_enable', 'computation_group_disable', 'computation_group_view',
      'recive_payment_add', 'recive_payment_edit', 'recive_payment_audit', 'recive_payment_mulInit', 'recive_payment_export', 'recive_payment_view',
      'rpt_daily_weigh_export', 'rpt_vendor_monthly_export'],
  },
};
