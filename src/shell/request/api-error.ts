/** What went wrong with a call, typed so the shell can decide what a person sees. */
export type ApiErrorKind =
  | 'unauthorized' | 'forbidden' | 'notFound' | 'badCredentials' | 'captcha' | 'tooFrequent' | 'duplicate'
  | 'demo' | 'server' | 'timeout' | 'network' | 'business' | 'badRequest' | 'conflict' | 'other';

export class ApiError extends Error {
  constructor(
    readonly kind: ApiErrorKind,
    readonly status: number,
    readonly code: string,
    message: string,
    readonly path: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The kind of an answer from its HTTP status and body code. */
export function kindOf(status: number, code: string): ApiErrorKind {
  if (code === '000') return 'duplicate';
  switch (status) {
    case 200: return 'business';
    case 400: return 'badRequest';
    case 401: return 'unauthorized';
    case 403: return 'forbidden';
    case 404: return 'notFound';
    case 409: return 'conflict';
    case 423: case 479: return 'demo';
    case 426: return 'badCredentials';
    case 428: return 'captcha';
    case 429: return 'tooFrequent';
    default: return status >= 500 ? 'server' : 'other';
  }
}
