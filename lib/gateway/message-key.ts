import en from '../../messages/en.json';
import type { GatewayError } from './errors';

/** The message key of a gateway error: the upstream's own code when it has a message, else the catalogue's. */
export function errorMessageKey(error: GatewayError): string {
  if (error.code === 'UPSTREAM_REFUSED' && error.upstreamCode && error.upstreamCode in en.upstream) return `upstream.${error.upstreamCode}`;
  return `gateway.${error.code}`;
}
