import { WEIGH_RECORD_TABLES } from '../../src/schema/weigh';
import type { Kysely } from 'kysely';
import type { Calculation, FieldDefinition, FieldOption, ResourceMapping } from '../../src/schema/field-definition';
import type { ResourceColumn, ResourceDefinition } from '../../src/schema/resource';
import type { Template, TemplateButton } from '../../src/schema/template';
import type { DB } from '../db/schema';
import { checkTemplate } from '../templates/template-check';
import { canonical, ensureAdminTemplates } from './admin-templates';
import { BUILTIN_ENUMS, BUILTIN_RESOURCES } from './resources';
import { NUMBERED_DOCUMENTS } from '../../src/schema/number-rule';
import { HEADERS_FROM_LINES } from '../../src/schema/document-header';
import { DEFAULT_ASSAY_ITEMS, GROUP_ACTIONS, SAMPLE_CARS } from '../../src/schema/assay';

export const BUTTONS_BY_KIND: Record<ResourceDefinition['kind'], [string, string][]> = {
  MASTER: [['add', '新增'], ['edit', '修改'], ['del', '删除'], ['enable', '启用'], ['disable', '停用'], ['export', '导出']],
  DOCUMENT: [['add', '新增'], ['edit', '修改'], ['del', '删除'], ['audit', '审核'], ['mulAudit', '批量审核'], ['mulInit', '弃审'], ['obsolete', '作废'], ['recover', '恢复'], ['copy', '复制'], ['export', '导出']],
  LINE: [],
};

/** Which seeded columns the quick search covers and which are summed (the rest follow from their types). */
const QUICK: Record<string, string[]> = {
  as_vendor: ['vendorCode', 'vendorName'], as_customer: ['customerCode', 'customerName'], as_vehicle: ['plateNumber', 'driverName'],
  as_driver: ['driverName', 'idNumber', 'mobile'], mm_pu_weigh: ['billCode', 'plateNumber', 'vendorName'],
  mm_sa_weigh: ['billCode', 'plateNumber', 'customerName'], as_inventory_class: ['invclCode', 'invclName'], as_inventory: ['invCode', 'invName', 'model'],
  as_warehouse: ['warehouseCode', 'warehouseName'], as_factory: ['factoryCode', 'factoryName'], as_ic_card: ['cardNo', 'plateNumber', 'holder'],
  pu_notice: ['noticeCode', 'vendorName', 'materialName'], pu_notice_line: ['invName'], sa_notice: ['noticeCode', 'customerName', 'materialName'],
  sa_notice_line: ['invName'], as_plate: ['plateCode', 'plateName'], mm_scale: ['scaleCode', 'scaleName', 'station'],
  fd_pu_settlement_main: ['settleCode', 'vendorName', 'noticeCode'], fd_sa_settlement_main: ['settleCode', 'customerName', 'noticeCode'],
  pu_registry: ['billCode', 'plateNumber', 'driverName', 'cardCode'], pu_registry_sub: ['noticeCode', 'vendorName', 'materialName'],
  sa_registry: ['billCode', 'plateNumber', 'driverName', 'cardCode'], sa_registry_sub: ['noticeCode', 'customerName', 'materialName'],
  qc_assay_group: ['groupCode', 'materialName', 'vendorName'], qc_assay: ['assayCode', 'groupCode', 'materialName'], qc_deduct_step: ['materialName'],
  computation_group: ['groupCode', 'groupName'], computation_group_line: ['invCode', 'invName'], recive_payment: ['billCode', 'customerName'],
};
const TOTALS: Record<string, string[]> = {
  mm_pu_weigh: ['gross', 'tare', 'deduct', 'net'], mm_sa_weigh: ['gross', 'tare', 'deduct', 'net'],
  pu_notice: ['planQty'], pu_notice_line: ['planQty', 'doneQty'], sa_notice: ['planQty'], sa_notice_line: ['planQty', 'doneQty'],
  fd_pu_settlement_main: ['totalWeight', 'totalAmount', 'netAmount'], fd_sa_settlement_main: ['totalWeight', 'totalAmount', 'netAmount'],
  recive_payment: ['amount'],
};

function options(c: ResourceColumn): FieldOption[] | null {
  const e = BUILTIN_ENUMS.find((x) => x.code === c.enumCode);
  return e ? e.items.map(([value, label, color]) => ({ value, label, color })) : null;
}

