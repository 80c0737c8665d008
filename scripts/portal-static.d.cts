// The types of the static files' handler (portal-static.cjs), for the tests that load it.
import type { IncomingMessage, ServerResponse } from 'node:http';

export const CODINGS: readonly (readonly [coding: string, suffix: string])[];
export const PRECOMPRESS_FROM_BYTES: number;
export const TYPES: Readonly<Record<string, string>>;
export function acceptedCodings(header: string | undefined): Set<string>;
export function staticFiles(root: string): (request: IncomingMessage, response: ServerResponse) => boolean;
