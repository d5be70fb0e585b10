import type { Tr } from '../runtime/runtime-context';
import { trMessage } from '../runtime/schema-messages';
import { BUTTON_PROPERTY_LABELS, propertyLabel } from '../schema/control-properties';
import { fill } from '../schema/fill';
import { TEMPLATE_ATTRIBUTE_LABELS } from './format-api';

/**
 * Where a problem the template parser (or a draft rule) found is, as a person reads it: one wording
 * for the places a parser path names, whatever told us what is there — the designer's node map
 * (`problemText`, engine/designer.ts) or an imported file's raw JSON, which may not parse
 * (`readableProblem`, template-problem.ts). A field by its name and its 标题, its property by the
 * label the property panel gives it, a child table, a tab group or a button by its name, the
 * template's own attributes as 模板设计 names them; never the path where the place is known.
 */
export type ProblemPlace =
  | { kind: 'template'; key: string }
  | {
    kind: 'field';
    name: string;
    label: string;
    /** In a file, the list it is in and its position (the designer shows the field itself instead). */
    at?: { list: string; n: number } | null;
    /** The attribute of the field the problem is in (`fieldExplain`…), if any. */
    key: string | null;
  }
  | { kind: 'childTable' | 'tabGroup'; label: string }
  | { kind: 'button'; label: string; key: string | null }
  | { kind: 'path'; path: string };

/** Field attributes the property panel does not show, by the names 模板属性配置 gives them. */
const OTHER_LABELS: Record<string, string> = { fieldType: '控件类型' };

/** The words as written, placeholders filled (the designer's engine has no language of its own). */
const chinese: Tr = fill;

/** The attribute a path ends in (`formSubList[3].fieldExplain` → fieldExplain), the field itself (`.fieldName`) being none. */
export function keyOfPath(path: string): string | null {
  const key = /(?:^|\.)([A-Za-z]+)$/.exec(path)?.[1] ?? null;
  return key === 'fieldName' ? null : key;
}

/** The label of a field attribute or a button property, where the screens give it one. */
function propertyOf(place: ProblemPlace): string | null {
  if (place.kind === 'field' && place.key) return propertyLabel(place.key) ?? OTHER_LABELS[place.key] ?? null;
  if (place.kind === 'button' && place.key) return place.key in BUTTON_PROPERTY_LABELS ? BUTTON_PROPERTY_LABELS[place.key as keyof typeof BUTTON_PROPERTY_LABELS] : place.key;
  return null;
}

/** The thing at the place, without its property: 字段 vendorName（供应商）, 表单字段 第4个字段 vendorName（供应商）, 子表 合同明细, 按钮「导出」, 模板编码. */
function thingText(place: ProblemPlace, tr: Tr): string {
  switch (place.kind) {
    case 'template': {
      const label = place.key in TEMPLATE_ATTRIBUTE_LABELS ? TEMPLATE_ATTRIBUTE_LABELS[place.key as keyof typeof TEMPLATE_ATTRIBUTE_LABELS] : null;
      return place.key ? (label ? tr(label) : place.key) : tr('模板');
    }
    case 'field': {
      const label = place.label.trim();
      const field = place.name ? (label ? tr('字段 {name}（{label}）', { name: place.name, label }) : tr('字段 {name}', { name: place.name })) : label ? tr('字段（{label}）', { label }) : tr('字段');
      return place.at ? tr('{list} 第{n}个{field}', { list: place.at.list, n: place.at.n, field }) : field;
    }
    case 'childTable': return tr('子表 {name}', { name: place.label });
    case 'tabGroup': return tr('分组 {name}', { name: place.label });
    case 'button': return tr('按钮「{name}」', { name: place.label });
    case 'path': return place.path;
  }
}

/** The place, readable: the thing, and its property where it has one (字段 vendorName（供应商）的「标题」). */
export function placeText(place: ProblemPlace, tr: Tr = chinese): string {
  const thing = thingText(place, tr);
  const property = propertyOf(place);
  return property ? tr('{thing}的「{property}」', { thing, property: tr(property) }) : thing;
}

/**
 * A problem at a place, as said: `字段 vendorName（供应商）的「标题」不能为空`, `子表 合同明细：不能为空`,
 * `模板编码：…`. A problem that names its field itself (the draft rules': 字段金额(amount)的计算方式…) is
 * said as it is, and so is one whose place is not known (null).
 */
export function problemAt(place: ProblemPlace | null, problem: string, tr: Tr = chinese): string {
  const said = trMessage(tr, problem);
  if (!place || /^(字段|子表|按钮|分组)/.test(problem)) return said;
  return propertyOf(place) ? tr('{place}{problem}', { place: placeText(place, tr), problem: said }) : tr('{place}：{problem}', { place: placeText(place, tr), problem: said });
}
