import type { Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { parseResourceDefinition } from '../../src/schema/resource';
import { registerResource } from '../resources/registry';
import { SCALE_PROTOCOLS } from '../../src/schema/weigh';
import { DATE_FORMATS, NUMBERED_DOCUMENTS, RESET_PERIODS } from '../../src/schema/number-rule';
import { ASSAY_BIZ_TYPES, DEFAULT_ASSAY_ITEMS, GROUP_STATES, RECHECK_STATES } from '../../src/schema/assay';
import { SETTLE_ROUNDINGS } from '../../src/schema/settle';

const col = (fieldName: string, fieldDbName: string, fieldType: ResourceColumn['fieldType'], fieldExplain: string, extra: Partial<ResourceColumn> = {}): ResourceColumn =>
  ({ fieldName, fieldDbName, fieldType, fieldExplain, ...extra });

/** Enumerations of the built-in resources: code, name, items (value, label, colour). */
export const BUILTIN_ENUMS: { code: string; name: string; items: [string, string, string | null][] }[] = [
  { code: 'vehicle_class', name: '车辆类型', items: [['HEAVY', '重型货车', 'blue'], ['MEDIUM', '中型货车', 'cyan'], ['LIGHT', '轻型货车', 'green'], ['TRAILER', '挂车', 'purple']] },
  { code: 'weigh_status', name: '过磅状态', items: [['GROSS', '已称毛重', 'orange'], ['DONE', '已完成', 'green'], ['CANCELLED', '已取消', 'red'], ['TARE', '已称皮重', 'gold']] },
  { code: 'ic_card_type', name: 'IC卡类型', items: [['FIXED', '固定卡', 'blue'], ['TEMP', '临时卡', 'orange']] },
  { code: 'scale_protocol', name: '仪表通讯协议', items: SCALE_PROTOCOLS.map((p) => [p.value, p.label, null]) },
  { code: 'number_bill_type', name: '编码单据类型', items: Object.entries(NUMBERED_DOCUMENTS).map(([table, d]) => [table, d.label, null]) },
  { code: 'number_date_format', name: '编码日期格式', items: DATE_FORMATS.map(([v, l]) => [v, l, null]) },
  { code: 'number_reset', name: '流水号重置', items: RESET_PERIODS.map(([v, l]) => [v, l, null]) },
  { code: 'assay_item', name: '化验项目', items: DEFAULT_ASSAY_ITEMS.map((i) => [i.value, i.label, null]) },
  { code: 'deduct_kind', name: '扣重类别', items: [['WATER', '扣水', 'blue'], ['IMPURITY', '扣杂', 'orange']] },
  { code: 'assay_group_state', name: '化验组状态', items: GROUP_STATES },
  { code: 'assay_biz_type', name: '化验业务类型', items: ASSAY_BIZ_TYPES },
  { code: 'assay_recheck_state', name: '复检状态', items: RECHECK_STATES },
  { code: 'settle_rounding', name: '舍入方式', items: SETTLE_ROUNDINGS.map(([v, l]) => [v, l, null]) },
  { code: 'pay_method', name: '收款方式', items: [['TRANSFER', '银行转账', 'blue'], ['ACCEPTANCE', '承兑汇票', 'purple'], ['CASH', '现金', 'green']] },
];

/** The columns of a weigh record; the partner is the vendor (purchase) or the customer (sale). */
function weighColumns(kind: 'pu' | 'sa', partner: ResourceColumn): ResourceColumn[] {
  return [
    col('billCode', 'bill_code', 'CHAR', '磅单号', { length: 32, required: true, unique: true }),
    col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16, required: true }),
    col('materialName', 'material_name', 'CHAR', '物料', { length: 100, required: true }),
    partner,
    col('gross', 'gross', 'NUMBER', '毛重(吨)', { length: 12, scale: 3 }),
    col('tare', 'tare', 'NUMBER', '皮重(吨)', { length: 12, scale: 3 }),
    col('deduct', 'deduct', 'NUMBER', '扣重(吨)', { length: 12, scale: 3 }),
    col('net', 'net', 'NUMBER', '净重(吨)', { length: 12, scale: 3 }),
    col('grossTime', 'gross_time', 'DATE', '毛重时间'),
    col('tareTime', 'tare_time', 'DATE', '皮重时间'),
    col('weigherName', 'weigher_name', 'CHAR', '司磅员', { length: 50 }),
    col('weighStatus', 'weigh_status', 'ENUM', '过磅状态', { enumCode: 'weigh_status' }),
    // pictures the weighing station's cameras took (comma-joined ids of stored images)
    col('snapPhotos', 'snap_photos', 'CHAR', '抓拍图片', { length: 200 }),
    // the on-site confirmation items of the visit (control kind Announcement)
    col('siteChecks', 'site_checks', 'JSON', '现场确认'),
    // written by the weighing station (server/weigh/cycle.ts): settle weight, the second weigher, the scale, the registry
    col('deductRate', 'deduct_rate', 'NUMBER', '扣率(%)', { length: 5, scale: 2 }),
    col('settleWeight', 'settle_weight', 'NUMBER', '结算重量(吨)', { length: 12, scale: 3 }),
    col('tareWeigher', 'tare_weigher', 'CHAR', '皮重司磅员', { length: 50 }),
    col('scaleName', 'scale_name', 'CHAR', '磅秤', { length: 100 }),
    col('manualEntry', 'manual_entry', 'BOOLEAN', '手工录入'),
    col('registryId', 'registry_id', 'NUMBER', '登记单', { length: 18, scale: 0, refTable: `${kind}_registry` }),
    // set when a settlement holding the record is audited, cleared by its 弃审 (server/settlement/weigh-settle.ts)
    col('settleCode', 'settle_code', 'CHAR', '结算单号', { length: 32 }),
    col('settleId', 'settle_id', 'NUMBER', '结算单', { length: 18, scale: 0 }),
    // written when an assay of the truck's group is audited (server/quality): 扣水/扣杂 by the material's step tables
    col('waterRate', 'water_rate', 'NUMBER', '扣水率(%)', { length: 5, scale: 2 }),
    col('impurityRate', 'impurity_rate', 'NUMBER', '扣杂率(%)', { length: 5, scale: 2 }),
    col('assayCode', 'assay_code', 'CHAR', '化验单号', { length: 32 }),
    // the material's rounding the settle weight was calculated with (src/schema/settle.ts), kept so it can be recalculated
    col('settleScale', 'settle_scale', 'NUMBER', '结算重量小数位', { length: 1, scale: 0 }),
    col('settleRounding', 'settle_rounding', 'ENUM', '舍入方式', { enumCode: 'settle_rounding' }),
  ];
}

