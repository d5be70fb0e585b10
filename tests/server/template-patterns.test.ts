import { beforeAll, describe, expect, it } from 'vitest';
import type { Template } from '../../src/schema/template';
import { DATABASES, resourceTestApp } from './support/test-app';

/** Issue 12 item 11: a template rule cannot stall the server. */
describe.each(DATABASES)('cgValidate patterns in 模板设计 on %s', (kind) => {
  const api = resourceTestApp(kind);
  const { call } = api;
  let formId: number;
  beforeAll(async () => {
    formId = Number((await api.t.database.db.selectFrom('cgFormat').select('id').where('formatCode', '=', 'as_vendor_form').executeTakeFirstOrThrow()).id);
  });
  const withPattern = (draft: Template, pattern: string): Template => ({
    ...draft, formSubList: draft.formSubList!.map((f) => (f.fieldName === 'contact' ? { ...f, cgValidate: { validateMethod: pattern, validateTitle: '联系人格式错误' } } : f)),
  });

  it('refuses to save or publish a pattern no linear-time engine can run (backreference, lookaround), naming the field', async () => {
    const { draft, version } = (await call('GET', `/optimus_prime/cg-format/draft/${formId}`)).json().data as { draft: Template; version: number };
    const index = draft.formSubList!.findIndex((f) => f.fieldName === 'contact');
    expect(index).toBeGreaterThanOrEqual(0);
    for (const [pattern, why] of [['^(\\w)\\1$', /反向引用/], ['^(?!admin)\\w+$', /环视/]] as const) {
      const res = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: withPattern(draft, pattern) });
      expect(res.statusCode, pattern).toBe(400);
      expect(res.json().msg).toMatch(new RegExp(`formSubList\\[${index}\\]\\.cgValidate\\.validateMethod: .*${why.source}`));
    }
    // a draft stored before the rule (written straight to the table) is refused at publish
    await api.t.database.db.updateTable('cgFormat').set({ draft: JSON.stringify(withPattern(draft, '^(\\w)\\1$')) as never }).where('id', '=', formId).execute();
    const current = (await call('GET', `/optimus_prime/cg-format/draft/${formId}`)).json().data as { version: number };
    const published = await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version: current.version });
    expect(published.statusCode).toBe(400);
    expect(published.json().msg).toMatch(/cgValidate\.validateMethod/);
  });

  it('runs a published ^(a+)+$ in linear time: a create with a value that would take a backtracking engine 2^39 steps is answered at once', async () => {
    const { draft, version } = (await call('GET', `/optimus_prime/cg-format/draft/${formId}`)).json().data as { draft: Template; version: number };
    const saved = await call('PUT', `/optimus_prime/cg-format/draft/${formId}`, { version, draft: withPattern(draft, '^(a+)+$') });
    expect(saved.statusCode).toBe(200);
    expect((await call('POST', `/optimus_prime/cg-format/publish/${formId}`, { version: saved.json().data.version })).statusCode).toBe(200);
    const evil = await call('POST', '/material/as-vendor/create', { vendorCode: 'V-REDOS', vendorName: '回溯测试', contact: `${'a'.repeat(39)}!` });
    expect(evil.statusCode).toBe(400);
    expect(evil.json()).toMatchObject({ msg: '联系人格式错误', data: { field: 'contact' } });
    const fine = await call('POST', '/material/as-vendor/create', { vendorCode: 'V-REDOS', vendorName: '回溯测试', contact: 'a'.repeat(40) });
    expect(fine.statusCode).toBe(200);
  });
});