/**
 * DATE columns that hold a day (开始日期, 结算日期, 有效期至 …), not a moment: their form box is a date
 * box (DATA_BOX) and the list shows the date alone; the other DATE columns (毛重时间 …) a date and time.
 */
const DAY_FIELDS = new Set(['beginDate', 'endDate', 'settleDate', 'receiveDate', 'issueDate', 'expireDate', 'certExpire']);
const dateFormatOf = (c: ResourceColumn) => ({ valFormatFun: DAY_FIELDS.has(c.fieldName) ? 'date' : 'datetime' });

function listField(def: ResourceDefinition, c: ResourceColumn, seq: number): FieldDefinition {
  const searchKind = c.fieldType === 'DATE' ? 'TIME_RANGE_BOX' : c.fieldType === 'ENUM' ? 'SELECT' : c.fieldType === 'NUMBER' ? 'NUMBER' : c.fieldType === 'BOOLEAN' ? 'BOOLEAN' : null;
  return {
    fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq,
    fieldType: c.fieldType === 'ENUM' ? 'ENUM' : c.fieldType === 'DATE' ? 'DATE' : c.fieldType === 'BOOLEAN' ? 'BOOLEAN' : 'TEXT',
    detailsUrl: searchKind, options: options(c), ishow: !IMAGE_FIELDS.has(c.fieldName) && c.fieldType !== 'JSON' && !HIDDEN_FORM_FIELDS.has(c.fieldName) && !isBookkeeping(def.tableName, c.fieldName),
    isortField: c.fieldType !== 'TXT' && c.fieldType !== 'JSON' && !IMAGE_FIELDS.has(c.fieldName),
    iallowQuery: (QUICK[def.tableName] ?? []).includes(c.fieldName),
    iallowAdvanceQuery: c.fieldType !== 'TXT' && c.fieldType !== 'JSON',
    itotal: (TOTALS[def.tableName] ?? []).includes(c.fieldName),
    cgValFormat: c.fieldType === 'NUMBER' && (c.scale ?? 0) > 0 ? { valFormatFun: `fixed${c.scale}` } : c.fieldType === 'DATE' ? dateFormatOf(c) : null,
  };
}

/** Mainland mobile numbers and plates: the custom rules (cgValidate) the seeded forms carry. */
export const MOBILE_RULE = { validateMethod: '^1[3-9]\\d{9}$', validateTitle: '手机号格式错误!' };
export const PLATE_RULE = {
  validateMethod: '^[京津沪渝冀豫云辽黑湘皖鲁新苏浙赣鄂桂甘晋蒙陕吉闽贵粤青藏川宁琼使领][A-Z][A-HJ-NP-Z0-9]{4,5}[A-HJ-NP-Z0-9挂学警港澳]$',
  validateTitle: '车牌号格式错误!',
};

/** Columns holding uploaded images (comma-joined ids of stored files), with how many each holds. */
const IMAGE_COUNTS: Record<string, number> = { photo: 1, snapPhotos: 4 };
const IMAGE_FIELDS = new Set(Object.keys(IMAGE_COUNTS));