/** A notice (purchase or sale) and its lines: the partner column and where they live differ. */
function noticeResources(kind: 'pu' | 'sa'): ResourceDefinition[] {
  const pu = kind === 'pu';
  const table = `${kind}_notice`;
  const module = pu ? 'purorder' : 'sale';
  const title = pu ? '采购通知单' : '销售通知单';
  return [
    {
      tableName: table, tableExplain: title, module, resource: `${kind}-notice`, permissionPrefix: table, scope: 'ORG', kind: 'DOCUMENT',
      columns: [
        col('noticeCode', 'notice_code', 'CHAR', '通知单号', { length: 32, required: true, unique: true }),
        pu ? col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100, required: true })
          : col('customerName', 'customer_name', 'CHAR', '客户', { length: 100, required: true }),
        col('materialName', 'material_name', 'CHAR', '物料', { length: 100 }),
        col('planQty', 'plan_qty', 'NUMBER', '计划量(吨)', { length: 14, scale: 3 }),
        col('beginDate', 'begin_date', 'DATE', '开始日期'),
        col('endDate', 'end_date', 'DATE', '结束日期'),
        col('remark', 'remark', 'TXT', '备注'),
      ],
    },
    {
      // lines are read and written under their notice's permissions (the notice page shows them)
      tableName: `${table}_line`, tableExplain: `${title}明细`, module, resource: `${kind}-notice-line`, permissionPrefix: table, scope: 'ORG', kind: 'LINE',
      parentTable: table, parentKey: 'noticeId',
      columns: [
        col('noticeId', 'notice_id', 'NUMBER', '通知单', { length: 18, scale: 0, refTable: table }),
        col('invName', 'inv_name', 'CHAR', '存货名称', { length: 100, required: true }),
        col('planQty', 'plan_qty', 'NUMBER', '计划量(吨)', { length: 14, scale: 3 }),
        col('doneQty', 'done_qty', 'NUMBER', '已执行量(吨)', { length: 14, scale: 3 }),
        col('maxLimit', 'max_limit', 'NUMBER', '上限量(吨)', { length: 14, scale: 3 }),
        col('isOpen', 'is_open', 'BOOLEAN', '是否开启'),
      ],
    },
  ];
}

