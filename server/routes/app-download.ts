import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../http/app-error';
import { ok } from '../http/envelope';

/**
 * What /appDownload offers (spec 000 §2.1, no sign-in): the manuals the product ships, as files
 * of the installation. There is no separate station app to install — the weighing station runs in
 * the browser (称重 after signing in) — so the list names files that exist and nothing else.
 */
export interface Download { name: string; title: string; description: string; fileName: string; size: number; updatedAt: string; url: string }

/** The shipped documents, by the name the download address uses (never a path taken from the request). */
const DOCUMENTS: { name: string; file: string; title: string; description: string; fileName: string }[] = [
  { name: 'manual', file: 'README.md', title: '使用与运维手册', description: '安装、配置、演示账号、各功能页面、称重站与备份恢复的说明（Markdown 文本）', fileName: 'weighbridge-manual.md' },
  { name: 'api-contract', file: 'docs/api-contract.md', title: '接口约定', description: '对接系统使用的接口基本约定：响应格式、鉴权、分页与错误码', fileName: 'weighbridge-api-contract.md' },
  { name: 'contract', file: 'docs/contract.md', title: '产品承诺', description: '本系统对浏览器与接口调用方的约定', fileName: 'weighbridge-contract.md' },
];

/** Where the shipped documents live: the installation's folder (the server runs from it, as it serves dist/ from it). */
const baseDir = () => path.resolve('.');

async function stat(file: string): Promise<{ size: number; mtime: Date } | null> {
  try {
    const s = await fs.stat(path.join(baseDir(), file));
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
}

export async function appDownloadRoutes(app: FastifyInstance): Promise<void> {
  app.get('/app-download/list', {
    config: { public: true },
    schema: { tags: ['system'], summary: '应用下载：系统随附的手册文件（不需要登录）' },
  }, async () => {
    const list: Download[] = [];
    for (const d of DOCUMENTS) {
      const s = await stat(d.file);
      if (!s) continue;
      list.push({ name: d.name, title: d.title, description: d.description, fileName: d.fileName, size: s.size, updatedAt: s.mtime.toISOString(), url: `/api/app-download/file/${d.name}` });
    }
    return ok(list);
  });

  app.get<{ Params: { name: string } }>('/app-download/file/:name', {
    config: { public: true },
    schema: { tags: ['system'], summary: '下载一份随附手册', params: { type: 'object', required: ['name'], properties: { name: { type: 'string', maxLength: 40 } } } },
  }, async (request, reply) => {
    const d = DOCUMENTS.find((x) => x.name === request.params.name);
    if (!d || !(await stat(d.file))) throw notFound('没有这份文件');
    const body = await fs.readFile(path.join(baseDir(), d.file));
    return reply.type('text/markdown; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${d.fileName}"`)
      .send(body);
  });
}