function formField(def: ResourceDefinition, c: ResourceColumn, seq: number): FieldDefinition {
  if (SERVER_BALANCES.has(`${def.tableName}.${c.fieldName}`)) {
    // shown, never typed: the server sets it on every save
    return {
      fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: 'NONE_WHOLE', fieldType: 'NUMBER',
      cgValFormat: { valFormatFun: `fixed${c.scale ?? 2}` }, irequired: false, ishow: true, iupdate: true, tipsMessage: '保存时由系统按已审核的收款与销售结算计算',
    };
  }
  const calc = CALCS[def.tableName]?.[c.fieldName];
  if (calc) {
    return {
      fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: 'CALCULATE', fieldType: 'NUMBER',
      calculate: calc, cgValFormat: { valFormatFun: `fixed${c.scale ?? 2}` }, irequired: false, ishow: true, iupdate: true,
    };
  }
  if (c.fieldType === 'JSON') {
    // a JSON column of confirmation rows: the on-site confirmation table, its columns named by options
    return {
      fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: 'Announcement', fieldType: 'JSON',
      options: [{ value: 'checkItem', label: '确认项目' }, { value: 'checkNote', label: '说明' }], ishow: true, iupdate: true, irequired: false,
    };
  }
  const kind = IMAGE_FIELDS.has(c.fieldName) ? 'IMG_UPLOAD_EP' : c.fieldType === 'DATE' ? (DAY_FIELDS.has(c.fieldName) ? 'DATA_BOX' : 'DATA_BOX_TIM') : c.fieldType === 'ENUM' ? 'SELECT' : c.fieldType === 'BOOLEAN' ? 'BOOLEAN' : c.fieldType === 'TXT' ? 'TEXTAREA' : 'ONE_TXT';
  if (NUMBERED_DOCUMENTS[def.tableName]?.field === c.fieldName) {
    // the document's number comes from its 编码规则 when it is saved (server/numbering)
    return {
      fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: 'ONE_TXT', fieldType: 'CHAR',
      irequired: false, ishow: true, iupdate: false, iautoCode: true, tipsMessage: '保存时自动生成',
    };
  }
  const serverValue = SERVER_FIELDS[def.tableName]?.includes(c.fieldName);
  const rule = c.sensitive === 'mobile' ? MOBILE_RULE : /plateNumber$/i.test(c.fieldName) ? PLATE_RULE : null;
  return {
    fieldName: c.fieldName, fieldExplain: c.fieldExplain, customTable: def.tableName, seq, formSubmitType: kind,
    fieldType: c.fieldType === 'TXT' ? 'TXT' : c.fieldType, options: options(c), irequired: c.required ?? false, ishow: true,
    // a document keeps its number once it exists
    iupdate: !(def.kind === 'DOCUMENT' && c.unique),
    ...(IMAGE_FIELDS.has(c.fieldName) ? { maxCount: IMAGE_COUNTS[c.fieldName] } : {}),
    ...(HIDDEN_FORM_FIELDS.has(c.fieldName) ? { ihidden: true } : {}),
    ...(c.fieldType === 'DATE' && c.required ? { defaultValue: { type: 'date' as const } } : {}),
    ...(serverValue ? { iautoCode: true, iupdate: false } : {}),
    // the form shows the header its lines make as they change (the server sets it on save)
    ...(HEADERS_FROM_LINES[def.tableName]?.fields.includes(c.fieldName) ? { tipsMessage: '按明细汇总' } : {}),
    ...(isBookkeeping(def.tableName, c.fieldName) ? { ishow: false } : {}),
    ...FIELD_EXTRAS[def.tableName]?.[c.fieldName],
    ...(rule ? { cgValidate: rule } : {}),
  };
}

export const SYSTEM_LIST: FieldDefinition[] = [
  { fieldName: 'status', fieldExplain: '单据状态', fieldType: 'ENUM', options: [{ value: 'FREE', label: '自由', color: 'blue' }, { value: 'AUDITED', label: '已审核', color: 'green' }, { value: 'OBSOLETE', label: '已作废', color: 'red' }], detailsUrl: 'SELECT', iallowAdvanceQuery: true, isortField: true },
  { fieldName: 'enabled', fieldExplain: '启用', fieldType: 'BOOLEAN', detailsUrl: 'BOOLEAN', iallowAdvanceQuery: true },
  { fieldName: 'createdByName', fieldExplain: '创建人', fieldType: 'TEXT' },
  { fieldName: 'createdAt', fieldExplain: '创建时间', fieldType: 'DATE', detailsUrl: 'TIME_RANGE_BOX', isortField: true, iallowAdvanceQuery: true, cgValFormat: { valFormatFun: 'datetime' } },
];

/** The LIST, DETAIL and FORM templates of a built-in resource, published under its menu. */
/** Line tables whose numbers are measurements, which a 合计 row would only add up meaninglessly. */
const MEASURED_LINES = new Set(['qc_assay_result']);

