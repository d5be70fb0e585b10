import { MENU_TREE, type MenuSeed } from './menu-data';

/**
 * English titles of the seeded menu entries, by the entry's `uuid`. The menu tree answers an entry's
 * `titleEn` only while its Chinese title is still the seeded one: an entry renamed in 菜单管理, or
 * one an administrator added, shows its own (Chinese) title in both languages rather than a stale
 * translation.
 */
export const MENU_TITLES_EN: Record<string, string> = {
  area_master: 'Master data', grp_material: 'Materials', as_inventory_class: 'Material classes', as_inventory: 'Materials',
  computation_group: 'Computation groups', grp_partner: 'Partners', as_vendor: 'Vendors', as_customer: 'Customers',
  grp_storage: 'Storage', as_warehouse: 'Warehouses', as_factory: 'Factories', grp_vehicle: 'Vehicles', as_vehicle: 'Vehicles',
  as_driver: 'Drivers', as_ic_card: 'IC cards', as_plate: 'Plate prefixes', grp_code: 'Numbering', as_number_rule: 'Numbering rules',
  area_purchase: 'Purchasing', grp_pu_business: 'Purchase business', pu_notice: 'Purchase notices', pu_registry: 'Purchase registration',
  fd_pu_settlement_main: 'Purchase settlements',
  area_sale: 'Sales', grp_sa_business: 'Sales business', sa_notice: 'Sales notices', sa_registry: 'Sales registration',
  fd_sa_settlement_main: 'Sales settlements', recive_payment: 'Sales receipts',
  area_measure: 'Weighing', grp_weigh_record: 'Weigh records', mm_pu_weigh: 'Purchase weigh records', mm_sa_weigh: 'Sales weigh records',
  grp_weigh_work: 'Weighing work', measure_weigh: 'Weigh', mm_scale: 'Scales',
  area_quality: 'Quality', grp_assay: 'Assay', qc_assay: 'Assays', qc_assay_group: 'Assay groups', qc_deduct_step: 'Deduction standards',
  area_config: 'Configuration', grp_template: 'Templates', custom_format: 'Template design', custom_table: 'Data sources',
  area_system: 'System', grp_permission: 'Permissions', sys_user: 'Users', sys_role: 'Roles', sys_menu: 'Menus',
  grp_org: 'Organisation', sys_group: 'Groups', sys_org: 'Companies', grp_monitor: 'Monitoring', sys_online: 'Online users',
  sys_log: 'Operation log', sys_login_log: 'Sign-in log', sys_setting: 'Settings', sys_warn_notice: 'Warning notices',
  area_report: 'Reports', grp_report: 'Dynamic reports', rpt_daily_weigh: 'Daily report', rpt_vendor_monthly: 'Monthly by vendor',
};

function seededTitles(nodes: readonly MenuSeed[], out: Map<string, string>): Map<string, string> {
  for (const n of nodes) {
    out.set(n.uuid, n.title);
    seededTitles(n.children ?? [], out);
  }
  return out;
}
const SEEDED_ZH = seededTitles(MENU_TREE, new Map());

/** The English title of a menu entry, or undefined when it has none (not seeded, or renamed since). */
export function menuTitleEn(uuid: string, title: string): string | undefined {
  const en = MENU_TITLES_EN[uuid];
  return en && SEEDED_ZH.get(uuid) === title ? en : undefined;
}

/** Seeded entries without an English title (the catalogue test keeps this empty). */
export function untranslatedMenus(): string[] {
  return [...SEEDED_ZH.keys()].filter((uuid) => !MENU_TITLES_EN[uuid]);
}
