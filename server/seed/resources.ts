import type { Kysely } from 'kysely';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { DB } from '../db/schema';
import { registerResource } from '../resources/registry';

const col = (fieldName: string, fieldDbName: string, fieldType: ResourceColumn['fieldType'], fieldExplain: string, extra: Partial<ResourceColumn> = {}): ResourceColumn =>
  ({ fieldName, fieldDbName, fieldType, fieldExplain, ...extra });

/** Enumerations of the built-in resources: code, name, items (value, label, colour). */
export const BUILTIN_ENUMS: { code: string; name: string; items: [string, string, string | null][] }[] = [
  { code: 'vehicle_class', name: '车辆类型', items: [['HEAVY', '重型货车', 'blue'], ['MEDIUM', '中型货车', 'cyan'], ['LIGHT', '轻型货车', 'green'], ['TRAILER', '挂车', 'purple']] },
  { code: 'weigh_status', name: '过磅状态', items: [['GROSS', '已称毛重', 'orange'], ['DONE', '已完成', 'green'], ['CANCELLED', '已取消', 'red']] },
];

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
    ],
  },
  {
    tableName: 'mm_pu_weigh', tableExplain: '采购过磅记录', module: 'measure', resource: 'mm-pu-weigh', permissionPrefix: 'mm_pu_weigh', scope: 'ORG', kind: 'DOCUMENT',
    columns: [
      col('billCode', 'bill_code', 'CHAR', '磅单号', { length: 32, required: true, unique: true }),
      col('plateNumber', 'plate_number', 'CHAR', '车牌号', { length: 16, required: true }),
      col('materialName', 'material_name', 'CHAR', '物料', { length: 100, required: true }),
      col('vendorName', 'vendor_name', 'CHAR', '供应商', { length: 100 }),
      col('gross', 'gross', 'NUMBER', '毛重(吨)', { length: 12, scale: 3 }),
      col('tare', 'tare', 'NUMBER', '皮重(吨)', { length: 12, scale: 3 }),
      col('deduct', 'deduct', 'NUMBER', '扣重(吨)', { length: 12, scale: 3 }),
      col('net', 'net', 'NUMBER', '净重(吨)', { length: 12, scale: 3 }),
      col('grossTime', 'gross_time', 'DATE', '毛重时间'),
      col('tareTime', 'tare_time', 'DATE', '皮重时间'),
      col('weigherName', 'weigher_name', 'CHAR', '司磅员', { length: 50 }),
      col('weighStatus', 'weigh_status', 'ENUM', '过磅状态', { enumCode: 'weigh_status' }),
    ],
  },
];

/** Registers the built-in enumerations and resources (missing ones only), creating their tables. */
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
    const exists = await db.selectFrom('cgCustomTable').select('id').where('tableName', '=', def.tableName).executeTakeFirst();
    if (!exists) await registerResource(db, def);
  }
}
