import 'server-only';
import { sealData, unsealData } from 'iron-session';
import type { NextRequest, NextResponse } from 'next/server';
import { openingPasswords, sealingPassword } from '../session/config';
import { TRUSTED_DEVICE_DAYS } from './codes';

/**
 * The half-signed-in state between the password and the second factor (issue 26), and the trusted
 * device's token. Neither is a session: both live under /api/auth only, where no page and no data
 * route reads them, and the pending step's seal has none of a session's fields (lib/session checks
 * `v: 1`, a session id and a token, so a pending cookie under the session's name opens nothing).
 */
const PENDING_COOKIE = 'portal_second_step';
export const TRUSTED_DEVICE_COOKIE = 'portal_trusted_device';
const AUTH_PATH = '/api/auth';
/** As long as the services' ticket lives. */
const PENDING_SECONDS = 5 * 60;

export interface PendingStep {
  kind: 'second-step';
  /** The services' ticket: opens the second step's calls only, used once. */
  ticket: string;
  account: string;
  rememberMe: boolean;
}

export async function setPending(response: NextResponse, pending: Omit<PendingStep, 'kind'>, secure: boolean) {
  const sealed = await sealData({ kind: 'second-step', ...pending } satisfies PendingStep, { password: sealingPassword(), ttl: PENDING_SECONDS });
  response.cookies.set(PENDING_COOKIE, sealed, { httpOnly: true, secure, sameSite: 'strict', path: AUTH_PATH, maxAge: PENDING_SECONDS });
}

export async function pendingOf(request: NextRequest): Promise<PendingStep | null> {
  const sealed = request.cookies.get(PENDING_COOKIE)?.value;
  if (!sealed) return null;
  try {
    const data = await unsealData<Partial<PendingStep>>(sealed, { password: openingPasswords(), ttl: PENDING_SECONDS });
    return data.kind === 'second-step' && typeof data.ticket === 'string' && typeof data.account === 'string' ? (data as PendingStep) : null;
  } catch {
    return null;
  }
}

export function clearPending(response: NextResponse) {
  response.cookies.set(PENDING_COOKIE, '', { path: AUTH_PATH, maxAge: 0 });
}

export function trustDevice(response: NextResponse, token: string, secure: boolean) {
  response.cookies.set(TRUSTED_DEVICE_COOKIE, token, { httpOnly: true, secure, sameSite: 'strict', path: AUTH_PATH, maxAge: TRUSTED_DEVICE_DAYS * 24 * 60 * 60 });
}

/** A short name of the browser and system for the list of trusted devices ("Chrome on Windows"). */
export function deviceLabel(userAgent: string | null): string {
  const ua = userAgent ?? '';
  const browser = /Edg\//.test(ua) ? 'Edge' : /Firefox\//.test(ua) ? 'Firefox' : /Chrom(e|ium)\//.test(ua) ? 'Chrome' : /Safari\//.test(ua) ? 'Safari' : 'Browser';
  const system = /Windows/.test(ua) ? 'Windows' : /iPhone|iPad/.test(ua) ? 'iOS' : /Android/.test(ua) ? 'Android' : /Mac OS/.test(ua) ? 'macOS' : /Linux/.test(ua) ? 'Linux' : '';
  return system ? `${browser} on ${system}` : browser;
}
