import { sql, type Kysely } from 'kysely';

/**
 * Preview tokens (模板设计 → 预览, issue 14): a designer's short-lived, read-only narrowing of its own
 * session to a chosen role and organisation. Only the token's SHA-256 is stored; a token belongs to
 * the session that asked for it and ends with it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table auth_preview_token (
      token_hash text primary key,
      session_id bigint not null references auth_session(id) on delete cascade,
      user_id bigint not null,
      format_id bigint not null references cg_format(id) on delete cascade,
      role_id bigint not null references sys_role(id) on delete cascade,
      org_id bigint not null references sys_org(id) on delete cascade,
      created_at timestamptz not null,
      expires_at timestamptz not null
    );
    create index auth_preview_token_session on auth_preview_token(session_id);
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists auth_preview_token`.execute(db);
}