/**
 * A settlement (purchase or sale) and its lines: weigh records priced line by line. The line's
 * settle weight and amount and the document's totals are calculated (FORM template) and
 * recalculated on every change in the edit page, and again by the server before writing.
 */
function settlementResources(kind: 'pu' | 'sa'): ResourceDefinition[] {
  const pu = kind === 'pu';
  const table = `fd_${kind}_settlement_main`;
  const module = pu ? 'purorder' : 'sale';
  const title = pu ? '采购结算单' : '销售结算单';
  return [
    {
      tableName: table, tableExplain: title, module, resource: `fd-${kind}-settlement-main`, permissionPrefix: table, scope: 'ORG', kind: 'DOCUMENT',
      columns: [
        col('settleCode', 'settle_code', 'CHAR', '结算单号', { length: 32, required: true, unique: true }),
        pu ? col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100, required: true })
          : col('customerName', 'customer_name', 'CHAR', '客户', { length: 100, required: true }),
        col('noticeCode', 'notice_code', 'CHAR', '通知单号', { length: 32 }),
        col('noticeId', 'notice_id', 'NUMBER', '通知单', { length: 18, scale: 0, refTable: `${kind}_notice` }),
        // PU: the receiving company is the current organisation; SA: the delivering company
        pu ? col('reCompanyName', 're_company_name', 'CHAR', '收货单位', { length: 100 }) : col('deCompanyName', 'de_company_name', 'CHAR', '发货单位', { length: 100 }),
        pu ? col('reCompanyId', 're_company_id', 'NUMBER', '收货单位编号', { length: 18, scale: 0 }) : col('deCompanyId', 'de_company_id', 'NUMBER', '发货单位编号', { length: 18, scale: 0 }),
        col('settleDate', 'settle_date', 'DATE', '结算日期', { required: true }),
        col('totalWeight', 'total_weight', 'NUMBER', '结算总量(吨)', { length: 14, scale: 3 }),
        col('totalAmount', 'total_amount', 'NUMBER', '结算金额(元)', { length: 16, scale: 2 }),
        col('deductAmount', 'deduct_amount', 'NUMBER', pu ? '扣款金额(元)' : '折让金额(元)', { length: 16, scale: 2 }),
        col('netAmount', 'net_amount', 'NUMBER', pu ? '应付金额(元)' : '应收金额(元)', { length: 16, scale: 2 }),
        col('remark', 'remark', 'TXT', '备注'),
      ],
    },
    {
      tableName: `fd_${kind}_settlement`, tableExplain: `${title}明细`, module, resource: `fd-${kind}-settlement`, permissionPrefix: table, scope: 'ORG', kind: 'LINE',
      parentTable: table, parentKey: 'settleId',
      columns: [
        col('settleId', 'settle_id', 'NUMBER', '结算单', { length: 18, scale: 0, refTable: table }),
        col('billCode', 'bill_code', 'CHAR', '磅单号', { length: 32, required: true }),
        col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16 }),
        col('invName', 'inv_name', 'CHAR', '存货名称', { length: 100 }),
        col('net', 'net', 'NUMBER', '净重(吨)', { length: 12, scale: 3, required: true }),
        col('deductWeight', 'deduct_weight', 'NUMBER', '扣重(吨)', { length: 12, scale: 3 }),
        col('settleWeight', 'settle_weight', 'NUMBER', '结算重量(吨)', { length: 12, scale: 3 }),
        col('price', 'price', 'NUMBER', '单价(元/吨)', { length: 12, scale: 2, required: true }),
        col('amount', 'amount', 'NUMBER', '金额(元)', { length: 16, scale: 2 }),
        // the weigh record the line settles (选择磅单): its number, net and deductions are copied by the server
        col('weighId', 'weigh_id', 'NUMBER', '磅单', { length: 18, scale: 0, refTable: pu ? 'mm_pu_weigh' : 'mm_sa_weigh' }),
      ],
    },
  ];
}

/**
 * A vehicle registry (purchase or sale): the truck, its driver and IC card at the gate, and the one
 * notice line it comes for (single-child mode: exactly one sub-record per registry).
 */
