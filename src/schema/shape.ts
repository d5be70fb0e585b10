/**
 * A small checker for data shapes with messages that name the path and the problem, e.g.
 * `listSubList[3].fieldName: 不能为空`. Used by the template parser; pure, no dependencies.
 */
export class ShapeError extends Error {
  constructor(readonly path: string, readonly problem: string) {
    super(`${path || '(根)'}: ${problem}`);
    this.name = 'ShapeError';
  }
}

export type Obj = Record<string, unknown>;
const join = (path: string, key: string | number) => (typeof key === 'number' ? `${path}[${key}]` : path ? `${path}.${key}` : key);

export function object(value: unknown, path: string, allowed: readonly string[]): Obj {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new ShapeError(path, '应为对象');
  for (const key of Object.keys(value)) if (!allowed.includes(key)) throw new ShapeError(join(path, key), '未知属性');
  return value as Obj;
}

export function text(o: Obj, key: string, path: string, opts: { required?: boolean; max?: number; pattern?: RegExp; patternText?: string } = {}): string | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') {
    if (opts.required) throw new ShapeError(join(path, key), '不能为空');
    return v === null ? undefined : (v as undefined);
  }
  if (typeof v !== 'string') throw new ShapeError(join(path, key), '应为文本');
  if (opts.max !== undefined && v.length > opts.max) throw new ShapeError(join(path, key), `长度不能超过 ${opts.max}`);
  if (opts.pattern && !opts.pattern.test(v)) throw new ShapeError(join(path, key), opts.patternText ?? '格式不正确');
  return v;
}

export function flag(o: Obj, key: string, path: string): boolean | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (v === true || v === 1 || v === '1' || v === 'true') return true;
  if (v === false || v === 0 || v === '0' || v === 'false') return false;
  throw new ShapeError(join(path, key), '应为是或否');
}

export function integer(o: Obj, key: string, path: string, opts: { min?: number; max?: number } = {}): number | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') return undefined;
  const n = typeof v === 'string' ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isInteger(n)) throw new ShapeError(join(path, key), '应为整数');
  if (opts.min !== undefined && n < opts.min) throw new ShapeError(join(path, key), `不能小于 ${opts.min}`);
  if (opts.max !== undefined && n > opts.max) throw new ShapeError(join(path, key), `不能大于 ${opts.max}`);
  return n;
}

export function oneOf<T extends string>(o: Obj, key: string, path: string, values: readonly T[], required = false): T | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') {
    if (required) throw new ShapeError(join(path, key), '不能为空');
    return undefined;
  }
  if (typeof v !== 'string' || !values.includes(v as T)) throw new ShapeError(join(path, key), `取值无效（可选：${values.join(', ')}）`);
  return v as T;
}

export function list<T>(o: Obj, key: string, path: string, item: (value: unknown, path: string) => T, max = 2000): T[] | undefined {
  const v = o[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw new ShapeError(join(path, key), '应为数组');
  if (v.length > max) throw new ShapeError(join(path, key), `最多 ${max} 项`);
  return v.map((x, i) => item(x, join(join(path, key), i)));
}

export function idValue(o: Obj, key: string, path: string): string | number | undefined {
  const v = o[key];
  if (v === undefined || v === null || v === '') return undefined;
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && v.length <= 64) return v;
  throw new ShapeError(join(path, key), '应为编号');
}

export const childPath = join;
