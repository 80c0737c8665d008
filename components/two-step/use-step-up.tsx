'use client';

import { useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '@/lib/client/api';
import { StepUpDialog } from './StepUpDialog';
import type { Proof } from './StepUpFields';
import { methodsOf, useFactorStatus } from './use-factor-status';

/**
 * Step-up for a change the services may refuse with STEP_UP_REQUIRED (issue 26: account changes):
 * `withStepUp(send)` sends the change; when the services ask for the second factor, the dialog asks
 * it and sends the change again with the proof. Answers the change's final result.
 */
export function useStepUp(): { withStepUp: <T>(send: (proof?: Proof) => Promise<ApiResult<T>>) => Promise<ApiResult<T>>; dialog: ReactNode } {
  const [asking, setAsking] = useState(false);
  const { status } = useFactorStatus(asking);
  const pending = useRef<{ send: (proof?: Proof) => Promise<ApiResult<unknown>>; resolve: (result: ApiResult<unknown>) => void; first: ApiResult<unknown> }>(undefined);

  async function withStepUp<T>(send: (proof?: Proof) => Promise<ApiResult<T>>): Promise<ApiResult<T>> {
    const first = await send();
    if (first.ok || first.error.code !== 'STEP_UP_REQUIRED') return first;
    setAsking(true);
    return new Promise((resolve) => {
      pending.current = { send, resolve: resolve as (result: ApiResult<unknown>) => void, first };
    });
  }

  async function sendWith(proof: Proof) {
    const current = pending.current;
    if (!current) return undefined;
    const result = await current.send(proof);
    if (!result.ok && result.error.code !== 'STEP_UP_REQUIRED') {
      // A wrong code is said in the dialog, which stays open; any other refusal goes to the caller.
      if (/^FACTOR_|^PASSKEY_/.test(result.error.code)) return result.error.message;
    }
    pending.current = undefined;
    current.resolve(result);
    return undefined;
  }

  function close() {
    setAsking(false);
    const current = pending.current;
    pending.current = undefined;
    current?.resolve(current.first);
  }

  return { withStepUp, dialog: status && <StepUpDialog open={asking} methods={methodsOf(status)} send={sendWith} onClose={close} /> };
}
