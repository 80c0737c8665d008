'use client';

import { useCallback, useEffect, useState } from 'react';
import { postJson } from '@/lib/client/api';
import type { FactorPolicy } from '@/lib/two-step/codes';

export interface FactorStatus {
  totp: boolean;
  recoveryRemaining: number;
  passkeys: { id: number; name: string; createdAt: string; lastUsedAt: string }[];
  devices: { id: number; label: string; createdAt: string; lastUsedAt: string; expiresAt: string }[];
  required: boolean;
  policy?: FactorPolicy;
}

/** The signed-in user's second factors, as the services hold them; `reload` after a change. */
export function useFactorStatus(active = true) {
  const [status, setStatus] = useState<FactorStatus>();
  const [error, setError] = useState<string>();
  const reload = useCallback(async () => {
    const result = await postJson<FactorStatus>('/api/two-step/status', {});
    if (result.ok) setStatus(result.data);
    else setError(result.error.message);
  }, []);
  useEffect(() => {
    if (active) void reload();
  }, [active, reload]);
  return { status, error, reload };
}

export const methodsOf = (status: FactorStatus | undefined) => ({ totp: Boolean(status?.totp), passkey: (status?.passkeys.length ?? 0) > 0 });
export const hasFactor = (status: FactorStatus | undefined) => Boolean(status && (status.totp || status.passkeys.length > 0));
