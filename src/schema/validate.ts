import { RE2JS } from 're2js';
import type { FieldDefinition } from './field-definition';
import { INVERT_MARKER } from './validation-marker';

/**
 * Validation rules of spec 001 §5, as pure functions: the form engine runs them as Formily
 * validators and the server runs the same functions on every submission, so a direct API call is
 * refused with the message the form would have shown.
 */

export const ID_NUMBER_MESSAGES = {
  shape: '身份证号校验错误!',
  format: '身份证号格式错误!',
  region: '身份证号地址编码错误!',
  check: '身份证号校验位错误!',
} as const;
export const EMAIL_MESSAGE = '邮箱格式错误!';

/** Province codes an identity number may start with (mainland, Hong Kong, Macau, Taiwan, abroad). */
const PROVINCES = new Set([
  '11', '12', '13', '14', '15', '21', '22', '23', '31', '32', '33', '34', '35', '36', '37', '41', '42', '43', '44', '45', '46',
  '50', '51', '52', '53', '54', '61', '62', '63', '64', '65', '71', '81', '82', '91',
]);
const ID_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CHECK = ['1', '0', 'X', '9', '8', '7', '6', '5', '4', '3', '2'];
const ID_18 = /^\d{6}(18|19|20)?\d{2}(0[1-9]|1[0-2])(0[1-9]|[12]\d|3[01])\d{3}[\dXx]$/;

/** The check character of the first 17 digits of an 18-character identity number. */
export function idNumberCheckChar(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * ID_WEIGHTS[i];
  return ID_CHECK[sum % 11];
}

/** idNumber (spec 001 §5): empty passes; otherwise the first failing check's message. */
export function checkIdNumber(value: unknown): string | null {
  if (isEmpty(value)) return null;
  const text = String(value).trim();
  if (!/^(\d{15}|\d{17}[\dXx])$/.test(text)) return ID_NUMBER_MESSAGES.shape;
  if (text.length === 18 && !ID_18.test(text)) return ID_NUMBER_MESSAGES.format;
  if (!PROVINCES.has(text.slice(0, 2))) return ID_NUMBER_MESSAGES.region;
  if (text.length === 18 && idNumberCheckChar(text.slice(0, 17)) !== text[17].toUpperCase()) return ID_NUMBER_MESSAGES.check;
  return null;
}

const EMAIL = /^[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}$/;
/** email: may be empty, otherwise an address. */
export function checkEmail(value: unknown): string | null {
  if (isEmpty(value)) return null;
  return EMAIL.test(String(value).trim()) ? null : EMAIL_MESSAGE;
}

/** Longest pattern and value a custom rule is run on (a template's pattern is data, kept small). */
export const MAX_PATTERN_LENGTH = 500;
const MAX_CHECKED_VALUE = 2000;

