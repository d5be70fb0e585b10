import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** Kysely types of the platform tables (columns in camelCase; CamelCasePlugin maps them). */
type Id = Generated<number>;
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Version = ColumnType<number, number | undefined, number>;
type Json = ColumnType<unknown, string | undefined, string>;

export interface SysGroupTable {
  id: Id; groupCode: string; groupName: string; logoMain: string | null; logoSub: string | null;
  /** The uploaded images (sys_file) used as the logos; they win over the inline logoMain / logoSub. */
  logoMainFileId: Generated<number | null>; logoSubFileId: Generated<number | null>; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}
export interface SysOrgTable { id: Id; groupId: number; orgCode: string; orgName: string; shortName: string | null; enabled: Generated<boolean>; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version }
export interface SysUserTable {
  id: Id; username: string; realName: string; passwordHash: string; passwordSafe: Generated<boolean>; passwordChangedAt: Date | null;
  avatar: string | null; mobile: string | null; email: string | null; admin: Generated<boolean>; enabled: Generated<boolean>;
  locked: Generated<boolean>; lockedAt: Date | null; groupId: number | null; currentOrgId: number | null;
  createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}
export interface SysUserOrgTable { userId: number; orgId: number }
export interface SysRoleTable { id: Id; roleCode: string; roleName: string; description: string | null; enabled: Generated<boolean>; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version }
export interface SysUserRoleTable { userId: number; roleId: number }
export interface SysRoleOrgTable { roleId: number; orgId: number }
export interface SysMenuTable {
  id: Id; parentId: number | null; menuType: 'MENU' | 'BUTTON'; title: string; urlPath: string | null; component: string | null;
  icon: string | null; query: string | null; permission: string | null; sort: Generated<number>; iusual: Generated<boolean>;
  keepAlive: Generated<boolean>; isApp: Generated<boolean>; uuid: string; enabled: Generated<boolean>;
  createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}
export interface SysRoleMenuTable { roleId: number; menuId: number }
export interface SysMenuUserDefineTable { userId: number; menuId: number; sort: Generated<number>; createdAt: CreatedAt }
export interface SysSettingTable { id: Id; groupId: number | null; paramKey: string; paramValue: string; remark: string | null; updatedAt: UpdatedAt }
export interface AuthSessionTable {
  id: Id; userId: number; clientId: string; orgId: number | null; ip: string | null; userAgent: string | null;
  createdAt: Date; lastSeenAt: Date; expiresAt: Date; revokedAt: Date | null; revokeReason: string | null;
}
export interface AuthTokenTable { tokenHash: string; sessionId: number; kind: 'access' | 'refresh'; createdAt: Date; expiresAt: Date; usedAt: Date | null; revokedAt: Date | null; successor: string | null }
export interface AuthPreviewTokenTable { tokenHash: string; sessionId: number; userId: number; formatId: number; roleId: number; orgId: number; createdAt: Date; expiresAt: Date }
export interface AuthLoginFailureTable { id: Id; username: string; ip: string | null; createdAt: Date; pending: Generated<boolean> }
export interface AuthCaptchaTable { randomStr: string; codeHash: string; createdAt: Date; expiresAt: Date }
export interface SysLoginLogTable { id: Id; username: string; userId: number | null; success: boolean; msg: string; ip: string | null; userAgent: string | null; createdAt: Date }
export interface SysLogTable {
  id: Id; logType: string; title: string; bizKey: string | null; action: string | null; userId: number | null; username: string | null;
  orgId: number | null; ip: string | null; userAgent: string | null; method: string | null; path: string | null; params: Json | null;
  result: Json | null; exception: string | null; statusCode: number | null; executeTime: number | null; createdAt: Date;
}
export interface SysSessionPageTable { sessionId: number; menuId: number; openedAt: Date }
export interface IdempotencyKeyTable { userId: number; key: string; method: string; path: string; state: 'PENDING' | 'DONE'; statusCode: number | null; response: Json | null; createdAt: Date; bodyHash: string | null }

