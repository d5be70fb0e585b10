import type { LightMyRequestResponse } from 'fastify';
import type { ResourceColumn, ResourceDefinition } from '../../../src/schema/resource';
import { bearer, type TestApp } from './test-app';

/**
 * The API fuzzer (`npm run fuzz`, and a short sample in `npm test`): reads `/api/docs/json`, sends
 * mutated bodies, path parameters and query strings to every route as an administrator and as a
 * weigher, and counts every answer that is a 5xx, is not the `{success, code, msg, data}` envelope,
 * or shows SQL, a stack or a file path. A seeded generator: the same seed sends the same requests.
 */

/** mulberry32: small, fast and good enough to pick mutations; seeded so that runs repeat. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)];
const chance = (rng: Rng, p: number) => rng() < p;

/** A JSON schema as the OpenAPI document gives it (the parts the fuzzer reads). */
interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  maxItems?: number;
  pattern?: string;
  additionalProperties?: boolean | Schema;
  nullable?: boolean;
}

interface Parameter { in: 'path' | 'query' | 'header'; name: string; schema?: Schema }

interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body?: { type: string; schema?: Schema };
}

/** One route as fuzzed: an operation, and for `:module/:resource` routes one seeded resource. */
interface Target {
  key: string;
  op: Operation;
  resource?: ResourceDefinition;
  /** A live row of the resource (so that update, detail and copy reach the row code). */
  rowId?: number;
  rowVersion?: number;
}

export interface RouteFigures { requests: number; status5xx: number; outsideEnvelope: number; leaks: number; statuses: Record<number, number> }

export interface FuzzReport {
  seed: number;
  requests: number;
  status5xx: number;
  outsideEnvelope: number;
  leaks: number;
  /** Responses by status over all requests. */
  statuses: Record<number, number>;
  routes: Map<string, RouteFigures>;
  /** The first problems, with the request that caused them. */
  problems: string[];
  ms: number;
}

export interface FuzzOptions {
  seed: number;
  /** Total requests to send. */
  requests: number;
  /** Restrict to routes whose template path contains this text. */
  only?: string;
  /** Largest mutation sizes (9 MB strings, 70,000-item arrays) are sent this often (0..1). */
  hugeRate?: number;
  progress?: (done: number, report: FuzzReport) => void;
}

const HOSTILE_STRINGS = [
  'a\u0000b', '\u0000', 'x\ud800y', '\udfff', '名称\ud83d', '0x9f0', '1e300', '1.5', '-1', '99999999999999999999',
  '2024-02-30', '2024-13-01', '2026-11-22 25:61:61', '0000-00-00', 'NaN', 'Infinity', '', ' ', 'true', "' or 1=1 --",
  '%00', '../../etc/passwd', '<script>alert(1)</script>', '\\', '%', '_', '${x}', '{{a}}', '\u202e', 'ä'.repeat(300),
];
const HOSTILE_NUMBERS = [1.5, -1, 0, 1e300, -1e300, 1e20, 2147483648, 2 ** 53 + 2, 1e-300, 0.1];
const HOSTILE_OTHERS: unknown[] = [true, false, null, [], {}, [1, 2], { a: 1 }, '0x9f0', '99999999999999999999'];

/** Text for a path segment or query value: digits-only ids fail in many ways as text. */
const HOSTILE_TEXT_PARAMS = [
  '0x9f0', '1.5', '99999999999999999999', '-1', '0', 'true', 'abc', '1e3', ' 1', '1 ', '%00', '%E0%A4%A', '%ED%A0%80',
  '9223372036854775808', '2147483648', '１２', 'a'.repeat(5000), '2024-02-30', 'NaN', '%2e%2e%2f',
];

function types(s: Schema | undefined): string[] {
  if (!s) return [];
  const t = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
  return s.nullable ? [...t, 'null'] : t;
}

