import { expect, request, test } from './support/test';

const BASIC = `Basic ${Buffer.from('web:web').toString('base64')}`;

/** Drives a purchase truck of 东方能源 through the gate with the weigher's token; answers its plate. */
async function truckInside(baseURL: string): Promise<string> {
  const api = await request.newContext({ baseURL });
  const signIn = async (username: string) => {
    const token = await api.post('/api/oauth/token', { headers: { authorization: BASIC }, form: { grant_type: 'password', username, password: 'Demo@2026' } });
    return { authorization: `Bearer ${(await token.json()).data.access_token as string}` };
  };
  // the registries are read with the administrator's token (current company 东方能源), driven as weigher
  const list = await api.post('/api/purorder/pu-registry/list', { headers: await signIn('admin'), data: { limit: { pn: 1, ps: 50 } } });
  const headers = await signIn('weigher');
  const rows = (await list.json()).data.list as { id: number; plateNumber: string }[];
  // the last registry: the weigh spec drives the first
  const { id, plateNumber } = rows[rows.length - 1];
  for (const [url, extra] of [['queue', {}], ['updateCall', {}], ['door', { direction: 'IN' }]] as const) {
    const res = await api.post(`/api/flow/inf/${url}`, { headers, data: { kind: 'PU', registryId: id, ...extra } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  await api.dispose();
  return plateNumber;
}

test('the public screens open signed out and show the organisation named in the address', async ({ page, baseURL }) => {
  const plate = await truckInside(baseURL!);

  await page.goto('/factoryvehicle/index?org=DFNY');
  await expect(page.getByRole('heading', { name: '东方能源有限公司' })).toBeVisible();
  const row = page.getByRole('row', { name: new RegExp(plate) });
  await expect(row).toContainText('进厂');
  await expect(page).toHaveURL(/\/factoryvehicle\/index/);

  // an unknown code shows the server's refusal, no data
  await page.goto('/viewWeigh?org=NOPE');
  await expect(page.getByText('组织不存在')).toBeVisible();
  await page.goto('/viewWeigh?org=DFNY');
  await expect(page.getByRole('heading', { name: /东方能源有限公司 · \d{4}-\d{2}-\d{2} 过磅/ })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: '净重(吨)' })).toBeVisible();

  // the team report: conditions, then the display with the conditions in the address
  await page.goto('/conditional/index?org=DFNY');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/\/Information\/index\?org=DFNY&from=\d{4}-\d{2}-\d{2}&to=/);
  await expect(page.getByRole('heading', { name: /东方能源有限公司/ })).toBeVisible();
  await expect(page.getByText('合计')).toBeVisible();

  await page.goto('/dayConditional/index');
  await page.getByLabel('组织编码').fill('HBGT');
  await page.getByRole('button', { name: /查\s*询/ }).click();
  await expect(page).toHaveURL(/\/dayInformation\/index\?org=HBGT&from=(\d{4}-\d{2}-\d{2})&to=\1/);
  await expect(page.getByRole('heading', { name: /华北钢铁有限公司/ })).toBeVisible();
  await expect(page.getByRole('cell', { name: '合计' })).toBeVisible();
  // still signed out: nothing stored a session
  expect(await page.evaluate(() => localStorage.getItem('wb.session'))).toBeNull();
});
