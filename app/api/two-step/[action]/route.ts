import { type NextRequest } from 'next/server';
import { z } from 'zod';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';
import { homePath } from '@/lib/auth/routes';
import { withMerchants } from '@/lib/auth/sign-in';
import { qrSvg } from '@/lib/collect/qr';
import { callUpstream } from '@/lib/gateway/client';
import type { Call, CallInput } from '@/lib/gateway/define';
import { FACTOR_CALLS } from '@/lib/two-step/calls';
import { readJson } from '@/lib/http/body';
import { failure, setSessionCookie, signedIn, success, upstreamError } from '@/lib/http/respond';
import { logged } from '@/lib/log/request';
import { newSessionId, revokeSession, type SessionData } from '@/lib/session/session';
import { FACTOR_POLICIES, groupSecret } from '@/lib/two-step/codes';
import { authenticatorCodeSchema, passkeyNameSchema, registrationSchema, stepUpSchema } from '@/lib/two-step/rules';

const id = z.number().int().positive();

/**
 * What the two-step dialog may do (issue 26), each an upstream call with the form's schema: the
 * browser names the action, identity comes from the session. `shape` turns the services' answer
 * into what the browser needs (the set-up's QR code drawn here, the secret grouped for typing).
 */
const ACTIONS = {
  status: { call: FACTOR_CALLS.factorStatus, input: z.object({}) },
  'totp-start': {
    call: FACTOR_CALLS.totpStart,
    input: z.object({}),
    shape: async (data: { secret: string; uri: string }) => ({ secretGroups: groupSecret(data.secret), qr: await qrSvg(data.uri) }),
  },
  'totp-confirm': { call: FACTOR_CALLS.totpConfirm, input: z.object({ code: authenticatorCodeSchema }) },
  'totp-remove': { call: FACTOR_CALLS.totpRemove, input: stepUpSchema },
  'recovery-regenerate': { call: FACTOR_CALLS.recoveryRegenerate, input: stepUpSchema },
  'passkey-options': { call: FACTOR_CALLS.passkeyRegisterOptions, input: z.object({}) },
  'passkey-add': { call: FACTOR_CALLS.passkeyRegister, input: z.object({ name: passkeyNameSchema, response: registrationSchema }) },
  'passkey-rename': { call: FACTOR_CALLS.passkeyRename, input: z.object({ id, name: passkeyNameSchema }) },
  'passkey-remove': { call: FACTOR_CALLS.passkeyRemove, input: stepUpSchema.extend({ id }) },
  'step-up-options': { call: FACTOR_CALLS.stepUpChallenge, input: z.object({}) },
  'device-remove': { call: FACTOR_CALLS.deviceRemove, input: z.object({ id }) },
  policy: { call: FACTOR_CALLS.factorPolicy, input: z.object({ policy: z.enum(FACTOR_POLICIES) }) },
  reset: { call: FACTOR_CALLS.factorReset, input: z.object({ userId: id }) },
} as const satisfies Record<string, { call: Call; input: z.ZodType; shape?: (data: never) => Promise<unknown> }>;

type Action = keyof typeof ACTIONS;

/**
 * A session confined to set-up (its organisation requires a second factor) gets its menus once it
 * has one: re-issued (a new id, the confined cookie revoked) with the menus the services name and
 * the merchants it may see, which the services refused the confined token until now.
 */
async function finishSetup(request: NextRequest, session: SessionData) {
  const status = await callUpstream(FACTOR_CALLS.factorStatus, {}, session);
  if (!status.ok) return upstreamError(request, status.error);
  if (!status.data.totp && status.data.passkeys.length === 0) return failure(request, { code: 'UPSTREAM_REFUSED', status: 409, upstreamCode: 'FACTOR_SETUP_INCOMPLETE' });
  const menus = await callUpstream(FACTOR_CALLS.menuCodes, {}, session);
  if (!menus.ok) return upstreamError(request, menus.error);
  const withIds = await withMerchants({ ...session, sid: newSessionId(), menus: menus.data.headers, factorSetup: false, lastSeen: Date.now() });
  if ('error' in withIds) return upstreamError(request, withIds.error);
  const next = withIds.session;
  await revokeSession(session);
  const response = success({ redirect: homePath(next.menus) });
  await setSessionCookie(request, response, next);
  return response;
}

async function handle(request: NextRequest, { params }: { params: Promise<{ action: string }> }) {
  const { session, refused } = await signedIn(request);
  if (refused) return refused;
  const pending = pendingPasswordChanges(session);
  if (pending.login || pending.management) return failure(request, { code: 'FORBIDDEN' });
  const { action } = await params;
  if (action === 'setup-done') return session.factorSetup ? finishSetup(request, session) : failure(request, { code: 'FORBIDDEN' });
  if (!Object.hasOwn(ACTIONS, action)) return failure(request, { code: 'UNKNOWN_CALL' });
  const definition = ACTIONS[action as Action];
  const parsed = await readJson(request, definition.input);
  if (parsed.refused) return parsed.refused;
  const result = await callUpstream(definition.call, parsed.data as CallInput<typeof definition.call>, session);
  if (!result.ok) return upstreamError(request, result.error);
  const shape = 'shape' in definition ? definition.shape : undefined;
  return success(shape ? await shape(result.data as never) : result.data, result.newerVersion);
}

export const POST = logged('/api/two-step/[action]', handle);