function deepNest(depth: number, leaf: unknown, wrap: (inner: unknown) => unknown): unknown {
  let v = leaf;
  for (let i = 0; i < depth; i += 1) v = wrap(v);
  return v;
}

class Generator {
  constructor(private rng: Rng, private hugeRate: number) {}

  hostile(): unknown {
    const r = this.rng();
    if (r < this.hugeRate) return pick(this.rng, [() => 'x'.repeat(9 * 1024 * 1024), () => Array.from({ length: 70_000 }, (_, i) => i)])();
    if (r < 0.5) return pick(this.rng, HOSTILE_STRINGS);
    if (r < 0.75) return pick(this.rng, HOSTILE_NUMBERS);
    if (r < 0.9) return pick(this.rng, HOSTILE_OTHERS);
    return deepNest(10 + Math.floor(this.rng() * 1500), 1, (x) => pick(this.rng, [[x], { a: x }]));
  }

  /** A value of the schema's type, within its bounds when it can be. */
  valid(s: Schema | undefined, depth = 0): unknown {
    if (s?.enum?.length) return pick(this.rng, s.enum);
    const t = pick(this.rng, types(s).filter((x) => x !== 'null').concat(types(s).length ? [] : ['string']));
    switch (t) {
      case 'integer': return Math.max(s?.minimum ?? 0, 1) + Math.floor(this.rng() * 50) + 900_000;
      case 'number': return Math.round(this.rng() * 10000) / 100;
      case 'boolean': return chance(this.rng, 0.5);
      case 'array': return depth > 3 ? [] : Array.from({ length: Math.floor(this.rng() * 3) }, () => this.value(s?.items, depth + 1));
      case 'object': return this.object(s, depth + 1);
      default: return s?.pattern ? pick(this.rng, ['fuzz', 'a1', '13800000000', 'x@y.cn', '']) : pick(this.rng, ['fuzz', '名称', 'ab', '2026-11-22', '2026-11-22 10:00:00', '']);
    }
  }

  /** Mostly valid, often hostile. */
  value(s: Schema | undefined, depth = 0): unknown {
    return chance(this.rng, 0.35) ? this.hostile() : this.valid(s, depth);
  }

