/**
 * The vendor's tool for authorisation codes (not needed to run the product):
 *
 *   npm run licence -- keygen <private-key.pem>
 *       makes an Ed25519 key pair: writes the private key (keep it secret, never ship it) and
 *       prints the public key to put in server/licence/licence-public-key.pem.
 *   npm run licence -- issue <private-key.pem> <installation id> <licensee> [edition] [expires YYYY-MM-DD]
 *       prints the code for an installation (its id is shown on /grantAuth); no expiry when omitted.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import { issueLicenceCode } from '../licence/licence';

const [command, ...args] = process.argv.slice(2);
const fail = (msg: string): never => {
  process.stderr.write(`${msg}\n`);
  process.exit(2);
};

if (command === 'keygen') {
  const file = args[0] ?? fail('usage: npm run licence -- keygen <private-key.pem>');
  if (fs.existsSync(file)) fail(`${file} exists: not overwritten`);
  const { publicKey, privateKey } = crypto.generateKeyPairSync('ed25519');
  fs.writeFileSync(file, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  process.stdout.write(publicKey.export({ type: 'spki', format: 'pem' }));
} else if (command === 'issue') {
  const [keyFile, installationId, licensee, edition = '标准版', expiresOn] = args;
  if (!keyFile || !installationId || !licensee) fail('usage: npm run licence -- issue <private-key.pem> <installation id> <licensee> [edition] [expires YYYY-MM-DD]');
  if (expiresOn !== undefined && !/^\d{4}-\d{2}-\d{2}$/.test(expiresOn)) fail('expires: YYYY-MM-DD');
  const today = new Date().toISOString().slice(0, 10);
  process.stdout.write(`${issueLicenceCode({ installationId, licensee, edition, issuedOn: today, expiresOn: expiresOn ?? null }, fs.readFileSync(keyFile, 'utf8'))}\n`);
} else {
  fail('usage: npm run licence -- keygen <private-key.pem> | issue <private-key.pem> <installation id> <licensee> [edition] [expires]');
}
