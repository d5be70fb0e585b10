import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { caller } from '../../http/auth-hook';
import { badRequest, forbidden, notFound } from '../../http/app-error';
import { ok } from '../../http/envelope';
import { currentOrg } from '../../resources/scope';
import { IMAGE_MESSAGES, MAX_IMAGE_BYTES } from '../files';

/** The kinds a logo may be (spec 001 §5: 上传头像图片只能是JPG或者png格式!). */
export const LOGO_MIMES = ['image/jpeg', 'image/png'];

const pkGroupParams = { type: 'object', additionalProperties: false, required: ['pkGroup'], properties: { pkGroup: { type: 'integer', minimum: 1 } } } as const;
const fileId = { type: ['integer', 'null'], minimum: 1 } as const;
interface PicBody { id: number; logoMainFileId?: number | null; logoSubFileId?: number | null }

/**
 * The group's main and sub logo (spec 000 §7.2). `PUT /sys-group/pic` says which images uploaded
 * through `/sys-file-type/upload` are the logos (null: back to the default image); `getPic`
 * answers them as base64 data URLs keyed `{pkGroup}_1` (main) and `{pkGroup}_0` (sub).
 */
export async function groupLogoRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app.svc;
  // the folder /sys-file-type/upload stores into (routes/files.ts)
  const dir = path.join(app.svc.config.dataDir, 'files');

  const dataUrl = async (id: number | null): Promise<string | null> => {
    if (id === null) return null;
    const file = await db.selectFrom('sysFile').select(['storedName', 'mime']).where('id', '=', id).executeTakeFirst();
    if (!file || !LOGO_MIMES.includes(file.mime)) return null;
    const bytes = await fs.promises.readFile(path.join(dir, path.basename(file.storedName))).catch(() => null);
    return bytes ? `data:${file.mime};base64,${bytes.toString('base64')}` : null;
  };

  app.get<{ Params: { pkGroup: number } }>('/sys-group/getPic/:pkGroup', {
    config: { noOperationLog: true },
    schema: { tags: ['admin'], summary: '集团主、副标志（{pkGroup}_1 主标志，{pkGroup}_0 副标志；base64 图片，未设置为 null）', params: pkGroupParams },
  }, async (request) => {
    const auth = caller(request);
    const id = request.params.pkGroup;
    if (!auth.admin && auth.groupId !== id) throw forbidden();
    const g = await db.selectFrom('sysGroup').select(['logoMain', 'logoSub', 'logoMainFileId', 'logoSubFileId']).where('id', '=', id).executeTakeFirst();
    if (!g) return ok({ [`${id}_1`]: null, [`${id}_0`]: null });
    return ok({ [`${id}_1`]: (await dataUrl(g.logoMainFileId)) ?? g.logoMain, [`${id}_0`]: (await dataUrl(g.logoSubFileId)) ?? g.logoSub });
  });

  app.put<{ Body: PicBody }>('/sys-group/pic', {
    config: { permission: 'sys_group_edit', title: '设置集团标志' },
    schema: {
      tags: ['admin'],
      summary: '设置集团主、副标志：已上传图片的 id（JPG 或 PNG，不超过 2MB，本公司上传）；null 恢复默认标志。非管理员只能设置本集团',
      body: { type: 'object', additionalProperties: false, required: ['id'], properties: { id: { type: 'integer', minimum: 1 }, logoMainFileId: fileId, logoSubFileId: fileId } },
    },
  }, async (request) => {
    const auth = caller(request);
    const { id, logoMainFileId, logoSubFileId } = request.body;
    if (logoMainFileId === undefined && logoSubFileId === undefined) throw badRequest(IMAGE_MESSAGES.missing, { field: 'logoMainFileId' });
    // a group other than the caller's own is "not found" unless the caller is an administrator
    if (!auth.admin && auth.groupId !== id) throw notFound('集团不存在');
    const group = await db.selectFrom('sysGroup').select('id').where('id', '=', id).executeTakeFirst();
    if (!group) throw notFound('集团不存在');
    const orgId = currentOrg(request);
    for (const [field, value] of [['logoMainFileId', logoMainFileId], ['logoSubFileId', logoSubFileId]] as const) {
      if (value === undefined || value === null) continue;
      const file = await db.selectFrom('sysFile').select(['orgId', 'mime', 'size']).where('id', '=', value).executeTakeFirst();
      // only an image the caller may read (uploaded in the company they work in)
      if (!file || file.orgId !== orgId) throw badRequest('图片不存在，请重新上传', { field });
      if (!LOGO_MIMES.includes(file.mime)) throw badRequest(IMAGE_MESSAGES.type, { field });
      if (file.size > MAX_IMAGE_BYTES) throw badRequest(IMAGE_MESSAGES.size, { field });
    }
    await db.updateTable('sysGroup').set({
      ...(logoMainFileId !== undefined ? { logoMainFileId, ...(logoMainFileId === null ? { logoMain: null } : {}) } : {}),
      ...(logoSubFileId !== undefined ? { logoSubFileId, ...(logoSubFileId === null ? { logoSub: null } : {}) } : {}),
      updatedAt: app.svc.clock(),
    }).where('id', '=', id).execute();
    return ok(null, '设置成功');
  });
}
