import type { FastifyError, FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from './app-error';
import { failure } from './envelope';

interface AjvIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
}

const PART: Record<string, string> = { body: '请求体', querystring: '查询参数', params: '路径参数', headers: '请求头' };

/** A validation problem in words a person can act on: which field, what is wrong. */
export function describeValidation(issue: AjvIssue, context: string | undefined): string {
  const where = PART[context ?? 'body'] ?? '参数';
  const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
  const name = (extra?: unknown) => [field, extra].filter((x) => x !== undefined && x !== '').join('.');
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
      return reply.status(error.statusCode).send(failure(error.code, error.message, error.data));
    }
    const fe = error as FastifyError & { validation?: AjvIssue[]; validationContext?: string };
    if (fe.validation && fe.validation.length > 0) {
      const msg = describeValidation(fe.validation[0], fe.validationContext);
      return reply.status(400).send(failure('400', msg, { field: fe.validation[0].instancePath || null }));
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
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(failure('500', MESSAGES.internal));
  });
}