function registryResources(kind: 'pu' | 'sa'): ResourceDefinition[] {
  const pu = kind === 'pu';
  const table = `${kind}_registry`;
  const module = pu ? 'purorder' : 'sale';
  const title = pu ? '采购登记' : '销售登记';
  return [
    {
      tableName: table, tableExplain: title, module, resource: `${kind}-registry`, permissionPrefix: table, scope: 'ORG', kind: 'DOCUMENT',
      columns: [
        col('billCode', 'bill_code', 'CHAR', '登记单号', { length: 32, required: true, unique: true }),
        col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16, required: true }),
        col('driverName', 'driver_name', 'CHAR', '司机', { length: 50 }),
        col('driverId', 'driver_id', 'NUMBER', '司机编号', { length: 18, scale: 0, refTable: 'as_driver' }),
        col('mobile', 'mobile', 'CHAR', '司机电话', { length: 20, sensitive: 'mobile' }),
        col('cardCode', 'card_code', 'CHAR', 'IC卡号', { length: 32 }),
        col('registerTime', 'register_time', 'DATE', '登记时间', { required: true }),
        col('remark', 'remark', 'TXT', '备注'),
      ],
    },
    {
      tableName: `${table}_sub`, tableExplain: `${title}明细`, module, resource: `${kind}-registry-sub`, permissionPrefix: table, scope: 'ORG', kind: 'LINE',
      parentTable: table, parentKey: 'registryId',
      columns: [
        col('registryId', 'registry_id', 'NUMBER', '登记单', { length: 18, scale: 0, refTable: table }),
        col('noticeCode', 'notice_code', 'CHAR', '通知单号', { length: 32, required: true }),
        col('noticeId', 'notice_id', 'NUMBER', '通知单', { length: 18, scale: 0, refTable: `${kind}_notice` }),
        pu ? col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100 }) : col('customerName', 'customer_name', 'CHAR', '客户', { length: 100 }),
        col('materialName', 'material_name', 'CHAR', '物料', { length: 100 }),
        col('planQuantity', 'plan_quantity', 'NUMBER', '计划数量(吨)', { length: 14, scale: 3 }),
        col('remark', 'remark', 'TXT', '备注'),
      ],
    },
  ];
}