export function builtinTemplates(def: ResourceDefinition): Template[] {
  const kindButtons = FORM_PAGES.has(def.tableName) ? [...BUTTONS_BY_KIND[def.kind], ['view', '查看'] as [string, string]] : BUTTONS_BY_KIND[def.kind];
  const buttons: TemplateButton[] = [
    ...kindButtons.map(([action, label], seq) => ({ code: action, label, action, permission: `${def.permissionPrefix}_${action}`, seq })),
    ...(def.tableName === 'qc_assay_group' ? Object.entries(GROUP_ACTIONS).map(([action, a], i) => ({ code: action, label: a.label, action, permission: `qc_assay_group_${action}`, seq: kindButtons.length + i })) : []),
    ...(def.tableName === 'as_number_rule' ? [{ code: 'auto', label: '生成默认规则', action: 'auto', permission: 'as_number_rule_add', seq: kindButtons.length }] : []),
    // whoever sees a weigh record may look at its captured pictures
    ...(def.columns.some((c) => c.fieldName === 'snapPhotos') ? [{ code: 'pics', label: '抓拍图片', action: 'pics', permission: null, seq: kindButtons.length }] : []),
    // a captured weighing is corrected only by a supervisor (手工录入), with a reason
    ...(WEIGH_RECORD_TABLES.includes(def.tableName) ? [{ code: 'weighCorrect', label: '称重更正', action: 'weighCorrect', permission: 'measure_weigh_hand', seq: kindButtons.length + 1 }] : []),
  ];
  const system = SYSTEM_LIST.filter((f) => (def.kind === 'DOCUMENT' ? f.fieldName !== 'enabled' : f.fieldName !== 'status'))
    .map((f, i) => ({ ...f, customTable: def.tableName, seq: 900 + i }));
  const base = { customTable: def.tableName, resUrl: `/${def.module}/${def.resource}/list`, resMethod: 'POST' as const };
  const tree = LIST_TREES[def.tableName];
  // a document's line tables become the child tables of its form and detail (the parent link is set by the server)
  const single = SINGLE_CHILD_FORMS.has(def.tableName);
  const children = BUILTIN_RESOURCES.filter((r) => r.kind === 'LINE' && r.parentTable === def.tableName).map((line) => ({
    customTable: line.tableName, label: line.tableExplain,
    fields: line.columns.filter((c) => c.fieldName !== line.parentKey).map((c, i) => {
      const field = picking(line.tableName, c.fieldName, formField(line, c, (i + 1) * 10));
      // amounts keep their decimals in the cells shown and in 合计 (a unit price is not summed, nor are
      // measurements such as an assay's values and limits; one line has no 合计)
      return { ...field, itotal: !single && !MEASURED_LINES.has(line.tableName) && c.fieldType === 'NUMBER' && c.fieldName !== 'price', ...(c.fieldType === 'NUMBER' && (c.scale ?? 0) > 0 && !field.cgValFormat ? { cgValFormat: { valFormatFun: `fixed${c.scale}` } } : {}) };
    }),
  }));
  // lines the server writes (a group's trucks, collected by 结束分组) are shown in the detail, not typed in the form
  const formChildren = SERVER_LINE_DOCUMENTS.has(def.tableName) ? [] : children;
  return [
    {
      ...base, formatName: def.tableExplain, formatCode: `${def.tableName}_list`, formatType: 'LIST', formatStyle: 'FORMAT_LIST', ps: 10, buttons,
      ...(FORM_PAGES.has(def.tableName) ? { formPage: true } : {}),
      ...(tree ? { treeResUrl: tree.url, treeResMethod: 'GET' as const } : {}),
      listSubList: [
        ...def.columns.map((c, i) => {
          const field = listField(def, c, (i + 1) * 10);
          // the left tree filters through this field: the chosen class's code and the codes under it
          return tree?.field === c.fieldName ? { ...field, effectField: tree.nodeField, op: 'like' as const } : field;
        }),
        ...system,
      ],
    },
    {
      ...base, formatName: `${def.tableExplain}详情`, formatCode: `${def.tableName}_detail`, formatType: 'DETAIL',
      formatStyle: children.length ? 'FORMAT_MASTER_CHILD' : def.columns.length > 8 ? 'FORMAT_EIGHT_COLUMN_FROM' : 'FORMAT_FOUR_COLUMN_FROM',
      formSubList: def.columns.map((c, i) => formField(def, c, (i + 1) * 10)),
      ...(children.length ? { childSubLists: children } : {}),
    },
    {
      ...base, formatName: `${def.tableExplain}表单`, formatCode: `${def.tableName}_form`, formatType: 'FORM',
      formatStyle: formChildren.length ? 'FORMAT_MASTER_CHILD' : def.columns.length > 8 ? 'FORMAT_EIGHT_COLUMN_FROM' : 'FORMAT_FOUR_COLUMN_FROM',
      ...(formChildren.length ? { childSubLists: formChildren, validTable: true } : {}),
      ...(single ? { singleChild: true } : {}),
      formSubList: def.columns.map((c, i) => picking(def.tableName, c.fieldName, formField(def, c, (i + 1) * 10))),
    },
    ...(def.kind === 'MASTER' || PICKED_DOCUMENTS.has(def.tableName) ? [resourceTemplate(def, base)] : []),
  ];
}

