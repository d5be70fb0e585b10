import { AjvCompiler } from '@fastify/ajv-compiler';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaValidationError } from 'fastify';
import { badRequest } from './app-error';
import { failure } from './envelope';

/**
 * Typed, bounded input for every route, in one place:
 * - bodies are validated without type coercion (a string is not a number: `"0x9f0"` or `true` is not
 *   an id); path parameters and query strings arrive as text and are read as integers strictly
 *   (digits only) before Ajv turns them into numbers;
 * - an integer without explicit bounds gets the range its column can hold: ids (`id`, `…Id`, `ids`)
 *   are bigint, read exactly only up to 2^53 - 1; every other integer is an int4;
 * - text with NUL or a lone surrogate (PostgreSQL stores neither in text or jsonb) and bodies nested
 *   deeper than MAX_DEPTH are refused after parsing, with the path of the field;
 * - router errors (a malformed URL, an over-long parameter) leave in the envelope.
 */

export const INT4_MAX = 2_147_483_647;
/** Largest id a JSON number carries exactly (ids are bigint). */
export const ID_MAX = Number.MAX_SAFE_INTEGER;
/** Deepest nesting of objects and arrays a request may carry. */
export const MAX_DEPTH = 32;

const AJV_OPTIONS = { removeAdditional: false, useDefaults: true, allErrors: false, allowUnionTypes: true } as const;

type JsonSchema = Record<string, unknown>;

const isId = (name: string | undefined) => !!name && /^(id|ids|pkGroup)$|Ids?$/.test(name);

function hasType(s: JsonSchema, type: string): boolean {
  return s.type === type || (Array.isArray(s.type) && s.type.includes(type));
}

/** A copy of the schema whose integers carry the bounds of the columns they are stored in. */
export function boundIntegers(schema: unknown, name?: string): unknown {
  if (!schema || typeof schema !== 'object' || Array.isArray(schema)) return schema;
  const s = { ...(schema as JsonSchema) };
  if (hasType(s, 'integer')) {
    if (s.maximum === undefined) s.maximum = isId(name) ? ID_MAX : INT4_MAX;
    if (s.minimum === undefined) s.minimum = isId(name) ? 1 : -INT4_MAX;
  }
  if (s.properties && typeof s.properties === 'object') {
    s.properties = Object.fromEntries(Object.entries(s.properties as JsonSchema).map(([k, v]) => [k, boundIntegers(v, k)]));
  }
  if (s.items) s.items = Array.isArray(s.items) ? s.items.map((x) => boundIntegers(x, name)) : boundIntegers(s.items, name);
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const) if (Array.isArray(s[key])) s[key] = (s[key] as unknown[]).map((x) => boundIntegers(x, name));
  return s;
}

const DIGITS = /^-?\d{1,16}$/;

/** Fields of a text part (params, query) whose schema is an integer and whose text is not digits. */
function notDigits(schema: JsonSchema, data: unknown): string | undefined {
  if (!data || typeof data !== 'object' || !schema.properties) return undefined;
  for (const [name, prop] of Object.entries(schema.properties as Record<string, JsonSchema>)) {
    const value = (data as Record<string, unknown>)[name];
    const isInt = hasType(prop, 'integer') || (hasType(prop, 'array') && !!prop.items && hasType(prop.items as JsonSchema, 'integer'));
    if (!isInt || value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string' && !DIGITS.test(v)) return name;
  }
  return undefined;
}

type Validate = ((data: unknown) => boolean) & { errors?: FastifySchemaValidationError[] | null };

export function registerInputRules(app: FastifyInstance): void {
  const factory = AjvCompiler();
  const strict = factory({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: false } });
  const text = factory({}, { customOptions: { ...AJV_OPTIONS, coerceTypes: 'array' } });
  app.setValidatorCompiler(({ schema, method, url, httpPart }) => {
    const bounded = boundIntegers(schema) as FastifySchema;
    if (httpPart === 'body') return strict({ schema: bounded, method, url, httpPart });
    const validate = text({ schema: bounded, method, url, httpPart }) as Validate;
    const checked: Validate = (data) => {
      const field = notDigits(bounded as JsonSchema, data);
      if (field) {
        checked.errors = [{ keyword: 'type', instancePath: `/${field}`, schemaPath: `#/properties/${field}/type`, params: { type: 'integer' }, message: 'must be integer' }];
        return false;
      }
      const result = validate(data);
      checked.errors = validate.errors;
      return result;
    };
    return checked;
  });

  app.addHook('preValidation', async (request) => {
    for (const [part, value] of [['params', request.params], ['query', request.query], ['body', request.body]] as const) {
      const problem = badInput(value, '', 0);
      if (problem) {
        const where = part === 'body' ? '请求体' : part === 'query' ? '查询参数' : '路径参数';
        throw badRequest(`${where}字段 ${problem.field || '(根)'} ${problem.what}`, { field: problem.field });
      }
    }
  });
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** The message of a text that PostgreSQL cannot store, or undefined. */
export function badText(text: string): string | undefined {
  if (text.includes('\u0000')) return '含有不允许的空字符（\\u0000）';
  if (LONE_SURROGATE.test(text)) return '含有无效的 Unicode 字符（不成对的代理项）';
  return undefined;
}

const childPath = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

/** The first field (by path, `children.pu_notice_line[2].remark`) of a parsed input that cannot be stored. */
export function badInput(value: unknown, path: string, depth: number): { field: string; what: string } | undefined {
  if (typeof value === 'string') {
    const what = badText(value);
    return what ? { field: path, what } : undefined;
  }
  if (!value || typeof value !== 'object') return undefined;
  if (depth >= MAX_DEPTH) return { field: path, what: `嵌套超过 ${MAX_DEPTH} 层` };
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i += 1) {
      const p = badInput(value[i], childPath(path, i), depth + 1);
      if (p) return p;
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value)) {
    const keyProblem = badText(key);
    if (keyProblem) return { field: childPath(path, key), what: `的名称${keyProblem}` };
    const p = badInput(v, childPath(path, key), depth + 1);
    if (p) return p;
  }
  return undefined;
}

/** Fastify's router errors (a URL that does not decode, a parameter over its length) in the envelope. */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send(failure('414', '请求地址中的参数过长'));
    return;
  }
  void reply.status(400).send(failure('400', '请求地址无效（无法解码）'));
}
