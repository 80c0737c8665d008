/**
 * A refusal the caller can act on: an HTTP status, a stable code the portal translates, and an
 * English description (the upstream's own text). Anything else thrown is a bug and answers 500
 * without detail.
 */
export class ServiceError extends Error {
  constructor(
    /** 500 and 503 only for faults injected in test mode (/dev/faults). */
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 422 | 423 | 429 | 500 | 503,
    readonly code: string,
    readonly description: string,
    readonly params?: Record<string, unknown>,
  ) {
    super(description);
    this.name = 'ServiceError';
  }
}

/** The description spec section 8 gives for a dead token; the portal ends the session on it. */
export const TOKEN_EXPIRED_DESCRIPTION = 'UserToken over date, Relogin';

export const tokenExpired = () => new ServiceError(401, 'TOKEN_EXPIRED', TOKEN_EXPIRED_DESCRIPTION);
export const forbidden = (description = 'This call is not allowed for this user') =>
  new ServiceError(403, 'FORBIDDEN', description);
export const notFound = (description: string) => new ServiceError(404, 'NOT_FOUND', description);
