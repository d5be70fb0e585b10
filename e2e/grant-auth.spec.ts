import crypto from 'node:crypto';
import { expect, test } from './support/test';
import { issueLicenceCode } from '../server/licence/licence';
import { expectNoConsoleErrors, signIn, watchConsole } from './support/login';

test('/grantAuth: anyone sees the installation id and the state; the administrator enters a code and a forged one is refused by the server', async ({ page }) => {
  const problems = watchConsole(page);
  for (const size of [{ width: 1440, height: 900 }, { width: 1280, height: 800 }]) {
    await page.setViewportSize(size);
    await page.goto('/grantAuth');
    await expect(page).toHaveTitle(/系统授权/);
    await expect(page.getByTestId('installation-id')).toHaveText(/^[0-9a-f-]{36}$/);
    await expect(page.getByTestId('licence-state')).toHaveText('未授权');
    await expect(page.getByText('请先以管理员身份')).toBeVisible();
    await page.screenshot({ path: test.info().outputPath(`grant-auth-signed-out-${size.width}.png`), fullPage: true });
  }
  const installationId = (await page.getByTestId('installation-id').textContent())!.trim();

  await signIn(page, 'admin');
  await expect(page).toHaveURL(/\/clouds/);
  await page.goto('/grantAuth');
  const field = page.getByLabel('授权码');
  await expect(field).toBeVisible();
  // a code for this installation signed by a key that is not the vendor's
  const forger = crypto.generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  await field.fill(issueLicenceCode({ installationId, licensee: '演示集团', edition: '标准版', issuedOn: '2026-11-26', expiresOn: null }, forger));
  await page.getByRole('button', { name: '提交授权' }).click();
  await expect(page.getByRole('status').filter({ hasText: '签名校验失败' })).toBeVisible();
  await expect(page.getByTestId('licence-state')).toHaveText('未授权');
  await page.screenshot({ path: test.info().outputPath('grant-auth-refused-1280.png'), fullPage: true });
  // the server refused it: the state read afresh is unchanged
  await page.reload();
  await expect(page.getByTestId('licence-state')).toHaveText('未授权');
  await expectNoConsoleErrors(problems, [/status of 400/]);
});