/**
 * A form field picked from another resource's popup (PICKS). The popup template's id is filled in
 * when the form is published (ensureBuiltinTemplates); a picking field has an id, by which its
 * parameter links (cg-format-form-sub-param) are found.
 */
function picking(tableName: string, fieldName: string, field: FieldDefinition): FieldDefinition {
  const pick = PICKS[tableName]?.[fieldName];
  return pick ? { ...field, id: `${tableName}.${fieldName}`, formSubmitType: pick.kind ?? 'RESOURCE_CONTROLS', resourceList: pick.mappings } : field;
}

/** A table's calculated form fields, in column order (what the seed computes its demo documents with). */
export function calculatedFields(tableName: string): FieldDefinition[] {
  const def = BUILTIN_RESOURCES.find((r) => r.tableName === tableName);
  return def ? def.columns.map((c, i) => formField(def, c, (i + 1) * 10)).filter((f) => f.calculate) : [];
}

/** Documents whose list opens the form as a page (…/edit?type=…) rather than a dialog: the settlements and the registries (spec 001 §1, §2). */
export const FORM_PAGES = new Set(['fd_pu_settlement_main', 'fd_sa_settlement_main', 'pu_registry', 'sa_registry', 'computation_group', 'recive_payment']);
/** Fields the server computes on save (a receipt's customer balances, server/resources/line-rules.ts): read-only in the form. */
const SERVER_BALANCES = new Set(['recive_payment.balanceBefore', 'recive_payment.balanceAfter']);
/** Documents whose lines the server writes: their form has no line table. */
const SERVER_LINE_DOCUMENTS = new Set(['qc_assay_group']);
/** Documents with exactly one line (single-child mode, spec 001 §5): the registries. */
export const SINGLE_CHILD_FORMS = new Set(['pu_registry', 'sa_registry']);
/** Documents picked in other forms (they get a popup template like the master tables). */
const PICKED_DOCUMENTS = new Set(['pu_notice', 'sa_notice', 'qc_assay_group']);
/** Fields the server writes (shown read-only): a weigh record's settlement, a notice line's 已执行量, a notice's 物料 and 计划量 (from its lines). */
const SERVER_FIELDS: Record<string, readonly string[]> = {
  ...Object.fromEntries(Object.entries(HEADERS_FROM_LINES).map(([table, rule]) => [table, rule.fields])),
  mm_pu_weigh: ['settleCode', 'waterRate', 'impurityRate', 'assayCode', 'settleScale', 'settleRounding'],
  mm_sa_weigh: ['settleCode', 'waterRate', 'impurityRate', 'assayCode', 'settleScale', 'settleRounding'],
  pu_notice_line: ['doneQty'], sa_notice_line: ['doneQty'], qc_assay_group: ['groupState', 'recheckState'], qc_assay_result: ['passed'],
};
/** Columns kept for the server's own use (the rounding a weigh record's settle weight was calculated with): not shown in lists or forms. */
const BOOKKEEPING_FIELDS: Record<string, string[]> = { mm_pu_weigh: ['settleScale', 'settleRounding'], mm_sa_weigh: ['settleScale', 'settleRounding'] };
const isBookkeeping = (tableName: string, fieldName: string) => BOOKKEEPING_FIELDS[tableName]?.includes(fieldName) ?? false;
/** Form fields set up beyond their column: the assay group's date dialog (sample-car count, the items as a multi-select with the default items). */
const FIELD_EXTRAS: Record<string, Record<string, Partial<FieldDefinition>>> = {
  qc_assay_group: {
    sampleCars: { defaultValue: SAMPLE_CARS.default, tipsMessage: `${SAMPLE_CARS.min}–${SAMPLE_CARS.max}` },
    itemCodes: { formSubmitType: 'SELECT_MORE', options: DEFAULT_ASSAY_ITEMS.map((i) => ({ value: i.value, label: i.label })), defaultValue: DEFAULT_ASSAY_ITEMS.map((i) => i.value).join(',') },
  },
};
/** Fields kept in the form's values but not shown (ids that a picker or a default fills in). */
const HIDDEN_FORM_FIELDS = new Set(['noticeId', 'reCompanyId', 'deCompanyId', 'driverId', 'registryId', 'settleId', 'weighId', 'assayGroupId']);