  object(s: Schema | undefined, depth = 0): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    for (const [name, p] of Object.entries(s?.properties ?? {})) {
      if (s?.required?.includes(name) ? chance(this.rng, 0.95) : chance(this.rng, 0.6)) out[name] = this.value(p, depth);
    }
    if (chance(this.rng, 0.05)) out[pick(this.rng, ['zzUnknown', '__proto__', 'constructor', '\u0000'])] = this.hostile();
    return out;
  }

  body(s: Schema | undefined): unknown {
    if (chance(this.rng, 0.06)) return this.hostile();
    return this.object(s);
  }

  /** A column's value: valid for its type, or hostile with the given chance. */
  column(c: ResourceColumn, hostileRate = 0.4): unknown {
    if (chance(this.rng, hostileRate)) return this.hostile();
    switch (c.fieldType) {
      case 'NUMBER': return pick(this.rng, ['17.500', 12, '0', 3.25, '-2']);
      case 'DATE': return pick(this.rng, ['2026-11-22', '2026-11-22 10:00:00', '2026-02-28T08:00:00Z']);
      case 'BOOLEAN': return chance(this.rng, 0.5);
      case 'JSON': return pick(this.rng, [{ a: 1 }, [1, 2], {}]);
      case 'ENUM': return pick(this.rng, ['1', '0', 'FREE']);
      default: return `fz${Math.floor(this.rng() * 1e9)}`;
    }
  }

  /**
   * A row: often valid but for one hostile field (so that the rest of the write path runs), some
   * fully valid, the others with hostile values anywhere.
   */
  row(def: ResourceDefinition): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const mode = this.rng();
    for (const c of def.columns) if (c.required || chance(this.rng, 0.7)) out[c.fieldName] = this.column(c, mode < 0.7 ? 0 : 0.4);
    if (mode < 0.45 && def.columns.length) out[pick(this.rng, def.columns).fieldName] = this.hostile();
    return out;
  }

  /** A list request (spec 000 §7.5) over the resource's columns, or a hostile one. */
  listBody(def: ResourceDefinition | undefined): unknown {
    const keys = ['id', ...(def?.columns.map((c) => c.fieldName) ?? ['name', 'code'])];
    const condition = () => ({ key: pick(this.rng, keys), op: pick(this.rng, ['eq', 'ne', 'gt', 'ge', 'lt', 'le', 'like', 'in', 'lk', 'bad']), val: chance(this.rng, 0.5) ? this.hostile() : pick(this.rng, ['1', 'fz', 3, '2026-11-22', '2024-02-30', 'a,b', true]) });
    const r = this.rng();
    if (r < 0.05) return { search: [deepNest(20 + Math.floor(this.rng() * 1500), condition(), (x) => ({ list: [x] }))] };
    if (r < 0.1) return { search: Array.from({ length: 100 }, () => ({ list: Array.from({ length: 100 }, () => ({ key: pick(this.rng, keys), op: 'in', val: Array.from({ length: 1000 }, (_, i) => String(i)) })) })) };
    if (r < 0.13) return { search: [{ key: 'id', op: 'in', val: Array.from({ length: 70_000 }, (_, i) => i + 1) }] };
    if (r < 0.2) return this.hostile();
    return {
      search: Array.from({ length: Math.floor(this.rng() * 4) }, () => (chance(this.rng, 0.2) ? { conj: 'or', list: [condition(), condition()] } : condition())),
      limit: chance(this.rng, 0.5) ? { pn: this.value({ type: 'integer' }), ps: this.value({ type: 'integer' }) } : undefined,
      sort: chance(this.rng, 0.3) ? [{ key: pick(this.rng, keys), dir: pick(this.rng, ['asc', 'desc', 'up']) }] : undefined,
      tplId: chance(this.rng, 0.3) ? this.value({ type: ['string', 'number'] }) : undefined,
    };
  }

  pathParam(p: Parameter, target: Target): string {
    if (p.name === 'id' && target.rowId && chance(this.rng, 0.5)) return String(target.rowId);
    if (chance(this.rng, 0.6)) return pick(this.rng, HOSTILE_TEXT_PARAMS);
    return String(this.valid(p.schema));
  }
}

