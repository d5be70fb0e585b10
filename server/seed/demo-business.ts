// One file on purpose (≈550 lines): the demo documents of every business area are written in one
// pass that links them (notices → registries → weigh records → assays → settlements → receipts);
// split, each part would have to re-read what the others made.
import { customerBalance } from '../resources/line-rules';
import type { Kysely } from 'kysely';
import { recalculateMain, withRowCalculations } from '../../src/schema/form-calc';
import type { DB } from '../db/schema';
import { calculatedFields } from './templates';
import { defaultRule } from '../../src/schema/number-rule';
import { DEFAULT_ASSAY_ITEMS } from '../../src/schema/assay';
import { noticeHeader } from '../../src/schema/document-header';
import { lineOfWeigh } from '../settlement/weigh-settle';

/** A small deterministic generator, so every demo database holds the same data. */
export function prng(seed: number): () => number {
  let s = seed >>> 0 || 1;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const PROVINCES = ['蒙', '晋', '陕', '冀', '京', '鲁', '豫', '宁', '甘', '新'];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄', '周', '吴', '徐', '孙', '马', '朱', '胡', '郭'];
const GIVEN = ['伟', '强', '磊', '军', '勇', '杰', '涛', '明', '超', '刚', '平', '辉', '鹏', '华', '飞', '斌'];
const VENDOR_WORDS = ['鑫源', '恒通', '宏达', '金石', '永盛', '华拓', '安泰', '瑞丰', '隆基', '中联', '兴业', '广汇'];
const VENDOR_KINDS = ['矿业有限公司', '煤炭运销有限公司', '物流有限公司', '商贸有限公司', '建材有限公司'];
const MATERIALS = ['原煤', '精煤', '焦煤', '铁矿石', '石灰石', '石英砂', '废钢', '电煤'];
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZ';

/** An identity number with a correct check digit (weights 7,9,10,5,8,4,2,1,6,3,7,9,10,5,8,4,2). */
export function idNumberOf(random: () => number): string {
  const areas = ['150102', '140105', '610113', '130102', '110105', '370102'];
  const year = 1965 + Math.floor(random() * 35);
  const month = String(1 + Math.floor(random() * 12)).padStart(2, '0');
  const day = String(1 + Math.floor(random() * 28)).padStart(2, '0');
  const body = `${areas[Math.floor(random() * areas.length)]}${year}${month}${day}${String(Math.floor(random() * 1000)).padStart(3, '0')}`;
  const weights = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
  const sum = [...body].reduce((acc, d, i) => acc + Number(d) * weights[i], 0);
  return body + '10X98765432'[sum % 11];
}

export const personName = (random: () => number) => SURNAMES[Math.floor(random() * SURNAMES.length)] + GIVEN[Math.floor(random() * GIVEN.length)] + (random() < 0.5 ? GIVEN[Math.floor(random() * GIVEN.length)] : '');
export const plateOf = (random: () => number) =>
  `${PROVINCES[Math.floor(random() * PROVINCES.length)]}${LETTERS[Math.floor(random() * LETTERS.length)]}${Array.from({ length: 5 }, () => (random() < 0.2 ? LETTERS[Math.floor(random() * LETTERS.length)] : String(Math.floor(random() * 10)))).join('')}`;
const mobileOf = (random: () => number) => `1${[3, 5, 7, 8, 9][Math.floor(random() * 5)]}${String(Math.floor(random() * 1e9)).padStart(9, '0')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
type AnyDb = Kysely<any>;
type Org = { id: number; groupId: number; code: string };

/** Whether a table already holds rows of the organisation (or, by group_id, of the group). */
async function hasRows(db: AnyDb, table: string, column: 'org_id' | 'group_id', id: number): Promise<boolean> {
  return !!(await db.selectFrom(table).select('id').where(column, '=', id).limit(1).executeTakeFirst());
}

/** Inserts rows a few hundred at a time. */
async function insertAll(db: AnyDb, table: string, rows: Record<string, unknown>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 200) await db.insertInto(table).values(rows.slice(i, i + 200)).execute();
}

/**
 * Demo business data for one organisation, each part only when its table holds none yet (so a
 * database seeded before a table existed gets that table's rows, and seeding again adds nothing).
 * Group-wide tables (inventory classes and items, the plate dictionary) are seeded once per group,
 * by the first organisation that finds them empty.
 */
export async function seedDemoBusiness(db: Kysely<DB>, org: Org, index: number, now: Date): Promise<void> {
  const any = db as AnyDb;
  if (!(await hasRows(any, 'as_vendor', 'org_id', org.id))) await seedPurchase(any, org, index, now);
  if (!(await hasRows(any, 'as_plate', 'group_id', org.groupId))) await seedPlates(any, org);
  if (!(await hasRows(any, 'as_inventory_class', 'group_id', org.groupId))) await seedInventoryClasses(any, org);
  if (!(await hasRows(any, 'as_inventory', 'group_id', org.groupId))) await seedInventory(any, org);
  if (!(await hasRows(any, 'as_warehouse', 'org_id', org.id))) await seedWarehouses(any, org, index);
  if (!(await hasRows(any, 'as_factory', 'org_id', org.id))) await seedFactories(any, org, index);
  if (!(await hasRows(any, 'as_ic_card', 'org_id', org.id))) await seedIcCards(any, org, index, now);
  if (!(await hasRows(any, 'as_number_rule', 'org_id', org.id))) await seedNumberRules(any, org);
  if (!(await hasRows(any, 'qc_deduct_step', 'org_id', org.id))) await seedQuality(any, org, now);
  for (const kind of ['pu', 'sa'] as const) {
    if (!(await hasRows(any, `${kind}_notice`, 'org_id', org.id))) await seedNotices(any, org, index, now, kind);
  }
  if (!(await hasRows(any, 'mm_sa_weigh', 'org_id', org.id))) await seedSaleWeighs(any, org, index, now);
  for (const kind of ['pu', 'sa'] as const) {
    if (!(await hasRows(any, `fd_${kind}_settlement_main`, 'org_id', org.id))) await seedSettlements(any, org, index, now, kind);
  }
  for (const kind of ['pu', 'sa'] as const) {
    if (!(await hasRows(any, `${kind}_registry`, 'org_id', org.id))) await seedRegistries(any, org, index, now, kind);
  }
  if (!(await hasRows(any, 'mm_scale', 'org_id', org.id))) await seedScales(any, org, index, now);
  if (!(await hasRows(any, 'computation_group', 'org_id', org.id))) await seedComputationGroups(any, org);
  if (!(await hasRows(any, 'recive_payment', 'org_id', org.id))) await seedReceipts(any, org, now);
}

/** 销售收款: for the customers with sale settlements, an audited receipt and a free one each, with the balances the server would set. */
async function seedReceipts(any: AnyDb, org: Org, now: Date): Promise<void> {
  const customers = (await any.selectFrom('fd_sa_settlement_main').select('customer_name').distinct().where('org_id', '=', org.id)
    .orderBy('customer_name').limit(3).execute()) as unknown as { customerName: string }[];
  let n = 0;
  for (const [i, { customerName }] of customers.entries()) {
    for (const [status, amount, method] of [['AUDITED', 50000 + i * 12000, 'TRANSFER'], ['FREE', 8000 + i * 1500, 'ACCEPTANCE']] as const) {
      n += 1;
      const before = await customerBalance(any, org.id, customerName);
      await any.insertInto('recive_payment').values({
        ...baseOf(org), billCode: `${org.code}SK${String(n).padStart(6, '0')}`, customerName, receiveDate: new Date(now.getTime() - (10 - n) * 86_400_000),
        payMethod: method, amount: amount.toFixed(2), balanceBefore: before.toFixed(2), balanceAfter: before.plus(amount).toFixed(2), status,
        remark: status === 'AUDITED' ? '货款' : '预收货款',
      }).execute();
    }
  }
}

/** 计算分组: the materials of an inventory class settle together — one group per class for the first two classes with several items. */
async function seedComputationGroups(any: AnyDb, org: Org): Promise<void> {
  const items = (await any.selectFrom('as_inventory').select(['inv_code', 'inv_name', 'invc_name']).where('group_id', '=', org.groupId)
    .where('deleted', '=', false).orderBy('inv_code').execute()) as unknown as { invCode: string; invName: string; invcName: string }[];
  const byClass = new Map<string, typeof items>();
  for (const it of items) byClass.set(it.invcName, [...(byClass.get(it.invcName) ?? []), it]);
  const classes = [...byClass.entries()].filter(([, list]) => list.length > 1).slice(0, 2);
  for (const [i, [className, list]] of classes.entries()) {
    const group = await any.insertInto('computation_group').values({
      ...baseOf(org), groupCode: `${org.code}JS${String(i + 1).padStart(2, '0')}`, groupName: `${className}结算组`, remark: `${className}按同一价格结算`,
    }).returning('id').executeTakeFirstOrThrow();
    await any.insertInto('computation_group_line').values(list.map((it) => ({ ...baseOf(org), computationGroupId: group.id, invCode: it.invCode, invName: it.invName }))).execute();
  }
}

/**
 * The organisation's truck scales, each on the built-in simulator (`npm start` runs one per scale):
 * the first organisation has two stations, one with a Yaohua and one with a Toledo indicator whose
 * verification certificate runs out within the month.
 */
async function seedScales(any: AnyDb, org: Org, index: number, now: Date): Promise<void> {
  const scale = (n: number, protocol: string, division: number, maxCapacity: number, certDays: number) => ({
    ...baseOf(org), scaleCode: `${org.code}-S${n}`, scaleName: `${n}号汽车衡`, station: `${n}号磅房`, protocol, connection: 'simulator',
    division, maxCapacity, stableWindow: 1, certExpire: new Date(now.getTime() + certDays * DAY),
  });
  const rows = [scale(1, 'yaohua-tf0', 20, 100_000, 300)];
  if (index === 1) rows.push(scale(2, 'toledo', 10, 60_000, 20));
  await any.insertInto('mm_scale').values(rows).execute();
}

/**
 * The on-site confirmation items of a visit (control kind Announcement): a finished weighing has
 * them confirmed; the remote check of the scale house is not connected here, so it cannot be confirmed.
 */
export function siteChecksOf(done: boolean): string {
  return JSON.stringify([
    { id: 1, checkItem: '车辆信息核对', checkNote: '车牌、司机与登记一致', ihandle: true, confirmSubButs: 'CONFIRM,CONFIRM_NOT', result: done ? 'CONFIRM' : null },
    { id: 2, checkItem: '取样检验', checkNote: '按批次取样送检', ihandle: true, confirmSubButs: 'CONFIRM,CONFIRM_NOT,CONFIRM_AGAIN', result: done ? 'CONFIRM' : null },
    { id: 3, checkItem: '出厂方式', checkNote: '称重后离厂或空车离厂', ihandle: true, confirmSubButs: 'SINGLE_WEIGH,SINGLE_EMPTY', result: done ? 'SINGLE_WEIGH' : null },
    { id: 4, checkItem: '磅房远程确认', checkNote: '远程值守未接入', ihandle: false, confirmSubButs: 'CONFIRM_NO', result: null },
  ]);
}

/**
 * 编码规则 of the assay documents, as the 编码规则 screen shows them (the other document types
 * follow the default rule until the organisation writes its own, e.g. with 生成默认规则).
 */
async function seedNumberRules(any: AnyDb, org: Org): Promise<void> {
  await any.insertInto('as_number_rule').values(['qc_assay', 'qc_assay_group'].map((billType) => {
    const r = defaultRule(billType)!;
    return { ...baseOf(org), billType, prefix: r.prefix, dateFormat: r.dateFormat, separator: r.separator, serialLength: r.serialLength, resetPeriod: r.resetPeriod };
  })).execute();
}

/**
 * 质检: the 原煤 step tables (moisture from 12.5 % deducts 1 %, from 13 % 2 %, from 14 % 3 %; sulphur
 * from 1.2 % deducts 0.5 % as 扣杂), a group of yesterday's 原煤 trucks still open, and its assay.
 */
async function seedQuality(any: AnyDb, org: Org, now: Date): Promise<void> {
  const steps: [string, string, string, string][] = [['001', 'WATER', '12.5', '1'], ['001', 'WATER', '13', '2'], ['001', 'WATER', '14', '3'], ['003', 'IMPURITY', '1.2', '0.5']];
  await any.insertInto('qc_deduct_step').values(steps.map(([itemCode, deductKind, fromValue, rate]) => ({ ...baseOf(org), materialName: '原煤', itemCode, deductKind, fromValue, rate }))).execute();
  const day = new Date(now.getTime() - 86_400_000);
  const begin = new Date(day); begin.setHours(0, 0, 0, 0);
  const end = new Date(day); end.setHours(23, 59, 59, 0);
  const group = await any.insertInto('qc_assay_group').values({
    ...baseOf(org), groupCode: `${org.code}HYZ${String(day.getFullYear())}0001`, materialName: '原煤', beginTime: begin, endTime: end, sampleCars: 1,
    itemCodes: DEFAULT_ASSAY_ITEMS.map((i) => i.value).join(','), groupState: 'OPEN', recheckState: 'NONE',
  }).returning('id').executeTakeFirstOrThrow() as { id: number };
  const assay = await any.insertInto('qc_assay').values({
    ...baseOf(org), assayCode: `${org.code}HY${String(day.getFullYear())}0001`, groupCode: `${org.code}HYZ${String(day.getFullYear())}0001`, assayGroupId: group.id,
    materialName: '原煤', assayTime: end, assayer: '李化验',
  }).returning('id').executeTakeFirstOrThrow() as { id: number };
  const values: Record<string, [string, string | null]> = { '001': ['12.800', '14'], '002': ['2.100', null], '003': ['0.900', '1.2'], '004': ['62.500', null], '005': ['18.000', null] };
  await any.insertInto('qc_assay_result').values(DEFAULT_ASSAY_ITEMS.map((i) => ({
    ...baseOf(org), assayId: assay.id, itemCode: i.value, value: values[i.value][0], unit: i.unit, upperLimit: values[i.value][1], passed: true,
  }))).execute();
}

const baseOf = (org: Org) => ({ orgId: org.id, groupId: org.groupId, createdByName: '系统管理员' });

/** Vendors, customers, vehicles, drivers and purchase weigh records. */
async function seedPurchase(any: AnyDb, org: Org, index: number, now: Date): Promise<void> {
  const random = prng(1000 + index);
  const base = baseOf(org);

  const vendors = Array.from({ length: 30 }, (_, i) => ({
    ...base, vendorCode: `${org.code}V${String(i + 1).padStart(4, '0')}`,
    vendorName: `${['内蒙古', '山西', '陕西', '河北'][i % 4]}${VENDOR_WORDS[i % VENDOR_WORDS.length]}${VENDOR_KINDS[i % VENDOR_KINDS.length]}`.slice(0, 100),
    shortName: VENDOR_WORDS[i % VENDOR_WORDS.length], contact: personName(random), mobile: mobileOf(random), email: `sales${i + 1}@vendor${index}.example.com`,
    address: `${['呼和浩特市', '太原市', '西安市', '石家庄市'][i % 4]}工业园区${i + 1}号`,
  }));
  await any.insertInto('as_vendor').values(vendors).execute();
  await any.insertInto('as_customer').values(Array.from({ length: 20 }, (_, i) => ({
    ...base, customerCode: `${org.code}C${String(i + 1).padStart(4, '0')}`,
    customerName: `${['北京', '天津', '河北', '山东'][i % 4]}${VENDOR_WORDS[(i + 5) % VENDOR_WORDS.length]}${['电力有限公司', '钢铁有限公司', '热电有限公司', '化工有限公司'][i % 4]}`,
    contact: personName(random), mobile: mobileOf(random), email: `buy${i + 1}@customer${index}.example.com`, address: `${i + 1}号`,
  }))).execute();
  const classes = ['HEAVY', 'MEDIUM', 'LIGHT', 'TRAILER'];
  const vehicles = Array.from({ length: 60 }, (_, i) => ({
    ...base, plateNumber: `${plateOf(random).slice(0, 2)}${String(index)}${String(i).padStart(4, '0')}`, axles: 2 + (i % 5), vehicleClass: classes[i % 4],
    driverName: personName(random), driverMobile: mobileOf(random), tareWeight: (14 + random() * 6).toFixed(3), remark: null,
  }));
  await any.insertInto('as_vehicle').values(vehicles).execute();
  await any.insertInto('as_driver').values(Array.from({ length: 40 }, (_, i) => ({
    ...base, driverName: vehicles[i].driverName, idNumber: idNumberOf(random), mobile: vehicles[i].driverMobile, licenseNo: `DL${index}${String(i).padStart(6, '0')}`,
  }))).execute();

  const weighs = [];
  for (let i = 0; i < 600; i++) {
    const vehicle = vehicles[Math.floor(random() * vehicles.length)];
    const done = i % 10 !== 0;
    // finished weighings spread over the last 60 days; trucks still on site came in during the last 6 hours
    const grossAt = new Date(now.getTime() - Math.floor(random() * (done ? 60 * 24 : 6) * 3600_000));
    const gross = 40 + random() * 15;
    const tare = Number(vehicle.tareWeight) + (random() - 0.5) * 0.4;
    const deduct = random() < 0.2 ? random() * 0.3 : 0;
    weighs.push({
      ...base, billCode: `${org.code}PU${grossAt.getFullYear()}${String(i + 1).padStart(6, '0')}`, plateNumber: vehicle.plateNumber,
      materialName: MATERIALS[Math.floor(random() * MATERIALS.length)], vendorName: vendors[Math.floor(random() * vendors.length)].vendorName,
      gross: gross.toFixed(3), tare: done ? tare.toFixed(3) : null, deduct: done ? deduct.toFixed(3) : null, net: done ? (gross - tare - deduct).toFixed(3) : null,
      grossTime: grossAt, tareTime: done ? new Date(grossAt.getTime() + (20 + Math.floor(random() * 90)) * 60_000) : null,
      weigherName: ['张司磅', '刘司磅', '赵司磅'][i % 3], weighStatus: done ? 'DONE' : 'GROSS', status: done && i % 3 === 0 ? 'AUDITED' : 'FREE',
      siteChecks: siteChecksOf(done),
    });
  }
  await insertAll(any, 'mm_pu_weigh', weighs);
}

/** The plate dictionary: the letter typed for a province and its abbreviation (PROVINCES' order). */
export const PLATE_CODES: [string, string][] = [['M', '蒙'], ['J', '晋'], ['S', '陕'], ['H', '冀'], ['B', '京'], ['L', '鲁'], ['Y', '豫'], ['N', '宁'], ['G', '甘'], ['X', '新']];

async function seedPlates(any: AnyDb, org: Org): Promise<void> {
  await any.insertInto('as_plate').values(PLATE_CODES.map(([plateCode, plateName]) => ({ ...baseOf(org), plateCode, plateName }))).execute();
}

/** Inventory class codes: this prefix, then two digits per level (1001B1101, 1001B110101, …). */
export const INVENTORY_CLASS_PREFIX = '1001B11';

interface ClassNode { name: string; children?: ClassNode[] }
const INVENTORY_CLASSES: ClassNode[] = [
  { name: '煤炭', children: [
    { name: '原煤', children: [
      { name: '动力原煤', children: [{ name: '电煤' }, { name: '混煤' }] },
      { name: '炼焦原煤' },
    ] },
    { name: '洗精煤', children: [{ name: '冶炼精煤' }, { name: '炼焦精煤' }] },
    { name: '洗选副产品', children: [{ name: '中煤' }, { name: '煤泥' }, { name: '煤矸石' }] },
    { name: '焦化产品', children: [{ name: '焦炭' }] },
  ] },
  { name: '矿石', children: [
    { name: '黑色金属矿', children: [
      { name: '铁矿石', children: [{ name: '磁铁矿' }, { name: '赤铁矿' }] },
      { name: '锰矿石' },
    ] },
    { name: '非金属矿', children: [{ name: '石灰石' }, { name: '石英砂' }, { name: '白云石' }] },
  ] },
  { name: '钢材', children: [
    { name: '建筑钢材', children: [{ name: '螺纹钢' }, { name: '线材' }] },
    { name: '板材', children: [{ name: '热轧板卷' }, { name: '冷轧板卷' }] },
    { name: '废钢', children: [{ name: '重型废钢' }, { name: '中型废钢' }] },
  ] },
  { name: '辅料', children: [
    { name: '耐火材料', children: [{ name: '镁质耐火材料' }, { name: '铝硅质耐火材料' }] },
    { name: '冶金辅料', children: [{ name: '石灰' }, { name: '萤石' }] },
    { name: '合金', children: [{ name: '硅铁' }, { name: '硅锰合金' }] },
    { name: '包装材料' },
  ] },
];

/** Every class as a row: code, name, parent code and level, parents before their children. */
function classRows(nodes: ClassNode[], parent: string | null, level: number): { invclCode: string; invclName: string; parentCode: string | null; invclLevel: number }[] {
  return nodes.flatMap((n, i) => {
    const code = `${parent ?? INVENTORY_CLASS_PREFIX}${String(i + 1).padStart(2, '0')}`;
    return [{ invclCode: code, invclName: n.name, parentCode: parent, invclLevel: level }, ...classRows(n.children ?? [], code, level + 1)];
  });
}

async function seedInventoryClasses(any: AnyDb, org: Org): Promise<void> {
  await any.insertInto('as_inventory_class').values(classRows(INVENTORY_CLASSES, null, 1).map((r) => ({ ...baseOf(org), ...r, remark: null }))).execute();
}

/** Items: class path (names from the top), name, model, unit, purchased, sold, loss %, reference price, top buying price, theoretical weight. */
type Item = [string, string, string | null, string, boolean, boolean, number, number, number | null, number | null];
export const INVENTORY_ITEMS: Item[] = [
  ['煤炭/原煤/动力原煤/电煤', '电煤', 'Q5000', '吨', true, true, 0.5, 720, 780, null],
  ['煤炭/原煤/动力原煤/电煤', '高热值电煤', 'Q5500', '吨', true, true, 0.5, 800, 860, null],
  ['煤炭/原煤/动力原煤/混煤', '混煤', 'Q4500', '吨', true, true, 0.5, 610, 660, null],
  ['煤炭/原煤/动力原煤', '原煤', '0-300mm', '吨', true, true, 0.8, 560, 620, null],
  ['煤炭/原煤/炼焦原煤', '炼焦原煤', '0-50mm', '吨', true, true, 0.8, 980, 1050, null],
  ['煤炭/洗精煤/冶炼精煤', '精煤', 'A≤10%', '吨', true, true, 0.3, 1350, 1450, null],
  ['煤炭/洗精煤/炼焦精煤', '焦煤', '主焦煤 S≤0.8%', '吨', true, true, 0.3, 1680, 1800, null],
  ['煤炭/洗精煤/炼焦精煤', '1/3焦煤', 'G≥75', '吨', true, true, 0.3, 1520, 1620, null],
  ['煤炭/洗精煤/炼焦精煤', '瘦煤', 'G 20-65', '吨', true, true, 0.3, 1400, 1500, null],
  ['煤炭/洗选副产品/中煤', '中煤', 'Q3800', '吨', false, true, 1, 380, null, null],
  ['煤炭/洗选副产品/煤泥', '煤泥', 'Q3000', '吨', false, true, 2, 160, null, null],
  ['煤炭/洗选副产品/煤矸石', '煤矸石', '0-150mm', '吨', false, true, 2, 30, null, null],
  ['煤炭/焦化产品/焦炭', '冶金焦', '一级 A≤12%', '吨', true, true, 0.5, 2100, 2250, null],
  ['煤炭/焦化产品/焦炭', '焦粉', '0-10mm', '吨', true, true, 1, 900, 980, null],
  ['矿石/黑色金属矿/铁矿石', '铁矿石', 'TFe 62%', '吨', true, false, 0.3, 850, 920, null],
  ['矿石/黑色金属矿/铁矿石/磁铁矿', '磁铁精粉', 'TFe 65%', '吨', true, false, 0.3, 960, 1030, null],
  ['矿石/黑色金属矿/铁矿石/磁铁矿', '磁铁矿块', 'TFe 58%', '吨', true, false, 0.3, 780, 840, null],
  ['矿石/黑色金属矿/铁矿石/赤铁矿', '赤铁矿粉', 'TFe 56%', '吨', true, false, 0.3, 700, 760, null],
  ['矿石/黑色金属矿/锰矿石', '锰矿石', 'Mn 35%', '吨', true, false, 0.3, 1650, 1750, null],
  ['矿石/非金属矿/石灰石', '石灰石', 'CaO≥52%', '吨', true, false, 0.5, 68, 80, null],
  ['矿石/非金属矿/石英砂', '石英砂', 'SiO2≥98%', '吨', true, false, 0.5, 260, 300, null],
  ['矿石/非金属矿/白云石', '白云石', 'MgO≥19%', '吨', true, false, 0.5, 95, 110, null],
  ['钢材/建筑钢材/螺纹钢', '螺纹钢', 'HRB400E Φ12', '吨', false, true, 0, 3650, null, 0.888],
  ['钢材/建筑钢材/螺纹钢', '螺纹钢', 'HRB400E Φ18', '吨', false, true, 0, 3620, null, 1.998],
  ['钢材/建筑钢材/螺纹钢', '螺纹钢', 'HRB400E Φ25', '吨', false, true, 0, 3600, null, 3.85],
  ['钢材/建筑钢材/线材', '高速线材', 'HPB300 Φ6.5', '吨', false, true, 0, 3750, null, 0.26],
  ['钢材/建筑钢材/线材', '盘螺', 'HRB400E Φ8', '吨', false, true, 0, 3800, null, 0.395],
  ['钢材/板材/热轧板卷', '热轧板卷', 'Q235B 4.75mm', '吨', false, true, 0, 3900, null, null],
  ['钢材/板材/热轧板卷', '热轧板卷', 'Q355B 6.0mm', '吨', false, true, 0, 4050, null, null],
  ['钢材/板材/冷轧板卷', '冷轧板卷', 'SPCC 1.0mm', '吨', false, true, 0, 4500, null, null],
  ['钢材/废钢', '废钢', '统料', '吨', true, false, 1, 2450, 2600, null],
  ['钢材/废钢/重型废钢', '重型废钢', '厚度≥6mm', '吨', true, false, 1, 2650, 2800, null],
  ['钢材/废钢/中型废钢', '中型废钢', '厚度≥4mm', '吨', true, false, 1.5, 2550, 2700, null],
  ['辅料/耐火材料/镁质耐火材料', '镁碳砖', 'MT-14A', '吨', true, false, 0.2, 5200, 5600, null],
  ['辅料/耐火材料/铝硅质耐火材料', '高铝砖', 'LZ-75', '吨', true, false, 0.2, 3800, 4100, null],
  ['辅料/冶金辅料/石灰', '活性石灰', 'CaO≥90%', '吨', true, false, 0.5, 520, 580, null],
  ['辅料/冶金辅料/萤石', '萤石', 'CaF2≥85%', '吨', true, false, 0.5, 2300, 2500, null],
  ['辅料/合金/硅铁', '硅铁', 'FeSi75-B', '吨', true, false, 0.1, 7200, 7600, null],
  ['辅料/合金/硅锰合金', '硅锰合金', 'FeMn65Si17', '吨', true, false, 0.1, 6500, 6900, null],
  ['辅料/包装材料', '编织袋', '55×95cm', '条', true, false, 0, 1.2, 1.5, null],
];

async function seedInventory(any: AnyDb, org: Org): Promise<void> {
  const classes = classRows(INVENTORY_CLASSES, null, 1);
  const byPath = new Map<string, (typeof classes)[number]>();
  const pathOf = (c: (typeof classes)[number]): string => {
    const parent = classes.find((p) => p.invclCode === c.parentCode);
    return parent ? `${pathOf(parent)}/${c.invclName}` : c.invclName;
  };
  for (const c of classes) byPath.set(pathOf(c), c);
  const seen = new Map<string, number>();
  await any.insertInto('as_inventory').values(INVENTORY_ITEMS.map(([path, invName, model, measureUnit, isPu, isSa, loss, price, top, weight]) => {
    const cls = byPath.get(path);
    if (!cls) throw new Error(`Seed: no inventory class ${path}`);
    const n = (seen.get(cls.invclCode) ?? 0) + 1;
    seen.set(cls.invclCode, n);
    return {
      ...baseOf(org), invCode: `${cls.invclCode.slice(INVENTORY_CLASS_PREFIX.length)}${String(n).padStart(3, '0')}`, invName, model,
      invcId: cls.invclCode, invcName: cls.invclName, measureUnit, isPu, isSa, lossPercentage: loss.toFixed(2), referencePrice: price.toFixed(2),
      topBuyingPrice: top === null ? null : top.toFixed(2), theoryWeight: weight === null ? null : weight.toFixed(3),
    };
  })).execute();
}

const WAREHOUSES = [
  ['原煤堆场', '厂区北侧一号堆场'], ['精煤仓', '洗煤车间东侧筒仓'], ['矿石料场', '厂区西侧露天料场'], ['成品库', '厂区南侧成品仓库'],
  ['备品备件库', '综合楼后侧库房'], ['辅料库', '厂区东门内侧库房'], ['废钢料场', '炼钢车间西侧料场'],
];
const FACTORIES = [
  [['热电厂', '厂区东区'], ['选煤厂', '厂区北区']],
  [['炼铁厂', '厂区西区'], ['炼钢厂', '厂区中区'], ['轧钢厂', '厂区南区']],
  [['一号井选煤厂', '一号井工业广场'], ['二号井选煤厂', '二号井工业广场'], ['洗煤厂', '矿区物流园']],
];

async function seedWarehouses(any: AnyDb, org: Org, index: number): Promise<void> {
  const random = prng(3000 + index);
  await any.insertInto('as_warehouse').values(WAREHOUSES.map(([name, address], i) => ({
    ...baseOf(org), warehouseCode: `${org.code}W${String(i + 1).padStart(3, '0')}`, warehouseName: name, address, keeper: personName(random),
  }))).execute();
}

async function seedFactories(any: AnyDb, org: Org, index: number): Promise<void> {
  await any.insertInto('as_factory').values(FACTORIES[(index - 1) % FACTORIES.length].map(([name, address], i) => ({
    ...baseOf(org), factoryCode: `${org.code}F${String(i + 1).padStart(2, '0')}`, factoryName: name, address,
  }))).execute();
}

const DAY = 86_400_000;
/** Midnight (server time) `days` before `now`. */
const dayBefore = (now: Date, days: number) => {
  const d = new Date(now.getTime() - days * DAY);
  d.setHours(0, 0, 0, 0);
  return d;
};

/** Fixed cards for the organisation's vehicles, temporary ones for visiting trucks. */
async function seedIcCards(any: AnyDb, org: Org, index: number, now: Date): Promise<void> {
  const random = prng(4000 + index);
  const vehicles = await any.selectFrom('as_vehicle').select(['plate_number as plateNumber', 'driver_name as driverName'])
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').limit(30).execute() as { plateNumber: string; driverName: string | null }[];
  const cards = vehicles.map((v, i) => {
    const issued = dayBefore(now, 30 + Math.floor(random() * 600));
    return {
      ...baseOf(org), cardNo: `${index}${String(10_000_001 + i * 7919).padStart(9, '0')}`, cardType: 'FIXED', plateNumber: v.plateNumber, holder: v.driverName,
      issueDate: issued, expireDate: new Date(issued.getTime() + 730 * DAY),
    };
  });
  for (let i = 0; i < 10; i++) {
    const issued = dayBefore(now, Math.floor(random() * 20));
    cards.push({
      ...baseOf(org), cardNo: `${index}${String(90_000_001 + i).padStart(9, '0')}`, cardType: 'TEMP', plateNumber: plateOf(random), holder: personName(random),
      issueDate: issued, expireDate: new Date(issued.getTime() + 7 * DAY),
    });
  }
  await any.insertInto('as_ic_card').values(cards).execute();
}

/** Purchase notices to the vendors, sale notices to the customers, each with one to three lines. */
async function seedNotices(any: AnyDb, org: Org, index: number, now: Date, kind: 'pu' | 'sa'): Promise<void> {
  const random = prng((kind === 'pu' ? 5000 : 6000) + index);
  const pu = kind === 'pu';
  const partners = (await any.selectFrom(pu ? 'as_vendor' : 'as_customer').select(pu ? 'vendor_name as name' : 'customer_name as name')
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').execute() as { name: string }[]).map((r) => r.name);
  const items = INVENTORY_ITEMS.filter((it) => (pu ? it[4] : it[5]) && it[3] === '吨').map((it) => it[1]);
  const names = [...new Set(items)];
  for (let i = 0; i < 20; i++) {
    const begin = dayBefore(now, 5 + Math.floor(random() * 55));
    const end = new Date(begin.getTime() + (15 + Math.floor(random() * 30)) * DAY);
    const open = end.getTime() > now.getTime();
    const count = 1 + Math.floor(random() * 3);
    const first = Math.floor(random() * names.length);
    const lines = Array.from({ length: count }, (_, j) => {
      const plan = 500 + Math.floor(random() * 60) * 50;
      const done = Math.min(plan, Math.floor(random() * plan * (open ? 0.8 : 1.05) * 1000) / 1000);
      return { invName: names[(first + j * 3) % names.length], planQty: plan.toFixed(3), doneQty: done.toFixed(3), maxLimit: (plan * 1.1).toFixed(3), isOpen: open };
    });
    const notice = await any.insertInto(`${kind}_notice`).values({
      ...baseOf(org), noticeCode: `${org.code}${pu ? 'PN' : 'SN'}${begin.getFullYear()}${String(i + 1).padStart(4, '0')}`,
      [pu ? 'vendorName' : 'customerName']: partners[Math.floor(random() * partners.length)],
      ...noticeHeader(lines), beginDate: begin, endDate: end, // 物料 and 计划量 by the server's rule (document-header.ts)
      remark: open ? null : '已到期', status: i % 4 === 0 ? 'FREE' : 'AUDITED',
    }).returning('id').executeTakeFirstOrThrow() as { id: number };
    await any.insertInto(`${kind}_notice_line`).values(lines.map((l) => ({ ...baseOf(org), noticeId: notice.id, ...l }))).execute();
  }
}

/** Sale weigh records (outgoing trucks: tare first in reality, recorded like the purchase ones). */
async function seedSaleWeighs(any: AnyDb, org: Org, index: number, now: Date): Promise<void> {
  const random = prng(7000 + index);
  const vehicles = await any.selectFrom('as_vehicle').select(['plate_number as plateNumber', 'tare_weight as tareWeight'])
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').execute() as { plateNumber: string; tareWeight: string | null }[];
  const customers = (await any.selectFrom('as_customer').select('customer_name as name')
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').execute() as { name: string }[]).map((r) => r.name);
  const products = [...new Set(INVENTORY_ITEMS.filter((it) => it[5] && it[3] === '吨').map((it) => it[1]))];
  const weighs = [];
  for (let i = 0; i < 300; i++) {
    const vehicle = vehicles[Math.floor(random() * vehicles.length)];
    const done = i % 10 !== 0;
    const grossAt = new Date(now.getTime() - Math.floor(random() * (done ? 60 * 24 : 6) * 3600_000));
    const gross = 38 + random() * 16;
    const tare = Number(vehicle.tareWeight ?? 16) + (random() - 0.5) * 0.4;
    const deduct = random() < 0.1 ? random() * 0.2 : 0;
    weighs.push({
      ...baseOf(org), billCode: `${org.code}SA${grossAt.getFullYear()}${String(i + 1).padStart(6, '0')}`, plateNumber: vehicle.plateNumber,
      materialName: products[Math.floor(random() * products.length)], customerName: customers[Math.floor(random() * customers.length)],
      gross: gross.toFixed(3), tare: done ? tare.toFixed(3) : null, deduct: done ? deduct.toFixed(3) : null, net: done ? (gross - tare - deduct).toFixed(3) : null,
      grossTime: grossAt, tareTime: done ? new Date(grossAt.getTime() + (15 + Math.floor(random() * 60)) * 60_000) : null,
      weigherName: ['张司磅', '刘司磅', '赵司磅'][i % 3], weighStatus: done ? 'DONE' : 'GROSS', status: done && i % 3 === 0 ? 'AUDITED' : 'FREE',
      siteChecks: siteChecksOf(done),
    });
  }
  await insertAll(any, 'mm_sa_weigh', weighs);
}

/**
 * Settlements of audited weigh records, made as 选择磅单 makes them: each line names its weigh record and
 * says what it says (`lineOfWeigh`), no record in two settlements; a notice of the partner when there is
 * one, a price per line, the totals computed by the form's own calculations, and an audited settlement's
 * weigh records marked settled by it, as its audit marks them.
 */
async function seedSettlements(any: AnyDb, org: Org & { name?: string }, index: number, now: Date, kind: 'pu' | 'sa'): Promise<void> {
  const random = prng((kind === 'pu' ? 8000 : 9000) + index);
  const pu = kind === 'pu';
  const partner = pu ? 'vendor_name' : 'customer_name';
  const weigh = pu ? 'mm_pu_weigh' : 'mm_sa_weigh';
  const weighs = await any.selectFrom(weigh)
    .select(['id', 'bill_code as billCode', 'plate_number as plateNumber', 'material_name as materialName', 'net', 'settle_weight as settleWeight', `${partner} as partner`])
    .where('org_id', '=', org.id).where('deleted', '=', false).where('weigh_status', '=', 'DONE').where('status', '=', 'AUDITED').where('settle_id', 'is', null)
    .orderBy('id').limit(60).execute() as ({ id: number; partner: string } & Record<string, unknown>)[];
  const company = await any.selectFrom('sys_org').select(['id', 'org_name as name']).where('id', '=', org.id).executeTakeFirst() as { id: number; name: string } | undefined;
  const byPartner = new Map<string, typeof weighs>();
  for (const w of weighs) byPartner.set(w.partner, [...(byPartner.get(w.partner) ?? []), w]);
  let n = 0;
  for (const [name, rows] of byPartner) {
    if (n >= 8) break;
    const notice = await any.selectFrom(`${kind}_notice`).select(['id', 'notice_code as noticeCode']).where('org_id', '=', org.id)
      .where(partner, '=', name).orderBy('id').limit(1).executeTakeFirst() as { id: number; noticeCode: string } | undefined;
    const price = (pu ? 420 : 560) + Math.floor(random() * 40) * 5;
    const settled = rows.slice(0, 6);
    const lines = withRowCalculations(calculatedFields(`fd_${kind}_settlement`), settled.map((w) => ({ ...lineOfWeigh(w), price: price.toFixed(2) })));
    const deductAmount = random() < 0.3 ? (Math.floor(random() * 20) * 50).toFixed(2) : '0.00';
    const totals = recalculateMain(calculatedFields(`fd_${kind}_settlement_main`), `fd_${kind}_settlement_main`, { deductAmount }, { [`fd_${kind}_settlement`]: lines });
    n += 1;
    const settleCode = `${org.code}${pu ? 'PJ' : 'SJ'}${now.getFullYear()}${String(n).padStart(4, '0')}`;
    const status = n % 3 === 0 ? 'AUDITED' : 'FREE';
    const main = await any.insertInto(`fd_${kind}_settlement_main`).values({
      ...baseOf(org), settleCode, [pu ? 'vendorName' : 'customerName']: name,
      noticeCode: notice?.noticeCode ?? null, noticeId: notice?.id ?? null, settleDate: dayBefore(now, n),
      [pu ? 'reCompanyName' : 'deCompanyName']: company?.name ?? null, [pu ? 'reCompanyId' : 'deCompanyId']: company?.id ?? null,
      deductAmount, ...totals, status,
    }).returning('id').executeTakeFirstOrThrow() as { id: number };
    await any.insertInto(`fd_${kind}_settlement`).values(lines.map((l) => ({ ...baseOf(org), settleId: main.id, ...l }))).execute();
    if (status === 'AUDITED') {
      await any.updateTable(weigh).set({ settle_id: main.id, settle_code: settleCode }).where('id', 'in', settled.map((w) => w.id)).execute();
    }
  }
}

/**
 * Vehicle registries at the gate: the organisation's own trucks (each with its driver and fixed
 * IC card) registered against audited purchase (sale) notices, one notice per registry.
 */
async function seedRegistries(any: AnyDb, org: Org, index: number, now: Date, kind: 'pu' | 'sa'): Promise<void> {
  const pu = kind === 'pu';
  const random = prng((pu ? 10_000 : 11_000) + index);
  const vehicles = await any.selectFrom('as_vehicle').select(['plate_number as plateNumber', 'driver_name as driverName'])
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').limit(30).execute() as { plateNumber: string; driverName: string | null }[];
  const drivers = await any.selectFrom('as_driver').select(['id', 'driver_name as driverName', 'mobile'])
    .where('org_id', '=', org.id).where('deleted', '=', false).orderBy('id').execute() as { id: number; driverName: string; mobile: string | null }[];
  const cards = await any.selectFrom('as_ic_card').select(['card_no as cardNo', 'plate_number as plateNumber'])
    .where('org_id', '=', org.id).where('deleted', '=', false).where('card_type', '=', 'FIXED').orderBy('id').execute() as { cardNo: string; plateNumber: string | null }[];
  const notices = await any.selectFrom(`${kind}_notice`).select(['id', 'notice_code as noticeCode', `${pu ? 'vendor_name' : 'customer_name'} as partner`, 'material_name as materialName', 'plan_qty as planQty'])
    .where('org_id', '=', org.id).where('deleted', '=', false).where('status', '=', 'AUDITED').orderBy('id').execute() as
    { id: number; noticeCode: string; partner: string; materialName: string | null; planQty: string | null }[];
  if (!vehicles.length || !notices.length) return;
  for (let n = 1; n <= 8; n++) {
    const vehicle = vehicles[Math.floor(random() * vehicles.length)];
    const driver = drivers.find((d) => d.driverName === vehicle.driverName);
    const card = cards.find((c) => c.plateNumber === vehicle.plateNumber);
    const notice = notices[Math.floor(random() * notices.length)];
    const registerTime = new Date(now.getTime() - (n * 26 + Math.floor(random() * 20)) * 3600_000);
    registerTime.setSeconds(0, 0);
    const registry = await any.insertInto(`${kind}_registry`).values({
      ...baseOf(org), billCode: `${org.code}${pu ? 'PR' : 'SR'}${registerTime.getFullYear()}${String(n).padStart(4, '0')}`, plateNumber: vehicle.plateNumber,
      driverName: driver?.driverName ?? vehicle.driverName, driverId: driver?.id ?? null, mobile: driver?.mobile ?? null, cardCode: card?.cardNo ?? null,
      registerTime, remark: n % 4 === 0 ? '预约车辆' : null, status: n % 3 === 0 ? 'AUDITED' : 'FREE',
    }).returning('id').executeTakeFirstOrThrow() as { id: number };
    await any.insertInto(`${kind}_registry_sub`).values({
      ...baseOf(org), registryId: registry.id, noticeCode: notice.noticeCode, noticeId: notice.id, [pu ? 'vendorName' : 'customerName']: notice.partner,
      materialName: notice.materialName, planQuantity: notice.planQty, remark: null,
    }).execute();
  }
}