const sumOf = (customTable: string, fieldName: string): Calculation => ({ customTable, fieldName: [fieldName], mode: 'sum' });
const SETTLEMENT_LINE_CALCS: Record<string, Calculation> = {
  settleWeight: [{ fieldName: 'net' }, '-', { fieldName: 'deductWeight' }],
  amount: [{ fieldName: 'settleWeight' }, '*', { fieldName: 'price' }],
};
/** Calculated form fields (计算方式): a line's settle weight and amount; a document's totals from its lines. */
const CALCS: Record<string, Record<string, Calculation>> = {
  fd_pu_settlement: SETTLEMENT_LINE_CALCS,
  fd_sa_settlement: SETTLEMENT_LINE_CALCS,
  fd_pu_settlement_main: {
    totalWeight: sumOf('fd_pu_settlement', 'settleWeight'), totalAmount: sumOf('fd_pu_settlement', 'amount'),
    netAmount: [{ fieldName: 'totalAmount' }, '-', { fieldName: 'deductAmount' }],
  },
  fd_sa_settlement_main: {
    totalWeight: sumOf('fd_sa_settlement', 'settleWeight'), totalAmount: sumOf('fd_sa_settlement', 'amount'),
    netAmount: [{ fieldName: 'totalAmount' }, '-', { fieldName: 'deductAmount' }],
  },
};

/** List pages with a left tree: the tree's endpoint, the list field it filters and the tree row's field it compares. */
export const LIST_TREES: Record<string, { url: string; field: string; nodeField: string }> = {
  as_inventory: { url: '/material/as-inventory-class/tree', field: 'invcId', nodeField: 'invclCode' },
};

/**
 * Fields of a form picked from another resource's popup: form field → the picked table and the
 * mappings (form field ← popup row field).
 */
type FormPicks = Record<string, Record<string, { table: string; mappings: ResourceMapping[]; kind?: 'RESOURCE_CONTROLS' | 'AUTO_COMPLETE' }>>;
export const PICKS: FormPicks = {
  mm_pu_weigh: {
    vendorName: { table: 'as_vendor', mappings: [{ fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }] },
    // the material is typed, with suggestions from the inventory (its name or its initials)
    materialName: { table: 'as_inventory', kind: 'AUTO_COMPLETE', mappings: [{ fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'invName' } }] },
  },
  mm_sa_weigh: {
    customerName: { table: 'as_customer', mappings: [{ fieldSub1: { fieldName: 'customerName' }, fieldSub2: { fieldName: 'customerName' } }] },
    materialName: { table: 'as_inventory', kind: 'AUTO_COMPLETE', mappings: [{ fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'invName' } }] },
  },
  pu_notice: { vendorName: { table: 'as_vendor', mappings: [{ fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }] } },
  sa_notice: { customerName: { table: 'as_customer', mappings: [{ fieldSub1: { fieldName: 'customerName' }, fieldSub2: { fieldName: 'customerName' } }] } },
  fd_pu_settlement_main: {
    vendorName: { table: 'as_vendor', mappings: [{ fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } }] },
    noticeCode: { table: 'pu_notice', mappings: [
      { fieldSub1: { fieldName: 'noticeCode' }, fieldSub2: { fieldName: 'noticeCode' } },
      { fieldSub1: { fieldName: 'noticeId' }, fieldSub2: { fieldName: 'id' } },
      { fieldSub1: { fieldName: 'vendorName' }, fieldSub2: { fieldName: 'vendorName' } },
    ] },
  },
  fd_sa_settlement_main: {
    customerName: { table: 'as_customer', mappings: [{ fieldSub1: { fieldName: 'customerName' }, fieldSub2: { fieldName: 'customerName' } }] },
    noticeCode: { table: 'sa_notice', mappings: [
      { fieldSub1: { fieldName: 'noticeCode' }, fieldSub2: { fieldName: 'noticeCode' } },
      { fieldSub1: { fieldName: 'noticeId' }, fieldSub2: { fieldName: 'id' } },
      { fieldSub1: { fieldName: 'customerName' }, fieldSub2: { fieldName: 'customerName' } },
    ] },
  },
  qc_assay: { groupCode: { table: 'qc_assay_group', mappings: [
    { fieldSub1: { fieldName: 'groupCode' }, fieldSub2: { fieldName: 'groupCode' } },
    { fieldSub1: { fieldName: 'assayGroupId' }, fieldSub2: { fieldName: 'id' } },
    { fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'materialName' } },
  ] } },
  // a computation group's line picks its material from the inventory
  computation_group_line: { invName: { table: 'as_inventory', mappings: [
    { fieldSub1: { fieldName: 'invName' }, fieldSub2: { fieldName: 'invName' } },
    { fieldSub1: { fieldName: 'invCode' }, fieldSub2: { fieldName: 'invCode' } },
  ] } },
  recive_payment: { customerName: { table: 'as_customer', mappings: [{ fieldSub1: { fieldName: 'customerName' }, fieldSub2: { fieldName: 'customerName' } }] } },
  ...registryPicks('pu'),
  ...registryPicks('sa'),
  as_vehicle: { driverName: { table: 'as_driver', mappings: [
    { fieldSub1: { fieldName: 'driverName' }, fieldSub2: { fieldName: 'driverName' } },
    { fieldSub1: { fieldName: 'driverMobile' }, fieldSub2: { fieldName: 'mobile' } },
  ] } },
};

