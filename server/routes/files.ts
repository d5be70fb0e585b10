import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { caller } from '../http/auth-hook';
import { AppError, badRequest, notFound } from '../http/app-error';
import { ok } from '../http/envelope';
import { badInput } from '../http/input';
import { currentOrg } from '../resources/scope';

/** Image limits and messages of spec 001 §5. */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const IMAGE_MESSAGES = {
  type: '上传头像图片只能是JPG或者png格式!',
  size: '上传头像图片大小不能超过 2MB!',
  missing: '请选择要上传的图片',
} as const;

/** The image kinds accepted, told by their first bytes (never by the name or the browser's word): SVG and HTML are refused. */
export function imageKindOf(head: Buffer): { mime: string; ext: string } | null {
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return { mime: 'image/jpeg', ext: 'jpg' };
  if (head.length >= 8 && head.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return { mime: 'image/png', ext: 'png' };
  if (head.length >= 6 && (head.subarray(0, 6).toString('latin1') === 'GIF87a' || head.subarray(0, 6).toString('latin1') === 'GIF89a')) return { mime: 'image/gif', ext: 'gif' };
  return null;
}

const idParams = { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 } } } as const;

/**
 * `POST /sys-file-type/upload` (multipart, field `file`) stores an image under DATA_DIR/files with
 * a server-chosen name; `GET /sys-file-type/img/{id}` answers it to users of the same organisation,
 * with its stored type and `nosniff`.
 */
export async function fileRoutes(app: FastifyInstance): Promise<void> {
  const dir = path.join(app.svc.config.dataDir, 'files');
  await app.register(multipart, { limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 5, parts: 6 } });

  app.post('/sys-file-type/upload', {
    config: { title: '上传图片' },
    schema: { tags: ['file'], summary: '上传图片（JPG、PNG、GIF，不超过 2MB；按内容识别类型，SVG、HTML 拒收）' },
  }, async (request) => {
    if (!request.isMultipart()) throw badRequest(IMAGE_MESSAGES.missing, { field: 'file' });
    // a body that is not well-formed multipart (truncated, wrong boundary) is the client's fault
    const broken = (error: { code?: string; statusCode?: number }): never => {
      if (error.code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(IMAGE_MESSAGES.size, { field: 'file' });
      if (error instanceof AppError) throw error;
      throw badRequest('上传内容不是有效的 multipart/form-data', { field: 'file' });
    };
    const file = await request.file().catch(broken);
    if (!file) throw badRequest(IMAGE_MESSAGES.missing, { field: 'file' });
    // multipart fields and file names are checked as JSON bodies are (no NUL, no lone surrogate)
    const valueOf = (part: unknown) => (part as { value?: unknown } | undefined)?.value;
    const fields = Object.fromEntries(Object.entries(file.fields).map(([k, v]) => [k, Array.isArray(v) ? v.map(valueOf) : valueOf(v)]));
    const problem = badInput({ ...fields, filename: file.filename }, '', 0);
    if (problem) {
      file.file.resume();
      throw badRequest(`上传字段 ${problem.field} ${problem.what}`, { field: problem.field });
    }
    const bytes = await file.toBuffer().catch(broken);
    if (file.file.truncated || bytes.length > MAX_IMAGE_BYTES) throw badRequest(IMAGE_MESSAGES.size, { field: 'file' });
    const kind = imageKindOf(bytes.subarray(0, 16));
    if (!kind) throw badRequest(IMAGE_MESSAGES.type, { field: 'file' });
    const orgId = currentOrg(request);
    const org = await app.svc.db.selectFrom('sysOrg').select('groupId').where('id', '=', orgId).executeTakeFirstOrThrow();
    const storedName = `${crypto.randomUUID()}.${kind.ext}`;
    fs.mkdirSync(dir, { recursive: true });
    await fs.promises.writeFile(path.join(dir, storedName), bytes, { flag: 'wx' });
    const row = await app.svc.db.insertInto('sysFile').values({
      orgId, groupId: org.groupId, storedName, mime: kind.mime, size: bytes.length,
      originalName: file.filename ? file.filename.slice(0, 255) : null, createdBy: caller(request).userId,
    }).returning('id').executeTakeFirstOrThrow();
    return ok({ id: row.id, url: `/sys-file-type/img/${row.id}`, size: bytes.length, mime: kind.mime }, '上传成功');
  });

  app.get<{ Params: { id: number } }>('/sys-file-type/img/:id', {
    config: { noOperationLog: true },
    schema: { tags: ['file'], summary: '读取图片（同一公司的用户）', params: idParams },
  }, async (request, reply) => {
    const row = await app.svc.db.selectFrom('sysFile').select(['storedName', 'mime', 'orgId']).where('id', '=', request.params.id).executeTakeFirst();
    if (!row || row.orgId !== currentOrg(request)) throw notFound('图片不存在');
    const bytes = await fs.promises.readFile(path.join(dir, path.basename(row.storedName))).catch(() => null);
    if (!bytes) throw notFound('图片不存在');
    return reply
      .header('content-type', row.mime)
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .header('cache-control', 'private, max-age=3600')
      .send(bytes);
  });
}