/** The built-in business tables (more arrive with their modules). */
export const BUILTIN_RESOURCES: ResourceDefinition[] = [
  {
    tableName: 'as_vendor', tableExplain: '供应商', module: 'material', resource: 'as-vendor', permissionPrefix: 'as_vendor', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('vendorCode', 'vendor_code', 'CHAR', '供应商编码', { length: 32, required: true, unique: true }),
      col('vendorName', 'vendor_name', 'CHAR', '供应商名称', { length: 100, required: true }),
      col('shortName', 'short_name', 'CHAR', '简称', { length: 50 }),
      col('contact', 'contact', 'CHAR', '联系人', { length: 50 }),
      col('mobile', 'mobile', 'CHAR', '联系电话', { length: 20, sensitive: 'mobile' }),
      col('email', 'email', 'CHAR', '电子邮箱', { length: 100 }),
      col('address', 'address', 'TXT', '地址'),
    ],
  },
  {
    tableName: 'as_customer', tableExplain: '客户', module: 'material', resource: 'as-customer', permissionPrefix: 'as_customer', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('customerCode', 'customer_code', 'CHAR', '客户编码', { length: 32, required: true, unique: true }),
      col('customerName', 'customer_name', 'CHAR', '客户名称', { length: 100, required: true }),
      col('contact', 'contact', 'CHAR', '联系人', { length: 50 }),
      col('mobile', 'mobile', 'CHAR', '联系电话', { length: 20, sensitive: 'mobile' }),
      col('email', 'email', 'CHAR', '电子邮箱', { length: 100 }),
      col('address', 'address', 'TXT', '地址'),
    ],
  },
  {
    tableName: 'as_vehicle', tableExplain: '车辆', module: 'material', resource: 'as-vehicle', permissionPrefix: 'as_vehicle', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16, required: true, unique: true }),
      col('axles', 'axles', 'NUMBER', '轴数', { length: 2, scale: 0 }),
      col('vehicleClass', 'vehicle_class', 'ENUM', '车辆类型', { enumCode: 'vehicle_class' }),
      col('driverName', 'driver_name', 'CHAR', '司机', { length: 50 }),
      col('driverMobile', 'driver_mobile', 'CHAR', '司机电话', { length: 20, sensitive: 'mobile' }),
      col('tareWeight', 'tare_weight', 'NUMBER', '预置皮重(吨)', { length: 10, scale: 3 }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'as_driver', tableExplain: '司机', module: 'material', resource: 'as-driver', permissionPrefix: 'as_driver', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('driverName', 'driver_name', 'CHAR', '姓名', { length: 50, required: true }),
      col('idNumber', 'id_number', 'CHAR', '身份证号', { length: 18, unique: true, sensitive: 'idNumber' }),
      col('mobile', 'mobile', 'CHAR', '手机号', { length: 20, sensitive: 'mobile' }),
      col('licenseNo', 'license_no', 'CHAR', '驾驶证号', { length: 32 }),
      col('photo', 'photo', 'CHAR', '照片', { length: 200 }),
    ],
  },
  {
    tableName: 'mm_pu_weigh', tableExplain: '采购过磅记录', module: 'measure', resource: 'mm-pu-weigh', permissionPrefix: 'mm_pu_weigh', scope: 'ORG', kind: 'DOCUMENT',
    columns: weighColumns('pu', col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100 })),
  },
  {
    tableName: 'mm_sa_weigh', tableExplain: '销售过磅记录', module: 'measure', resource: 'mm-sa-weigh', permissionPrefix: 'mm_sa_weigh', scope: 'ORG', kind: 'DOCUMENT',
    columns: weighColumns('sa', col('customerName', 'customer_name', 'CHAR', '客户', { length: 100 })),
  },
  {
    tableName: 'as_inventory_class', tableExplain: '存货分类', module: 'material', resource: 'as-inventory-class', permissionPrefix: 'as_inventory_class', scope: 'GROUP', kind: 'MASTER',
    treeParentField: 'parentCode',
    columns: [
      col('invclCode', 'invcl_code', 'CHAR', '分类编码', { length: 40, required: true, unique: true }),
      col('invclName', 'invcl_name', 'CHAR', '分类名称', { length: 100, required: true }),
      col('parentCode', 'parent_code', 'CHAR', '上级分类编码', { length: 40, refTable: 'as_inventory_class' }),
      col('invclLevel', 'invcl_level', 'NUMBER', '级次', { length: 1, scale: 0 }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'as_inventory', tableExplain: '存货档案', module: 'material', resource: 'as-inventory', permissionPrefix: 'as_inventory', scope: 'GROUP', kind: 'MASTER',
    columns: [
      col('invCode', 'inv_code', 'CHAR', '存货编码', { length: 40, required: true, unique: true }),
      col('invName', 'inv_name', 'CHAR', '存货名称', { length: 100, required: true }),
      col('model', 'model', 'CHAR', '规格型号', { length: 100 }),
      col('invcId', 'invc_id', 'CHAR', '存货分类编码', { length: 40, refTable: 'as_inventory_class' }),
      col('invcName', 'invc_name', 'CHAR', '存货分类', { length: 100 }),
      col('measureUnit', 'measure_unit', 'CHAR', '计量单位', { length: 20 }),
      col('isPu', 'is_pu', 'BOOLEAN', '可采购'),
      col('isSa', 'is_sa', 'BOOLEAN', '可销售'),
      col('lossPercentage', 'loss_percentage', 'NUMBER', '合理损耗率(%)', { length: 5, scale: 2 }),
      col('referencePrice', 'reference_price', 'NUMBER', '参考单价(元)', { length: 12, scale: 2 }),
      col('topBuyingPrice', 'top_buying_price', 'NUMBER', '最高采购价(元)', { length: 12, scale: 2 }),
      col('theoryWeight', 'theory_weight', 'NUMBER', '理论重量(kg/m)', { length: 10, scale: 3 }),
      // how the settle weight of this material's weighings is rounded (blank: 3 places, 四舍五入)
      col('settleScale', 'settle_scale', 'NUMBER', '结算重量小数位', { length: 1, scale: 0 }),
      col('settleRounding', 'settle_rounding', 'ENUM', '舍入方式', { enumCode: 'settle_rounding' }),
    ],
  },
  {
    tableName: 'as_warehouse', tableExplain: '仓库', module: 'material', resource: 'as-warehouse', permissionPrefix: 'as_warehouse', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('warehouseCode', 'warehouse_code', 'CHAR', '仓库编码', { length: 32, required: true, unique: true }),
      col('warehouseName', 'warehouse_name', 'CHAR', '仓库名称', { length: 100, required: true }),
      col('address', 'address', 'CHAR', '仓库地址', { length: 200 }),
      col('keeper', 'keeper', 'CHAR', '库管员', { length: 50 }),
    ],
  },
  {
    tableName: 'as_factory', tableExplain: '工厂', module: 'material', resource: 'as-factory', permissionPrefix: 'as_factory', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('factoryCode', 'factory_code', 'CHAR', '工厂编码', { length: 32, required: true, unique: true }),
      col('factoryName', 'factory_name', 'CHAR', '工厂名称', { length: 100, required: true }),
      col('address', 'address', 'CHAR', '工厂地址', { length: 200 }),
    ],
  },
  {
    tableName: 'as_ic_card', tableExplain: 'IC卡', module: 'material', resource: 'as-ic-card', permissionPrefix: 'as_ic_card', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('cardNo', 'card_no', 'CHAR', '卡号', { length: 32, required: true, unique: true }),
      col('cardType', 'card_type', 'ENUM', '卡类型', { enumCode: 'ic_card_type', required: true }),
      col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16 }),
      col('holder', 'holder', 'CHAR', '持卡人', { length: 50 }),
      col('issueDate', 'issue_date', 'DATE', '发卡日期'),
      col('expireDate', 'expire_date', 'DATE', '有效期至'),
    ],
  },
  ...noticeResources('pu'),
  ...noticeResources('sa'),
  ...settlementResources('pu'),
  ...settlementResources('sa'),
  ...registryResources('pu'),
  ...registryResources('sa'),
  {
    // 称重设备: a truck scale and its indicator (rules in src/schema/weigh.ts: class Ⅲ n = Max/e, Min ≥ 20 e)
    tableName: 'mm_scale', tableExplain: '称重设备', module: 'measure', resource: 'mm-scale', permissionPrefix: 'mm_scale', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('scaleCode', 'scale_code', 'CHAR', '设备编码', { length: 32, required: true, unique: true }),
      col('scaleName', 'scale_name', 'CHAR', '设备名称', { length: 100, required: true }),
      col('station', 'station', 'CHAR', '磅房', { length: 50, required: true }),
      col('protocol', 'protocol', 'ENUM', '通讯协议', { enumCode: 'scale_protocol', required: true }),
      col('connection', 'connection', 'CHAR', '连接地址', { length: 100, required: true }),
      col('division', 'division', 'NUMBER', '分度值e(kg)', { length: 8, scale: 3, required: true }),
      col('maxCapacity', 'max_capacity', 'NUMBER', '最大称量Max(kg)', { length: 10, scale: 0, required: true }),
      col('minCapacity', 'min_capacity', 'NUMBER', '最小称量Min(kg)', { length: 10, scale: 0 }),
      col('stableBand', 'stable_band', 'NUMBER', '稳定范围±(kg)', { length: 8, scale: 3 }),
      col('stableWindow', 'stable_window', 'NUMBER', '稳定时间(秒)', { length: 4, scale: 2 }),
      col('certExpire', 'cert_expire', 'DATE', '检定证书有效期'),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    // 编码规则 (the spec's as-number-prefix): how each document type of the organisation is numbered (src/schema/number-rule.ts)
    tableName: 'as_number_rule', tableExplain: '编码规则', module: 'material', resource: 'as-number-prefix', permissionPrefix: 'as_number_rule', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('billType', 'bill_type', 'ENUM', '单据类型', { enumCode: 'number_bill_type', required: true, unique: true }),
      col('prefix', 'prefix', 'CHAR', '前缀', { length: 12, required: true }),
      col('dateFormat', 'date_format', 'ENUM', '日期格式', { enumCode: 'number_date_format', required: true }),
      col('separator', 'separator', 'CHAR', '分隔符', { length: 2 }),
      col('serialLength', 'serial_length', 'NUMBER', '流水号位数', { length: 2, scale: 0, required: true }),
      col('resetPeriod', 'reset_period', 'ENUM', '流水号重置', { enumCode: 'number_reset', required: true }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    // 扣重标准: per material and assay item, from which value on which rate of net is deducted as 扣水 or 扣杂 (src/schema/assay.ts)
    tableName: 'qc_deduct_step', tableExplain: '扣重标准', module: 'quality', resource: 'qc-deduct-step', permissionPrefix: 'qc_deduct_step', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('materialName', 'material_name', 'CHAR', '物料', { length: 100, required: true }),
      col('itemCode', 'item_code', 'ENUM', '化验项目', { enumCode: 'assay_item', required: true }),
      col('deductKind', 'deduct_kind', 'ENUM', '扣重类别', { enumCode: 'deduct_kind', required: true }),
      col('fromValue', 'from_value', 'NUMBER', '起扣值(≥)', { length: 10, scale: 3, required: true }),
      col('rate', 'rate', 'NUMBER', '扣率(%)', { length: 5, scale: 2, required: true }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    // 化验组: the samples of a period (or batch) of one material's trucks; 结束分组 collects the trucks (src/schema/assay.ts)
    tableName: 'qc_assay_group', tableExplain: '化验组', module: 'quality', resource: 'qc-assay-group', permissionPrefix: 'qc_assay_group', scope: 'ORG', kind: 'DOCUMENT',
    columns: [
      col('groupCode', 'group_code', 'CHAR', '化验组号', { length: 32, required: true, unique: true }),
      // PU: purchase trucks (raw material in), SA: sale trucks (product out); the partner follows
      col('bizType', 'biz_type', 'ENUM', '业务类型', { enumCode: 'assay_biz_type' }),
      col('materialName', 'material_name', 'CHAR', '物料', { length: 100, required: true }),
      col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100 }),
      col('customerName', 'customer_name', 'CHAR', '客户', { length: 100 }),
      col('beginTime', 'begin_time', 'DATE', '开始时间', { required: true }),
      col('endTime', 'end_time', 'DATE', '结束时间', { required: true }),
      col('sampleCars', 'sample_cars', 'NUMBER', '样车数', { length: 3, scale: 0 }),
      col('itemCodes', 'item_codes', 'CHAR', '化验项目', { length: 100 }),
      col('groupState', 'group_state', 'ENUM', '分组状态', { enumCode: 'assay_group_state' }),
      col('recheckState', 'recheck_state', 'ENUM', '复检状态', { enumCode: 'assay_recheck_state' }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'qc_assay_group_weigh', tableExplain: '化验组样车', module: 'quality', resource: 'qc-assay-group-weigh', permissionPrefix: 'qc_assay_group', scope: 'ORG', kind: 'LINE',
    parentTable: 'qc_assay_group', parentKey: 'assayGroupId',
    columns: [
      col('assayGroupId', 'assay_group_id', 'NUMBER', '化验组', { length: 18, scale: 0, refTable: 'qc_assay_group' }),
      col('billCode', 'bill_code', 'CHAR', '磅单号', { length: 32, required: true }),
      col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16 }),
      col('net', 'net', 'NUMBER', '净重(吨)', { length: 12, scale: 3 }),
      col('weighId', 'weigh_id', 'NUMBER', '磅单', { length: 18, scale: 0 }),
    ],
  },
  {
    // 化验单: the results of a group's samples; its audit feeds the trucks' 扣水/扣杂 and settle weight
    tableName: 'qc_assay', tableExplain: '化验单', module: 'quality', resource: 'qc-assay', permissionPrefix: 'qc_assay', scope: 'ORG', kind: 'DOCUMENT',
    columns: [
      col('assayCode', 'assay_code', 'CHAR', '化验单号', { length: 32, required: true, unique: true }),
      col('groupCode', 'group_code', 'CHAR', '化验组号', { length: 32, required: true }),
      col('assayGroupId', 'assay_group_id', 'NUMBER', '化验组编号', { length: 18, scale: 0, refTable: 'qc_assay_group' }),
      col('materialName', 'material_name', 'CHAR', '物料', { length: 100 }),
      col('assayTime', 'assay_time', 'DATE', '化验时间', { required: true }),
      col('assayer', 'assayer', 'CHAR', '化验员', { length: 50 }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'qc_assay_result', tableExplain: '化验结果', module: 'quality', resource: 'qc-assay-result', permissionPrefix: 'qc_assay', scope: 'ORG', kind: 'LINE',
    parentTable: 'qc_assay', parentKey: 'assayId',
    columns: [
      col('assayId', 'assay_id', 'NUMBER', '化验单', { length: 18, scale: 0, refTable: 'qc_assay' }),
      col('itemCode', 'item_code', 'ENUM', '化验项目', { enumCode: 'assay_item', required: true }),
      col('value', 'value', 'NUMBER', '化验值', { length: 12, scale: 3 }),
      col('unit', 'unit', 'CHAR', '单位', { length: 10 }),
      col('lowerLimit', 'lower_limit', 'NUMBER', '下限', { length: 12, scale: 3 }),
      col('upperLimit', 'upper_limit', 'NUMBER', '上限', { length: 12, scale: 3 }),
      col('passed', 'passed', 'BOOLEAN', '合格'),
    ],
  },
  {
    // 计算分组: materials that settle together (spec 000 §2.1 /modules/material/computation_group/edit); a material is in one group
    tableName: 'computation_group', tableExplain: '计算分组', module: 'material', resource: 'computation-group', permissionPrefix: 'computation_group', scope: 'ORG', kind: 'MASTER',
    columns: [
      col('groupCode', 'group_code', 'CHAR', '分组编码', { length: 32, required: true, unique: true }),
      col('groupName', 'group_name', 'CHAR', '分组名称', { length: 100, required: true }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'computation_group_line', tableExplain: '计算分组明细', module: 'material', resource: 'computation-group-line', permissionPrefix: 'computation_group', scope: 'ORG', kind: 'LINE',
    parentTable: 'computation_group', parentKey: 'computationGroupId',
    columns: [
      col('computationGroupId', 'computation_group_id', 'NUMBER', '计算分组', { length: 18, scale: 0, refTable: 'computation_group' }),
      col('invCode', 'inv_code', 'CHAR', '存货编码', { length: 40, required: true }),
      col('invName', 'inv_name', 'CHAR', '存货名称', { length: 100, required: true }),
      col('remark', 'remark', 'CHAR', '备注', { length: 200 }),
    ],
  },
  {
    // 销售收款 (spec's account/recive-payment): money received from a customer; the balances are the server's (line-rules.ts)
    tableName: 'recive_payment', tableExplain: '销售收款', module: 'account', resource: 'recive-payment', permissionPrefix: 'recive_payment', scope: 'ORG', kind: 'DOCUMENT',
    columns: [
      col('billCode', 'bill_code', 'CHAR', '收款单号', { length: 32, required: true, unique: true }),
      col('customerName', 'customer_name', 'CHAR', '客户', { length: 100, required: true }),
      col('receiveDate', 'receive_date', 'DATE', '收款日期', { required: true }),
      col('payMethod', 'pay_method', 'ENUM', '收款方式', { enumCode: 'pay_method', required: true }),
      col('amount', 'amount', 'NUMBER', '收款金额(元)', { length: 16, scale: 2, required: true }),
      col('balanceBefore', 'balance_before', 'NUMBER', '收款前余额(元)', { length: 16, scale: 2 }),
      col('balanceAfter', 'balance_after', 'NUMBER', '收款后余额(元)', { length: 16, scale: 2 }),
      col('remark', 'remark', 'TXT', '备注'),
    ],
  },
  {
    tableName: 'as_plate', tableExplain: '车牌简称', module: 'material', resource: 'as-plate', permissionPrefix: 'as_plate', scope: 'GROUP', kind: 'MASTER',
    columns: [
      col('plateCode', 'plate_code', 'CHAR', '简称代码', { length: 1, required: true, unique: true }),
      col('plateName', 'plate_name', 'CHAR', '省份简称', { length: 1, required: true }),
    ],
  },
];

/**
 * Registers the built-in enumerations and resources, creating their tables; a resource registered
 * by an earlier version gets the columns added since (appended; nothing is removed or changed).
 */
export async function ensureBuiltinResources(db: Kysely<DB>): Promise<void> {
  for (const e of BUILTIN_ENUMS) {
    const row = await db.insertInto('cgEnum').values({ enumCode: e.code, enumName: e.name })
      .onConflict((oc) => oc.column('enumCode').doUpdateSet({ enumCode: e.code })).returning('id').executeTakeFirstOrThrow();
    for (const [seq, [value, label, color]] of e.items.entries()) {
      await db.insertInto('cgEnumItem').values({ enumId: row.id, itemValue: value, itemLabel: label, color, seq })
        .onConflict((oc) => oc.columns(['enumId', 'itemValue']).doNothing()).execute();
    }
  }
  for (const def of BUILTIN_RESOURCES) {
    const exists = await db.selectFrom('cgCustomTable').select(['id', 'definition', 'tombstones']).where('tableName', '=', def.tableName).executeTakeFirst();
    if (!exists) {
      await registerResource(db, def);
      continue;
    }
    const stored = parseResourceDefinition(exists.definition);
    // a column an administrator dropped (数据源: kept as a tombstone) is not brought back
    const dropped = new Set(((exists.tombstones ?? []) as ResourceColumn[]).map((c) => c.fieldDbName));
    const added = def.columns.filter((c) => !stored.columns.some((s) => s.fieldName === c.fieldName) && !dropped.has(c.fieldDbName));
    // a built-in column that names its referenced table since (a weigh record's 登记单) says so: its saves are checked by it
    const referenced = stored.columns.map((s) => {
      const refTable = s.refTable ? null : def.columns.find((c) => c.fieldName === s.fieldName && c.fieldType === s.fieldType)?.refTable;
      return refTable ? { ...s, refTable } : s;
    });
    if (added.length || referenced.some((c, i) => c !== stored.columns[i])) await registerResource(db, { ...stored, columns: [...referenced, ...added] });
  }
}