export interface SysFileTable { id: Id; orgId: number; groupId: number; storedName: string; mime: string; size: number; originalName: string | null; createdBy: number | null; createdAt: CreatedAt }
/** Write generation of a resource table (bumped by a trigger on every write; keys the list caches). */
export interface ResourceGenerationTable { tableName: string; generation: number }
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;
/**
 * A data source: `definition` is what the engine serves (the last synced metadata; null before the
 * first sync), `draft` the edited metadata not yet synced (null: none), `tombstones` dropped columns kept in the table.
 */
export interface CgCustomTableTable {
  id: Id; tableName: string; tableExplain: string; module: string; resource: string; definition: NullableJson; draft: NullableJson;
  tombstones: Generated<unknown>; customTypeId: number | null; syncedAt: Date | null; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}
/** A SQL data source (server/sql): a checked SELECT, its declared parameters, the columns it answered when saved. */
export interface CgSqlSourceTable {
  id: Id; code: string; name: string; sqlText: string; params: Json; resultColumns: Json; description: string | null; createdBy: number | null;
  createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}
export interface CgCustomTypeTable { id: Id; typeCode: string; typeName: string; description: string | null; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version }
export interface CgValidateTable { id: Id; validateName: string; validateMethod: string; validateTitle: string; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version }
export interface CgEnumTable { id: Id; enumCode: string; enumName: string; enumDescribe: string | null; updatedAt: UpdatedAt; version: Version }
export interface CgEnumItemTable { id: Id; enumId: number; itemValue: string; itemLabel: string; color: string | null; seq: Generated<number> }
export interface CgFormatTable {
  id: Id; formatCode: string; formatName: string; formatType: string; customTable: string | null; menuUuid: string | null;
  draft: Json; published: Json | null; publishedAt: Date | null; publishedBy: string | null; createdAt: CreatedAt; updatedAt: UpdatedAt; version: Version;
}

/** One step of the designer's history of a template's draft (action do, undo or redo; step: patches and inverse). */
export interface CgFormatHistoryTable {
  id: Id; formatId: number; action: string; scope: string; stepId: string; step: Json; draftVersion: number; createdBy: string; createdAt: CreatedAt;
}

/** A published version of a template: numbered, content-hashed, never deleted. */
export interface CgFormatVersionTable {
  id: Id; formatId: number; versionNo: number; content: Json; contentHash: string; author: string; note: string | null; rollbackOf: number | null; createdAt: CreatedAt;
}

/** A parameter link of a template field (resFormatSubId): fieldSub1 of the record or form, fieldSub2 of the linked list. */
export interface CgFormatFormSubParamTable {
  id: Id; resFormatSubId: string; fieldSub1: Json; fieldSub2: Json; seq: Generated<number>; createdAt: CreatedAt;
}

/** 预警通知: the recipients of one kind of warning in a company (jsonb lists of e-mail addresses). */
export interface SysWarnNoticeTable {
  id: Id; orgId: number; warnType: string; toAddrs: Json; ccAddrs: Json; bccAddrs: Json;
  updatedBy: number | null; updatedAt: UpdatedAt; version: Version;
}

