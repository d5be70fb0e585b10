import type { Tr } from '../runtime/runtime-context';
import { trMessage } from '../runtime/schema-messages';
import { propertyLabel } from '../schema/control-properties';

/**
 * A problem the template parser found in an imported file, as a person reads it: where (the field by
 * its label and name, the property by the label the designer's panel gives it) and what. The server
 * names the place as a path into the file (`template.formSubList[3].fieldExplain`); the file itself
 * gives the field's label.
 */

/** How 模板属性配置 names a template's field lists. */
const LISTS: Record<string, string> = { formSubList: '表单字段', listSubList: '列表字段', resSubList: '弹窗字段' };

/** The template's own attributes, by the labels 模板设计 gives them. */
const TEMPLATE_LABELS: Record<string, string> = { formatCode: '模板编码', formatName: '模板名称', formatType: '模板类型', customTable: '数据源' };

/** Field attributes the property panel does not show, by the names 模板属性配置 gives them. */
const OTHER_LABELS: Record<string, string> = { fieldName: '字段名', fieldType: '控件类型' };

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The field at `list[i]` (or `childSubLists[c].fields[i]`) of the file, and the rest of the path after it. */
function fieldAt(template: unknown, path: string, tr: Tr): { where: string; field: Obj | null; index: number; rest: string } | null {
  const own = /^(formSubList|listSubList|resSubList)\[(\d+)\]\.?(.*)$/.exec(path);
  if (own) {
    const list = isObj(template) ? template[own[1]] : undefined;
    const field = Array.isArray(list) && isObj(list[Number(own[2])]) ? list[Number(own[2])] as Obj : null;
    return { where: tr(LISTS[own[1]]), field, index: Number(own[2]), rest: own[3] };
  }
  const child = /^childSubLists\[(\d+)\]\.fields\[(\d+)\]\.?(.*)$/.exec(path);
  if (child) {
    const children = isObj(template) ? template.childSubLists : undefined;
    const table = Array.isArray(children) && isObj(children[Number(child[1])]) ? children[Number(child[1])] as Obj : null;
    const fields = table?.fields;
    const field = Array.isArray(fields) && isObj(fields[Number(child[2])]) ? fields[Number(child[2])] as Obj : null;
    const name = typeof table?.tableExplain === 'string' && table.tableExplain ? table.tableExplain : typeof table?.customTable === 'string' ? table.customTable : `#${Number(child[1]) + 1}`;
    return { where: tr('子表：{name}', { name }), field, index: Number(child[2]), rest: child[3] };
  }
  return null;
}

/** The path of a problem, readable: `表单字段 第4个「供应商」(vendorName) 的「标题」`, `模板编码`, or the path itself. */
export function readablePath(template: unknown, path: string, tr: Tr): string {
  const inFile = path.replace(/^template\.?/, '');
  if (!inFile) return tr('模板');
  if (TEMPLATE_LABELS[inFile]) return tr(TEMPLATE_LABELS[inFile]);
  const at = fieldAt(template, inFile, tr);
  if (!at) return inFile;
  const label = typeof at.field?.fieldExplain === 'string' ? at.field.fieldExplain.trim() : '';
  const name = typeof at.field?.fieldName === 'string' ? at.field.fieldName : '';
  const vars = { list: at.where, n: at.index + 1, field: (label ? `「${label}」` : '') + (name ? `(${name})` : '') };
  if (!at.rest) return tr('{list} 第{n}个字段{field}', vars);
  const property = /^[A-Za-z]+$/.test(at.rest) ? propertyLabel(at.rest) ?? OTHER_LABELS[at.rest] : undefined;
  return property ? tr('{list} 第{n}个字段{field}的「{property}」', { ...vars, property: tr(property) }) : tr('{list} 第{n}个字段{field}的 {path}', { ...vars, path: at.rest });
}

/** A parser problem as shown: the readable place and the problem in the language shown. */
export function readableProblem(template: unknown, path: string | null, problem: string, tr: Tr): string {
  return path ? `${readablePath(template, path, tr)}：${trMessage(tr, problem)}` : trMessage(tr, problem);
}
