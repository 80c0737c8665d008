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

const fetchStatus = () => postJson<FactorStatus>('/api/two-step/status', {});

/** The signed-in user's second factors, as the services hold them (fetched when `active`); `reload` after a change. */
export function useFactorStatus(active = true) {
  const [status, setStatus] = useState<FactorStatus>();
  const reload = useCallback(async () => {
    const result = await fetchStatus();
    if (result.ok) setStatus(result.data);
  }, []);
  useEffect(() => {
    if (!active) return;
    let current = true;
    void fetchStatus().then((result) => current && result.ok && setStatus(result.data));
    return () => {
      current = false;
    };
  }, [active]);
  return { status, reload };
}

export const methodsOf = (status: FactorStatus | undefined) => ({ totp: Boolean(status?.totp), passkey: (status?.passkeys.length ?? 0) > 0 });
export const hasFactor = (status: FactorStatus | undefined) => Boolean(status && (status.totp || status.passkeys.length > 0));