/**
 * A registry's picks: its driver (with the driver's id and mobile) and IC card, and on its line the
 * notice it comes for, with the notice's partner, material and plan.
 */
function registryPicks(kind: 'pu' | 'sa'): FormPicks {
  const partner = kind === 'pu' ? 'vendorName' : 'customerName';
  return {
    [`${kind}_registry`]: {
      driverName: { table: 'as_driver', mappings: [
        { fieldSub1: { fieldName: 'driverName' }, fieldSub2: { fieldName: 'driverName' } },
        { fieldSub1: { fieldName: 'driverId' }, fieldSub2: { fieldName: 'id' } },
        { fieldSub1: { fieldName: 'mobile' }, fieldSub2: { fieldName: 'mobile' } },
      ] },
      cardCode: { table: 'as_ic_card', mappings: [{ fieldSub1: { fieldName: 'cardCode' }, fieldSub2: { fieldName: 'cardNo' } }] },
    },
    [`${kind}_registry_sub`]: {
      noticeCode: { table: `${kind}_notice`, mappings: [
        { fieldSub1: { fieldName: 'noticeCode' }, fieldSub2: { fieldName: 'noticeCode' } },
        { fieldSub1: { fieldName: 'noticeId' }, fieldSub2: { fieldName: 'id' } },
        { fieldSub1: { fieldName: partner }, fieldSub2: { fieldName: partner } },
        { fieldSub1: { fieldName: 'materialName' }, fieldSub2: { fieldName: 'materialName' } },
        { fieldSub1: { fieldName: 'planQuantity' }, fieldSub2: { fieldName: 'planQty' } },
      ] },
    },
  };
}

/**
 * Parameter links of picking fields (resFormatSubId → pairs): a settlement's notice popup shows
 * the notices of the vendor (customer) already chosen in the form.
 */
export const PARAM_LINKS: Record<string, { fieldSub1: { fieldName: string; masterTable: string }; fieldSub2: { fieldName: string } }[]> = {
  'fd_pu_settlement_main.noticeCode': [{ fieldSub1: { fieldName: 'vendorName', masterTable: 'fd_pu_settlement_main' }, fieldSub2: { fieldName: 'vendorName' } }],
  'fd_sa_settlement_main.noticeCode': [{ fieldSub1: { fieldName: 'customerName', masterTable: 'fd_sa_settlement_main' }, fieldSub2: { fieldName: 'customerName' } }],
};

/** The popup (RESOURCE) template of a master table: a searchable paged table of its text and enum columns. */
function resourceTemplate(def: ResourceDefinition, base: { customTable: string; resUrl: string; resMethod: 'POST' }): Template {
  const shown = def.columns.filter((c) => c.fieldType === 'CHAR' || c.fieldType === 'ENUM').slice(0, 6);
  const name = shown.find((c) => /Name$/.test(c.fieldName) && c.required) ?? shown.find((c) => c.required) ?? shown[0];
  return {
    ...base, formatName: `选择${def.tableExplain}`, formatCode: `${def.tableName}_resource`, formatType: 'RESOURCE',
    formatStyle: 'FORMAT_RESOURCE_QUERY_DATALIST', ps: 10, valueResourceSubName: 'id', viewResourceSubName: name?.fieldName ?? null,
    resSubList: shown.map((c, i) => ({ ...listField(def, c, (i + 1) * 10), isortField: false, iallowQuery: c.fieldType === 'CHAR' && !c.sensitive })),
  };
}

