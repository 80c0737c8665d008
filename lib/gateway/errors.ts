/**
 * The gateway's error catalogue (spec section 8), mapped once. Pages and route handlers turn a
 * code into the translated message of `messages/*.json` at `gateway.<code>`; the browser gets the
 * code and the message, never a stack, an upstream URL or the token.
 */
export const GATEWAY_ERROR_CODES = [
  'SESSION_EXPIRED',
  'LOGIN_EXPIRED',
  'UPSTREAM_FAILED',
  'UPSTREAM_REFUSED',
  'REQUEST_FAILED',
  'NO_RESPONSE',
  'TIMEOUT',
  'INVALID_ANSWER',
  'DUPLICATE_REQUEST',
  'NOT_SIGNED_IN',
  'FORBIDDEN',
  'UNKNOWN_CALL',
  'INVALID_INPUT',
  'CROSS_SITE',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'BUSY',
  'UNAVAILABLE',
  'OVERLOADED',
] as const;

export type GatewayErrorCode = (typeof GATEWAY_ERROR_CODES)[number];

export interface GatewayError {
  code: GatewayErrorCode;
  /** The upstream HTTP status, when there was one. */
  status?: number;
  /** The upstream's own code (UPSTREAM_REFUSED), for messages specific to a call. */
  upstreamCode?: string;
  params?: Record<string, unknown>;
}

/** The description spec section 8 gives for a dead token: it ends the session everywhere. */
export const TOKEN_EXPIRED_DESCRIPTION = 'UserToken over date, Relogin';

/** Classifies an upstream answer that was not 200. */
export function upstreamFailure(status: number, body: unknown): GatewayError {
  const error = (body as { error?: { code?: unknown; description?: unknown; params?: unknown } } | null)?.error;
  if (error?.description === TOKEN_EXPIRED_DESCRIPTION) return { code: 'SESSION_EXPIRED', status };
  if (typeof error?.code === 'string' && status < 500) {
    return { code: 'UPSTREAM_REFUSED', status, upstreamCode: error.code, params: (error.params as Record<string, unknown>) ?? undefined };
  }
  if (status === 401 || status === 405) return { code: 'LOGIN_EXPIRED', status };
  if (status >= 500) return { code: 'UPSTREAM_FAILED', status };
  return { code: 'REQUEST_FAILED', status };
}

/**
 * A fault that ends something already under way (a streamed answer, a file being written), where
 * no result can be returned any more: thrown, carrying the catalogue's error.
 */
export class GatewayFault extends Error {
  constructor(readonly error: GatewayError) {
    super(`upstream ${error.code}`);
    this.name = 'GatewayFault';
  }
}
