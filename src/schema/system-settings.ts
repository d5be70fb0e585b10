/**
 * The system parameters the product reads (参数设置): each one's key, name, meaning, default and
 * allowed values. The server reads defaults and checks edits by it; the 参数设置 page shows it.
 */
export interface SystemSetting {
  paramKey: string;
  /** The parameter's name on the page. */
  label: string;
  /** What the product does with it. */
  meaning: string;
  defaultValue: string;
  /** The values it may take, with what each means. */
  values: { value: string; label: string }[];
}

export const SYSTEM_SETTINGS: readonly SystemSetting[] = [
  {
    paramKey: 'data_desensitization', label: '数据脱敏', defaultValue: '0',
    meaning: '开启后，列表、详情弹窗和导出文件中的手机号、身份证号等按规则部分打码显示（如 138****5678）；关闭时原样显示。',
    values: [{ value: '0', label: '关闭' }, { value: '1', label: '开启' }],
  },
];

export const systemSettingOf = (paramKey: string): SystemSetting | undefined => SYSTEM_SETTINGS.find((s) => s.paramKey === paramKey);
