import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, MESSAGES, lostToConcurrent, staleVersion } from './app-error';
import { failure } from './envelope';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const PART: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** The field of a validation problem as the rest of the API names it: `children.pu_notice_line[2].remark`. */
export function fieldOf(issue: AjvIssue, extra?: unknown): string {
  const parts = issue.instancePath.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'));
  if (extra !== undefined && extra !== '') parts.push(String(extra));
  return parts.reduce((path, p) => (/^\d+$/.test(p) ? `${path}[${p}]` : path ? `${path}.${p}` : p), '');
}

/** A validation problem in words a person can act on: which field, what is wrong. */
export function describeValidation(issue: AjvIssue, context: string | undefined): string {
  const where = PART[context ?? 'body'] ?? '参数';
  const name = (extra?: unknown) => fieldOf(issue, extra);
  const p = issue.params;
  switch (issue.keyword) {
    case 'required': return `${where}缺少必填字段 ${name(p.missingProperty)}`;
    case 'additionalProperties': return `${where}包含不允许的字段 ${name(p.additionalProperty)}`;
    case 'type': return `${where}字段 ${name() || '(根)'} 类型错误，应为 ${String(p.type)}`;
    case 'minLength': return `${where}字段 ${name()} 长度不能少于 ${String(p.limit)}`;
    case 'maxLength': return `${where}字段 ${name()} 长度不能超过 ${String(p.limit)}`;
    case 'minimum': return `${where}字段 ${name()} 不能小于 ${String(p.limit)}`;
    case 'maximum': return `${where}字段 ${name()} 不能大于 ${String(p.limit)}`;
    case 'minItems': return `${where}字段 ${name()} 至少需要 ${String(p.limit)} 项`;
    case 'maxItems': return `${where}字段 ${name()} 最多 ${String(p.limit)} 项`;
    case 'enum': return `${where}字段 ${name()} 取值无效，可选值：${(p.allowedValues as unknown[] | undefined)?.join(', ') ?? ''}`;
    case 'pattern': return `${where}字段 ${name()} 格式不正确`;
    case 'format': return `${where}字段 ${name()} 格式不正确（${String(p.format)}）`;
    default: return `${where}字段 ${name() || '(根)'} 无效：${issue.message ?? issue.keyword}`;
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      // a refusal under a preview token says so: the role lacks the key, nobody should grant it (the 403 development aid skips it)
      const data = request.auth?.preview && error.statusCode === 403 && error.data && typeof error.data === 'object' ? { ...error.data, preview: true } : error.data;
      return reply.status(error.statusCode).send(failure(error.code, error.message, data));
    }
    const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
    if (fe.validation && fe.validation.length > 0) {
      const msg = describeValidation(fe.validation[0], fe.validationContext);
      const issue = fe.validation[0];
      const field = fieldOf(issue, issue.keyword === 'required' ? issue.params.missingProperty : issue.keyword === 'additionalProperties' ? issue.params.additionalProperty : undefined);
      return reply.status(400).send(failure('400', msg, { field: field || null }));
    }
    const status = fe.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const msg =
        fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ? '请求体不是有效的JSON'
        : fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' ? '请求体过大'
        : fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' ? '不支持的请求内容类型'
        : status === 404 ? MESSAGES.notFound
        : '请求参数错误';
      return reply.status(status).send(failure(String(status), msg));
    }
    if (lostToConcurrent(error)) {
      request.log.warn({ err: error }, 'transaction given up for a concurrent one: answered 409');
      const stale = staleVersion();
      return reply.status(stale.statusCode).send(failure(stale.code, stale.message));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('500', MESSAGES.internal));
  });
}