/** Names the popup templates of a form's picking fields by id (publishing the popup first when needed), its lines' too. */
async function withPopupIds(db: Kysely<DB>, tableName: string, form: Template): Promise<Template> {
  const childSubLists = [];
  for (const c of form.childSubLists ?? []) childSubLists.push({ ...c, fields: await fieldsWithPopupIds(db, c.customTable, c.fields) });
  return { ...form, formSubList: await fieldsWithPopupIds(db, tableName, form.formSubList ?? []), ...(form.childSubLists ? { childSubLists } : {}) };
}
async function fieldsWithPopupIds(db: Kysely<DB>, tableName: string, formFields: readonly FieldDefinition[]): Promise<FieldDefinition[]> {
  const picks = PICKS[tableName] ?? {};
  const fields = [];
  for (const f of formFields) {
    const pick = picks[f.fieldName];
    if (!pick) { fields.push(f); continue; }
    const def = BUILTIN_RESOURCES.find((r) => r.tableName === pick.table);
    let popup = await db.selectFrom('cgFormat').select('id').where('formatCode', '=', `${pick.table}_resource`).executeTakeFirst();
    if (!popup && def) {
      const json = JSON.stringify(checkTemplate(builtinTemplates(def)[3], (t) => BUILTIN_RESOURCES.find((r) => r.tableName === t)));
      popup = await db.insertInto('cgFormat').values({
        formatCode: `${pick.table}_resource`, formatName: `选择${def.tableExplain}`, formatType: 'RESOURCE', customTable: def.tableName,
        menuUuid: def.permissionPrefix, draft: json, published: json, publishedAt: new Date(), publishedBy: 'seed',
      }).returning('id').executeTakeFirstOrThrow();
    }
    fields.push(popup ? { ...f, cgFormatResId: popup.id } : { ...f, formSubmitType: 'ONE_TXT' as const, resourceList: null });
  }
  return fields;
}

/** Publishes the built-in templates that are missing (checked like any template before publishing). */
export async function ensureBuiltinTemplates(db: Kysely<DB>): Promise<void> {
  await ensureAdminTemplates(db);
  for (const [resFormatSubId, pairs] of Object.entries(PARAM_LINKS)) {
    const exists = await db.selectFrom('cgFormatFormSubParam').select('id').where('resFormatSubId', '=', resFormatSubId).executeTakeFirst();
    if (exists) continue;
    await db.insertInto('cgFormatFormSubParam').values(pairs.map((p, seq) => ({ resFormatSubId, fieldSub1: JSON.stringify(p.fieldSub1), fieldSub2: JSON.stringify(p.fieldSub2), seq }))).execute();
  }
  const byTable = new Map(BUILTIN_RESOURCES.map((r) => [r.tableName, r]));
  for (const def of BUILTIN_RESOURCES) {
    // the detail template first, so the list template can name it
    const [list, detail, form, resource] = builtinTemplates(def);
    let detailId: number | undefined;
    for (const template of [detail, list, form, ...(resource ? [resource] : [])]) {
      const exists = await db.selectFrom('cgFormat').select(['id', 'draft', 'published', 'publishedBy']).where('formatCode', '=', template.formatCode).executeTakeFirst();
      if (exists && template === detail) detailId = exists.id;
      const linked = template === list ? { ...template, detailId } : template === form ? await withPopupIds(db, def.tableName, form) : template;
      const checked = checkTemplate(linked, (t) => byTable.get(t));
      const json = JSON.stringify(checked);
      if (exists) {
        // a template still as an earlier seed published it is brought up to date; one a person published or is editing is left alone
        const untouched = exists.publishedBy === 'seed' && canonical(exists.draft) === canonical(exists.published);
        if (untouched && canonical(exists.published) !== canonical(checked)) {
          await db.updateTable('cgFormat').set({ draft: json, published: json, publishedAt: new Date() }).where('id', '=', exists.id).execute();
        }
        continue;
      }
      const row = await db.insertInto('cgFormat').values({
        formatCode: checked.formatCode, formatName: checked.formatName, formatType: checked.formatType, customTable: def.tableName,
        // a line table's templates belong to no menu: its document's menu shows the document's own
        menuUuid: def.kind === 'LINE' ? null : def.permissionPrefix, draft: json, published: json, publishedAt: new Date(), publishedBy: 'seed',
      }).returning('id').executeTakeFirstOrThrow();
      if (template === detail) detailId = row.id;
    }
  }
}