/** Backreferences (`\1`, `\k<name>`): no linear-time engine can match them. */
const BACKREFERENCE = /\\[1-9]|\\k</;
/** Lookahead and lookbehind: the same. */
const LOOKAROUND = /\(\?<?[=!]/;

/**
 * Why a cgValidate pattern may not be used, or null when it may. Templates are data that any
 * designer can publish, and a pattern runs on the server for every create, so patterns are never
 * run by a backtracking engine: they run on RE2 (re2js, a JavaScript port of Google's RE2), whose
 * time grows linearly with the value whatever the pattern — `^(a+)+$` is as cheap as `^a+$`. The
 * designer writes JavaScript syntax; what RE2 cannot match in linear time (backreferences,
 * lookaround) is refused, saying why. The designer's save and publish and the form and server at
 * run time all go through this rule.
 */
export function patternProblem(pattern: string): string | null {
  return compile(pattern).problem;
}

/** The pattern in RE2's syntax: `\uXXXX` becomes `\x{XXXX}`; everything else is the same. */
function toRe2(source: string): string {
  let out = '';
  for (let i = 0; i < source.length; i += 1) {
    const c = source[i];
    if (c !== '\\') { out += c; continue; }
    const rest = source.slice(i + 1);
    const m = /^u([0-9A-Fa-f]{4})/.exec(rest);
    if (m) {
      out += `\\x{${m[1]}}`;
      i += m[0].length;
    } else {
      out += c + (source[i + 1] ?? '');
      i += 1;
    }
  }
  return out;
}

type Compiled = { problem: string; re: null; inverted: boolean } | { problem: null; re: RE2JS; inverted: boolean };
const compiled = new Map<string, Compiled>();

/** Checks and compiles a pattern once per process (templates are parsed on every read and submission). */
function compile(pattern: string): Compiled {
  const known = compiled.get(pattern);
  if (known) return known;
  const inverted = pattern.includes(INVERT_MARKER);
  const source = pattern.split(INVERT_MARKER).join('');
  let result: Compiled;
  const refuse = (problem: string): Compiled => ({ problem, re: null, inverted });
  if (!source) result = refuse('为空');
  else if (source.length > MAX_PATTERN_LENGTH) result = refuse(`不能超过 ${MAX_PATTERN_LENGTH} 个字符`);
  else if (!isJsPattern(source)) result = refuse('不是有效的正则表达式');
  else if (BACKREFERENCE.test(source)) result = refuse('不能使用反向引用（\\1、\\k<名称>）');
  else if (LOOKAROUND.test(source)) result = refuse('不能使用环视（(?=…)、(?!…)、(?<=…)、(?<!…)）');
  else {
    try {
      result = { problem: null, re: RE2JS.compile(toRe2(source)), inverted };
    } catch (error) {
      result = refuse(`含有不支持的写法：${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (compiled.size >= 1000) compiled.clear();
  compiled.set(pattern, result);
  return result;
}

function isJsPattern(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}

/** A cgValidate pattern ready to test values with; null when it may not be used (see patternProblem). */
export function compileValidatePattern(pattern: string): { test(text: string): boolean; inverted: boolean } | null {
  const c = compile(pattern);
  return c.re ? { test: (text) => c.re.test(text), inverted: c.inverted } : null;
}

/**
 * Custom rule (cgValidate): an empty value passes; otherwise it must match the pattern, else the
 * configured validateTitle. A pattern holding the marker is inverted: a match is the error.
 */
export function checkCgValidate(rule: { validateMethod: string; validateTitle: string }, value: unknown): string | null {
  if (isEmpty(value)) return null;
  const compiled = compileValidatePattern(rule.validateMethod);
  if (!compiled) return rule.validateTitle;
  const text = Array.isArray(value) ? value.join(',') : String(value);
  if (text.length > MAX_CHECKED_VALUE) return rule.validateTitle;
  const matches = compiled.test(text);
  return matches === compiled.inverted ? rule.validateTitle : null;
}

export function isEmpty(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '') || (Array.isArray(value) && value.length === 0);
}

/** Multi-value controls: their value is a list (submitted comma-joined). */
export const MULTI_KINDS = new Set(['SELECT_MORE', 'MULTIPLE_SELECTION', 'RESOURCE_CONTROLS_MORE', 'RESOURCE_CONTROLS_MORE_FOLD']);

/**
 * The required message: on blur it is the hint or label plus 不能为空！; the form engine's change
 * form is 必须填写 plus the label; a multi-select gets 至少选择一项 plus the label.
 */
export function requiredMessage(field: Pick<FieldDefinition, 'fieldExplain' | 'tipsMessage' | 'formSubmitType'>, form: 'blur' | 'change' = 'blur'): string {
  if (field.formSubmitType && MULTI_KINDS.has(field.formSubmitType)) return `至少选择一项${field.fieldExplain}`;
  return form === 'change' ? `必须填写${field.fieldExplain}` : `${field.tipsMessage || field.fieldExplain}不能为空！`;
}

/** Built-in rules that follow from a field's name. */
export function isIdNumberField(fieldName: string): boolean {
  return /^(idNumber|idCard|idCardNo|driverIdNumber)$/.test(fieldName);
}
export function isEmailField(fieldName: string): boolean {
  return /(^e?mail$|Email$|^email)/.test(fieldName);
}
/** The value checks of one field (not the required check), first failure first. */
export function checkFieldValue(field: Pick<FieldDefinition, 'fieldName' | 'cgValidate'>, value: unknown): string | null {
  if (isIdNumberField(field.fieldName)) {
    const m = checkIdNumber(value);
    if (m) return m;
  }
  if (isEmailField(field.fieldName)) {
    const m = checkEmail(value);
    if (m) return m;
  }
  if (field.cgValidate?.validateMethod) return checkCgValidate(field.cgValidate, value);
  return null;
}

export interface FieldProblem { field: string; label: string; message: string }

/**
 * Checks a submission against a form template's fields, as the server does: required fields
 * (shown ones, or all on create), then each field's value rules. Answers every problem found.
 */
export function validateSubmission(
  fields: readonly FieldDefinition[],
  values: Readonly<Record<string, unknown>>,
  mode: 'create' | 'update',
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  for (const field of fields) {
    if (field.ihidden) continue;
    const present = Object.prototype.hasOwnProperty.call(values, field.fieldName);
    const raw = values[field.fieldName];
    const value = typeof raw === 'string' ? raw.trim() : raw; // strings are trimmed on submit
    if (field.irequired && field.ishow !== false && (mode === 'create' || present) && isEmpty(value)) {
      problems.push({ field: field.fieldName, label: field.fieldExplain, message: requiredMessage(field) });
      continue;
    }
    if (!present) continue;
    const message = checkFieldValue(field, value);
    if (message) problems.push({ field: field.fieldName, label: field.fieldExplain, message });
  }
  return problems;
}
