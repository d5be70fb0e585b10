// `npm run bench`: prints figures; nothing here asserts a time.
import { benchApiLatency } from './api-latency';
import { benchDdl } from './ddl';
import { benchDesigner } from './designer';
import { benchExport } from './export';
import { benchFormFrames } from './form-frames';
import { benchListFrames } from './list-frames';
import { benchListLatency } from './list-latency';
import { benchLoginBundle } from './login-bundle';
import { benchSql } from './sql';
import { benchVsPeer } from './vs-peer';
import { benchWeigh } from './weigh';

const only = process.argv[2];
const suites: Record<string, () => Promise<void>> = {
  'login-bundle': benchLoginBundle,
  'api-latency': benchApiLatency,
  'list-latency': benchListLatency,
  export: benchExport,
  ddl: benchDdl,
  'form-frames': benchFormFrames,
  'list-frames': benchListFrames,
  weigh: benchWeigh,
  sql: benchSql,
  'vs-peer': benchVsPeer,
  designer: benchDesigner,
};
/** Long suites that run only when named (`npm run bench -- export`). */
const OPTIONAL = new Set(['export', 'ddl', 'weigh', 'sql', 'vs-peer']);
for (const [name, run] of Object.entries(suites)) {
  if (only ? only !== name : OPTIONAL.has(name)) continue;
  console.log(`\n## ${name}`);
  await run();
}
