import type { AuthContext } from '../auth/session-service';
import type { Services } from '../services';

declare module 'fastify' {
  interface FastifyInstance {
    svc: Services;
  }
  interface FastifyRequest {
    /** The signed-in caller; null on public routes. */
    auth: AuthContext | null;
    /** The caller's permission keys in the current organisation (loaded once per request). */
    permissionSet(): Promise<Set<string>>;
    startedAt: number;
    /** What a write's operation-log entry keeps as its result (e.g. the old values of a corrected weigh record). */
    operationResult: unknown;
  }
  interface FastifyContextConfig {
    /** No sign-in needed. */
    public?: boolean;
    /** The permission key this route needs (an admin holds every key). */
    permission?: string;
    /** Title of the operation-log entry for a write; writes without one use the path. */
    title?: string;
    /** Do not write an operation-log entry (sign-in has its own log). */
    noOperationLog?: boolean;
    /**
     * Open to a session whose password must be changed first (an initial or reset password): reading
     * the user and the menu, the password check and change, signing out. Every other route answers
     * 403 PWD_UNSAFE to such a session until the password is changed.
     */
    beforePasswordChange?: boolean;
    /** Stricter rate limit bucket. */
    rateLimitBucket?: 'login' | 'public';
  }
}

export {};
