import type { Kysely } from 'kysely';
import type { CaptchaService } from './auth/captcha-service';
import type { LoginService } from './auth/login-service';
import type { Clock, SessionService } from './auth/session-service';
import type { AppConfig } from './config';
import type { Database, DatabaseKind } from './db/database';
import type { DB } from './db/schema';
import type { ResourceRegistry } from './resources/registry';
import type { WeighStation } from './weigh/station/station';

/** What route handlers reach through `app.svc`. */
export interface Services {
  config: AppConfig;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  /** The database's read-only runner (SQL data sources). */
  readOnly: Database['readOnly'];
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  captcha: CaptchaService;
  resources: ResourceRegistry;
  /** The weighing station (indicators and live values), when this process runs one. */
  weigh?: WeighStation;
}