/** 单据编号规则 (as-number-prefix) and its counters per period. */
export interface AsNumberSerialTable { orgId: number; billType: string; period: string; lastValue: number }
/** A registry's truck in its control points, and the log of the points passed. */
export interface WeighVisitTable { id: Id; orgId: number; kind: string; registryId: number; point: string; queueNo: number | null; weighId: number | null; updatedAt: UpdatedAt }
/** 自动叫号 per organisation and kind. */
export interface WeighAutoCallTable {
  orgId: number; kind: string; enabled: Generated<boolean>; maxCalled: Generated<number>; startedBy: number | null; startedAt: Date | null; updatedAt: UpdatedAt;
}
export interface WeighVisitLogTable {
  id: Id; orgId: number; kind: string; registryId: number; point: string; at: CreatedAt; operatorId: number | null; operatorName: string | null;
  station: string | null; scaleId: number | null; weightKg: string | null; weighId: number | null; note: string | null;
}
/** The proof of one weighing (append-only). */
export interface WeighEvidenceTable {
  id: Id; orgId: number; weighTable: string; weighId: number; kind: string; manual: Generated<boolean>; reason: string | null; scaleId: number | null;
  station: string | null; operatorId: number | null; operatorName: string | null; softwareVersion: string; weightKg: string; capturedAt: Date;
  frame: string | null; frames: Json; stability: Json | null; createdAt: CreatedAt;
}
export interface WeighAlarmTable {
  id: Id; orgId: number; scaleId: number | null; kind: string; plateNumber: string | null; weighTable: string | null; weighId: number | null;
  message: string; trace: Json | null; createdAt: CreatedAt;
}

export interface WeighPrintTable { id: Id; orgId: number; weighTable: string; weighId: number; copyNo: number; printedAt: CreatedAt; operatorId: number | null; operatorName: string | null }

/** The installation's authorisation (one row, id 1). */
export interface SysLicenceTable {
  id: number; installationId: string; code: string | null; licensee: string | null; edition: string | null;
  /** YYYY-MM-DD; null: no expiry */
  expiresOn: string | null; issuedOn: string | null;
  appliedBy: number | null; appliedAt: Date | null; createdAt: CreatedAt;
}

export interface DB {
  cgCustomTable: CgCustomTableTable;
  cgSqlSource: CgSqlSourceTable;
  cgCustomType: CgCustomTypeTable;
  cgValidate: CgValidateTable;
  cgFormatFormSubParam: CgFormatFormSubParamTable;
  cgEnum: CgEnumTable;
  cgEnumItem: CgEnumItemTable;
  cgFormat: CgFormatTable;
  cgFormatHistory: CgFormatHistoryTable;
  cgFormatVersion: CgFormatVersionTable;
  resourceGeneration: ResourceGenerationTable;
  sysFile: SysFileTable;
  sysGroup: SysGroupTable;
  sysOrg: SysOrgTable;
  sysUser: SysUserTable;
  sysUserOrg: SysUserOrgTable;
  sysRole: SysRoleTable;
  sysUserRole: SysUserRoleTable;
  sysRoleOrg: SysRoleOrgTable;
  sysMenu: SysMenuTable;
  sysRoleMenu: SysRoleMenuTable;
  sysMenuUserDefine: SysMenuUserDefineTable;
  sysSetting: SysSettingTable;
  sysLicence: SysLicenceTable;
  authSession: AuthSessionTable;
  authToken: AuthTokenTable;
  authPreviewToken: AuthPreviewTokenTable;
  authLoginFailure: AuthLoginFailureTable;
  authCaptcha: AuthCaptchaTable;
  sysLoginLog: SysLoginLogTable;
  sysLog: SysLogTable;
  idempotencyKey: IdempotencyKeyTable;
  sysSessionPage: SysSessionPageTable;
  sysWarnNotice: SysWarnNoticeTable;
  asNumberSerial: AsNumberSerialTable;
  weighVisit: WeighVisitTable;
  weighAutoCall: WeighAutoCallTable;
  weighVisitLog: WeighVisitLogTable;
  weighEvidence: WeighEvidenceTable;
  weighAlarm: WeighAlarmTable;
  weighPrint: WeighPrintTable;
}

export type SysUser = Selectable<SysUserTable>;
export type NewSysUser = Insertable<SysUserTable>;
export type SysUserUpdate = Updateable<SysUserTable>;
export type SysMenu = Selectable<SysMenuTable>;
export type SysOrg = Selectable<SysOrgTable>;
