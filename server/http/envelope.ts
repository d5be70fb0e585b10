/** Every API body: `{ success, code, msg, data }`; success means `success === true`. */
export interface Envelope<T = unknown> {
  success: boolean;
  code: string;
  msg: string;
  data: T;
}

export function ok<T>(data: T, msg = '操作成功'): Envelope<T> {
  return { success: true, code: '0', msg, data };
}

export function failure<T = null>(code: string, msg: string, data: T = null as T): Envelope<T> {
  return { success: false, code, msg, data };
}

/** JSON schema of the envelope around a given data schema (for route response schemas / OpenAPI). */
export function envelopeSchema(data: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    type: 'object',
    properties: { success: { type: 'boolean' }, code: { type: 'string' }, msg: { type: 'string' }, data },
    required: ['success', 'code', 'msg'],
  };
}