const LEAK = /\bat [\w.<>]+ \(|\.(ts|js|mjs):\d+|node_modules|\/work\/|\/tmp\/|\/home\/|\bselect\b[\s\S]{0,200}\bfrom\b|\binsert into\b|\bsyntax error\b|relation "|column "|violates|invalid input syntax|out of range for type|\bpg_[a-z]|\bstack\b|kysely|\bSQLSTATE\b/i;

const MULTIPART_BOUNDARY = 'fuzzboundary';
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');

/** What a request sends besides method and url. */
interface Payload { headers: Record<string, string>; payload?: string | Buffer }

function jsonPayload(body: unknown): Payload {
  return { headers: { 'content-type': 'application/json' }, payload: JSON.stringify(body) ?? 'null' };
}

function multipart(rng: Rng): Payload {
  const parts = [
    () => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="${pick(rng, ['a.png', 'a\u0000.png', '\ud800.png', '../../x.png', 'x'.repeat(2000)])}"\r\nContent-Type: image/png\r\n\r\n${PNG.toString('latin1')}\r\n--${MULTIPART_BOUNDARY}--\r\n`,
    () => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="${pick(rng, ['remark', 'a\u0000', '\udc00'])}"\r\n\r\n${pick(rng, ['x', '\u0000', '\ud800'])}\r\n--${MULTIPART_BOUNDARY}--\r\n`,
    () => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n${PNG.toString('latin1')}`, // truncated
    () => `--other\r\nContent-Disposition: form-data; name="file"\r\n\r\nx\r\n--other--\r\n`, // wrong boundary
    () => 'not multipart at all',
    () => `--${MULTIPART_BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\n\r\n--${MULTIPART_BOUNDARY}--\r\n`, // part without a name
    () => `--${MULTIPART_BOUNDARY}\r\n\r\n--${MULTIPART_BOUNDARY}--\r\n`,
  ];
  const header = pick(rng, [`multipart/form-data; boundary=${MULTIPART_BOUNDARY}`, 'multipart/form-data', `multipart/form-data; boundary=${MULTIPART_BOUNDARY}; charset=bogus`]);
  return { headers: { 'content-type': header }, payload: Buffer.from(pick(rng, parts)(), 'latin1') };
}

/** A body of a wrong or broken kind. */
function oddPayload(rng: Rng, g: Generator): Payload {
  return pick(rng, [
    () => ({ headers: { 'content-type': 'application/json' }, payload: '{"a":' }),
    () => ({ headers: { 'content-type': 'application/json' }, payload: '' }),
    () => ({ headers: { 'content-type': 'application/json' }, payload: '{"a":"\\u0000"}' }),
    () => ({ headers: { 'content-type': 'application/json' }, payload: '{"a":"\\ud800"}' }),
    () => ({ headers: { 'content-type': 'text/plain' }, payload: 'hello' }),
    () => ({ headers: { 'content-type': 'application/xml' }, payload: '<a/>' }),
    () => ({ headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a=%00&b=%ED%A0%80&ids=1&ids=0x9f0' }),
    () => ({ headers: { 'content-type': 'application/json; charset=utf-16' }, payload: '{}' }),
    () => multipart(rng),
    () => jsonPayload(g.hostile()),
  ])();
}

function formPayload(g: Generator, rng: Rng, schema: Schema | undefined): Payload {
  const form = new URLSearchParams();
  for (const [name, p] of Object.entries(schema?.properties ?? { grant_type: {}, username: {}, password: {} })) {
    if (!chance(rng, 0.8)) continue;
    let v = g.value(p);
    // never the demo accounts' names: wrong passwords would lock out the fuzzing users
    if (name === 'username' && (v === 'admin' || v === 'weigher')) v = 'fuzz';
    form.append(name, typeof v === 'string' ? v : JSON.stringify(v) ?? '');
  }
  if (chance(rng, 0.3)) form.append('grant_type', pick(rng, ['password', 'refresh_token', 'client_credentials', '\u0000']));
  return { headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: form.toString() };
}

function operations(doc: { paths: Record<string, Record<string, { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: Schema }> } }>> }): Operation[] {
  const out: Operation[] = [];
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, o] of Object.entries(methods)) {
      const content = o.requestBody?.content;
      const type = content ? Object.keys(content)[0] : undefined;
      out.push({ method: method.toUpperCase(), path, parameters: o.parameters ?? [], body: type ? { type, schema: content![type].schema } : undefined });
    }
  }
  return out;
}

/** Answers whether a response is the envelope, and whether its words show internals. */
export function inspect(res: Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body'>): { envelope: boolean; leak: boolean } {
  const type = String(res.headers['content-type'] ?? '');
  if (!type.includes('json')) {
    // images, spreadsheets and the documentation pages are not enveloped; errors always are
    return { envelope: res.statusCode < 400 && res.statusCode !== 204 ? true : false, leak: res.statusCode >= 400 && LEAK.test(res.body) };
  }
  let body: unknown;
  try { body = JSON.parse(res.body); } catch { return { envelope: false, leak: LEAK.test(res.body) }; }
  const b = body as Record<string, unknown> | null;
  const envelope = !!b && typeof b === 'object' && typeof b.success === 'boolean' && typeof b.code === 'string' && typeof b.msg === 'string' && 'data' in b;
  const words = envelope && b!.success ? String(b!.msg) : res.body;
  return { envelope, leak: LEAK.test(words) };
}

export async function runFuzz(t: TestApp, options: FuzzOptions): Promise<FuzzReport> {
  const started = Date.now();
  const rng = seededRandom(options.seed);
  const g = new Generator(rng, options.hugeRate ?? 0.002);
  const report: FuzzReport = { seed: options.seed, requests: 0, status5xx: 0, outsideEnvelope: 0, leaks: 0, statuses: {}, routes: new Map(), problems: [], ms: 0 };

  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  const resources = await t.app.svc.resources.all();
  const tokens: Record<'admin' | 'weigher', string> = { admin: (await t.login('admin')).access, weigher: (await t.login('weigher')).access };

  // one live row per resource, so that detail, update and copy reach the row code
  const rows = new Map<string, { id: number; version: number }>();
  for (const def of resources) {
    const res = await t.app.inject({ method: 'POST', url: `/api/${def.module}/${def.resource}/list`, headers: bearer(tokens.admin), payload: { limit: { pn: 1, ps: 1 } } });
    const first = res.json().data?.records?.[0] ?? res.json().data?.[0];
    if (first?.id) rows.set(def.tableName, { id: Number(first.id), version: Number(first.version ?? 1) });
  }

  const targets: Target[] = [];
  for (const op of operations(doc)) {
    if (options.only && !op.path.includes(options.only)) continue;
    if (op.path.includes('{module}')) {
      for (const def of resources) {
        const row = rows.get(def.tableName);
        targets.push({ key: `${op.method} ${op.path.replace('{module}/{resource}', `${def.module}/${def.resource}`)}`, op, resource: def, rowId: row?.id, rowVersion: row?.version });
      }
    } else {
      targets.push({ key: `${op.method} ${op.path}`, op });
    }
  }
  if (!targets.length) throw new Error('no route to fuzz');

  const relogin = async (who: 'admin' | 'weigher') => { tokens[who] = (await t.login(who)).access; };

  for (let i = 0; i < options.requests; i += 1) {
    const target = targets[i % targets.length];
    const who = Math.floor(i / targets.length) % 2 === 0 ? 'admin' : 'weigher';
    const { op, resource } = target;

    let url = op.path;
    for (const p of op.parameters.filter((x) => x.in === 'path')) {
      const v = p.name === 'module' ? resource!.module : p.name === 'resource' ? resource!.resource : g.pathParam(p, target);
      url = url.replace(`{${p.name}}`, encodeURI(v).replace(/%25/g, '%'));
    }
    const query = op.parameters.filter((x) => x.in === 'query').map((p) => {
      if (!chance(rng, 0.8)) return '';
      const v = chance(rng, 0.5) ? pick(rng, HOSTILE_TEXT_PARAMS) : String(g.valid(p.schema));
      return `${encodeURIComponent(p.name)}=${encodeURI(v).replace(/%25/g, '%')}`;
    }).filter(Boolean);
    if (chance(rng, 0.05)) query.push(pick(rng, ['zz=%00', 'a=%ED%A0%80', 'menuId=1&menuId=2', '__proto__=1']));
    if (query.length) url += `?${query.join('&')}`;

    let payload: Payload = { headers: {} };
    const path = op.path;
    if (op.method !== 'GET' && op.method !== 'DELETE' ? true : !!op.body) {
      if (chance(rng, 0.08)) payload = oddPayload(rng, g);
      else if (path.includes('/upload')) payload = multipart(rng);
      else if (op.body?.type === 'application/x-www-form-urlencoded') payload = formPayload(g, rng, op.body.schema);
      else if (resource && /\/(list|v2\/list|export)$/.test(path)) payload = jsonPayload(g.listBody(resource));
      else if (resource && /\/(create|update)$/.test(path)) {
        const body = g.row(resource);
        if (path.endsWith('update')) {
          body.id = chance(rng, 0.8) && target.rowId ? target.rowId : g.hostile();
          body.version = chance(rng, 0.7) ? target.rowVersion ?? 1 : g.hostile();
        }
        const lines = resources.filter((r) => r.kind === 'LINE' && r.parentTable === resource.tableName);
        if (lines.length && chance(rng, 0.6)) body.children = Object.fromEntries(lines.map((l) => [l.tableName, Array.from({ length: 1 + Math.floor(rng() * 3) }, () => g.row(l))]));
        payload = jsonPayload(body);
      } else if (resource && path.endsWith('/datax')) {
        payload = jsonPayload({ rows: Array.from({ length: 1 + Math.floor(rng() * 3) }, () => g.row(resource)) });
      } else if (resource && op.body) {
        payload = jsonPayload(chance(rng, 0.5) && target.rowId ? { ids: [target.rowId, ...(chance(rng, 0.5) ? [g.hostile()] : [])] } : g.body(op.body.schema));
      } else if (op.body) payload = jsonPayload(g.body(op.body.schema));
    }
    const method = op.method as 'GET' | 'POST' | 'PUT' | 'DELETE';
    const headers = { ...bearer(tokens[who]), ...payload.headers };
    if (path.startsWith('/api/oauth') || path.startsWith('/api/pro/oauth')) headers.authorization = `Basic ${Buffer.from('web:web').toString('base64')}`;

    let res: LightMyRequestResponse;
    try {
      res = await t.app.inject({ method, url, headers, payload: payload.payload });
    } catch (error) {
      // inject itself threw: count it as a server failure
      res = { statusCode: 599, headers: {}, body: String(error) } as LightMyRequestResponse;
    }
    const figures = report.routes.get(target.key) ?? { requests: 0, status5xx: 0, outsideEnvelope: 0, leaks: 0, statuses: {} };
    report.routes.set(target.key, figures);
    figures.requests += 1;
    report.requests += 1;
    figures.statuses[res.statusCode] = (figures.statuses[res.statusCode] ?? 0) + 1;
    report.statuses[res.statusCode] = (report.statuses[res.statusCode] ?? 0) + 1;
    const { envelope, leak } = inspect(res);
    const problem = (what: string) => {
      if (report.problems.length < 40) report.problems.push(`${what}: ${method} ${url.slice(0, 200)} [${who}] ${String(payload.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`);
    };
    if (res.statusCode >= 500) { figures.status5xx += 1; report.status5xx += 1; problem('5xx'); }
    if (!envelope) { figures.outsideEnvelope += 1; report.outsideEnvelope += 1; problem('outside the envelope'); }
    if (leak) { figures.leaks += 1; report.leaks += 1; problem('leak'); }
    // a fuzzed logout, force-out or password change ends the session: sign in again
    if (res.statusCode === 401) await relogin(who);
    if (options.progress && (i + 1) % 1000 === 0) options.progress(i + 1, report);
  }
  report.ms = Date.now() - started;
  return report;
}

/** The figures as printed by `npm run fuzz` and the sample test. */
export function formatReport(report: FuzzReport, perRoute: boolean): string {
  const lines = [
    `fuzz seed ${report.seed}: ${report.requests} requests over ${report.routes.size} routes in ${(report.ms / 1000).toFixed(1)} s — 5xx ${report.status5xx}, outside the envelope ${report.outsideEnvelope}, leaks ${report.leaks}`,
    `statuses: ${Object.entries(report.statuses).map(([s, n]) => `${s}×${n}`).join(' ')}`,
  ];
  if (perRoute) {
    for (const [key, f] of [...report.routes.entries()].sort()) {
      lines.push(`  ${key.padEnd(70)} ${String(f.requests).padStart(5)} req  5xx ${f.status5xx}  env ${f.outsideEnvelope}  leak ${f.leaks}  ${Object.entries(f.statuses).map(([s, n]) => `${s}×${n}`).join(' ')}`);
    }
  }
  for (const p of report.problems) lines.push(`  ! ${p}`);
  return lines.join('\n');
}
