import type { Tr } from './runtime-context';

/**
 * The schema's rules answer their problems in Chinese, some with a row, a part or a value written
 * into the text (`第2行请选择字段`). Shown through `tr`, a fixed text is looked up as it is; a text
 * built from parts is read back into its catalogue key with placeholders (and its Chinese parts
 * translated in turn). A text none of these fit is shown through `tr` unchanged.
 */
const PATTERNS: readonly [RegExp, (tr: Tr, m: RegExpExecArray) => string][] = [
  // 计算方式 (schema/calculation-rows, schema/calculate)
  [/^第(\d+)行请选择字段$/, (tr, m) => tr('第{n}行请选择字段', { n: m[1] })],
  [/^第(\d+)行请选择运算符$/, (tr, m) => tr('第{n}行请选择运算符', { n: m[1] })],
  [/^计算公式在第(\d+)项出现多余的运算符 (.+)$/, (tr, m) => tr('计算公式在第{n}项出现多余的运算符 {op}', { n: m[1], op: m[2] })],
  [/^计算公式中的常数 (.+) 不是数字$/, (tr, m) => tr('计算公式中的常数 {value} 不是数字', { value: m[1] })],
  [/^计算公式第(\d+)项缺少字段名$/, (tr, m) => tr('计算公式第{n}项缺少字段名', { n: m[1] })],
  [/^计算公式在第(\d+)项有多余内容$/, (tr, m) => tr('计算公式在第{n}项有多余内容', { n: m[1] })],
  // 选择时间 (schema/time-dialogs)
  [/^(.)的数值须为不小于 0 的整数$/, (tr, m) => tr('{part}的数值须为不小于 0 的整数', { part: tr(m[1]) })],
  [/^固定的(.)须在 (\d+) 到 (\d+) 之间$/, (tr, m) => tr('固定的{part}须在 {min} 到 {max} 之间', { part: tr(m[1]), min: m[2], max: m[3] })],
  [/^当天开始 (\S+)$/, (tr, m) => tr('当天开始 {time}', { time: m[1] })],
  [/^当天结束 (\S+)$/, (tr, m) => tr('当天结束 {time}', { time: m[1] })],
  // the confirmation table (schema/announcement)
  [/^第(\d+)行不可处理（(.+)）$/, (tr, m) => tr('第{n}行不可处理（{reason}）', { n: m[1], reason: tr(m[2]) })],
  [/^第(\d+)行不能(.+)$/, (tr, m) => tr('第{n}行不能{action}', { n: m[1], action: tr(m[2]) })],
  // the cell rule of child tables (schema/child-rows)
  [/^(.+)不能为空！$/, (tr, m) => tr('{label}不能为空！', { label: m[1] })],
];

/** A message of the schema's rules in the language shown. */
export function trMessage(tr: Tr, text: string): string {
  const shown = tr(text);
  if (shown !== text) return shown;
  for (const [pattern, translate] of PATTERNS) {
    const m = pattern.exec(text);
    if (m) return translate(tr, m);
  }
  return shown;
}
