import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

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

/** Demo master data and weigh records for one organisation (only when it has none yet). */
export async function seedDemoBusiness(db: Kysely<DB>, org: { id: number; groupId: number; code: string }, index: number, now: Date): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- business tables are described by metadata
  const any = db as Kysely<any>;
  const has = await any.selectFrom('as_vendor').select('id').where('org_id', '=', org.id).limit(1).executeTakeFirst();
  if (has) return;
  const random = prng(1000 + index);
  const base = { orgId: org.id, groupId: org.groupId, createdByName: '系统管理员' };

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
    });
  }
  for (let i = 0; i < weighs.length; i += 200) await any.insertInto('mm_pu_weigh').values(weighs.slice(i, i + 200)).execute();
}
