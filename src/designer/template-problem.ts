import type { Tr } from '../runtime/runtime-context';
import { FIELD_LIST_LABELS, childListLabel } from '../schema/template-attributes';
import { TEMPLATE_ATTRIBUTE_LABELS } from './format-api';
import { keyOfPath, problemAt, type ProblemPlace } from './problem-place';

/**
 * A problem the template parser found in an imported file, as a person reads it (`problemAt`, the
 * designer's own wording): the server names the place as a path into the file
 * (`template.formSubList[3].fieldExplain`), and the file itself — raw JSON that may not parse, so
 * there is no node map — tells what is there: the field's name and label, with its list and position.
 */

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);
const at = (list: unknown, i: number): Obj | null => (Array.isArray(list) && isObj(list[i]) ? list[i] as Obj : null);
const textOf = (v: unknown): string => (typeof v === 'string' ? v : '');

/** The thing at a path of the file (`template.` in front or not). */
export function placeInFile(template: unknown, path: string, tr: Tr): ProblemPlace {
  const inFile = path.replace(/^template\.?/, '');
  const root = isObj(template) ? template : {};
  if (!inFile || inFile in TEMPLATE_ATTRIBUTE_LABELS) return { kind: 'template', key: inFile };
  const field = (f: Obj | null, list: string, i: number, rest: string): ProblemPlace => ({
    kind: 'field', name: textOf(f?.fieldName), label: textOf(f?.fieldExplain), at: { list, n: i + 1 }, key: rest ? keyOfPath(rest) : null,
  });
  const own = /^(formSubList|listSubList|resSubList)\[(\d+)\]\.?(.*)$/.exec(inFile);
  if (own) {
    const name = own[1] as keyof typeof FIELD_LIST_LABELS;
    return field(at(root[name], Number(own[2])), tr(FIELD_LIST_LABELS[name]), Number(own[2]), own[3]);
  }
  const child = /^childSubLists\[(\d+)\](?:\.fields\[(\d+)\]\.?(.*))?/.exec(inFile);
  if (child) {
    const table = at(root.childSubLists, Number(child[1]));
    const name = textOf(table?.label) || textOf(table?.customTable) || `#${Number(child[1]) + 1}`;
    if (child[2] === undefined) return { kind: 'childTable', label: name };
    return field(at(table?.fields, Number(child[2])), tr(childListLabel('{name}'), { name }), Number(child[2]), child[3]);
  }
  const item = /^(buttons|groups)\[(\d+)\]\.?(.*)$/.exec(inFile);
  if (item) {
    const o = at(root[item[1]], Number(item[2]));
    const label = textOf(o?.label).trim() || textOf(item[1] === 'buttons' ? o?.code : o?.key) || `#${Number(item[2]) + 1}`;
    return item[1] === 'buttons' ? { kind: 'button', label, key: item[3] ? keyOfPath(item[3]) : null } : { kind: 'tabGroup', label };
  }
  return { kind: 'path', path: inFile };
}

/** A parser problem of an imported file as shown: the readable place and the problem in the language shown. */
export function readableProblem(template: unknown, path: string | null, problem: string, tr: Tr): string {
  return problemAt(path ? placeInFile(template, path, tr) : null, problem, tr);
}
