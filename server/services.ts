import type { Kysely } from 'kysely';
import type { CaptchaService } from './auth/captcha-service';
import type { LoginService } from './auth/login-service';
import type { Clock, SessionService } from './auth/session-service';
import type { AppConfig } from './config';
import type { DatabaseKind } from './db/database';
import type { DB } from './db/schema';
import type { ResourceRegistry } from './resources/registry';

/** What route handlers reach through `app.svc`. */
export interface Services {
  config: AppConfig;
  db: Kysely<DB>;
  dbKind: DatabaseKind;
  clock: Clock;
  sessions: SessionService;
  login: LoginService;
  captcha: CaptchaService;
  resources: ResourceRegistry;
}
