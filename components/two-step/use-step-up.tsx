'use client';

import dynamic from 'next/dynamic';
import { useRef, useState, type ReactNode } from 'react';
import type { ApiResult } from '@/lib/client/api';
import type { StepUpPrompt } from './StepUpDialog';
import type { Proof } from './StepUpFields';
import { methodsOf, useFactorStatus } from './use-factor-status';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The dialog (antd's form and input, the passkey's client) loads when a change first asks for it,
// beside the factor status it waits for anyway: not with the pages whose changes may ask.
const StepUpDialog = dynamic(orUpdatePrompt(() => import('./StepUpDialog').then((m) => m.StepUpDialog)), { ssr: false });

type Send<T> = (proof?: Proof) => Promise<ApiResult<T>>;

/**
 * Step-up for a change the services may refuse with STEP_UP_REQUIRED (issue 26: account changes).
 * `withStepUp(send)` sends the change; when the services ask for the second factor, the dialog asks
 * it and sends the change again with the proof; answers the change's final result.
 * `confirmWithStepUp(prompt, send)` is for a change that is confirmed first: the step-up dialog is
 * the confirmation (its title and text are the prompt's), so no second dialog stands over it;
 * answers the result, or null when the person cancelled.
 */
export function useStepUp(): {
  withStepUp: <T>(send: Send<T>) => Promise<ApiResult<T>>;
  confirmWithStepUp: <T>(prompt: StepUpPrompt, send: Send<T>) => Promise<ApiResult<T> | null>;
  dialog: ReactNode;
} {
  const [asking, setAsking] = useState<StepUpPrompt | null>(null);
  const { status } = useFactorStatus(asking !== null);
  const pending = useRef<{ send: Send<unknown>; resolve: (result: ApiResult<unknown> | null) => void; first: ApiResult<unknown> | null }>(undefined);

  function ask<T>(prompt: StepUpPrompt, send: Send<T>, first: ApiResult<T> | null): Promise<ApiResult<T> | null> {
    setAsking(prompt);
    return new Promise((resolve) => {
      pending.current = { send, resolve: resolve as (result: ApiResult<unknown> | null) => void, first };
    });
  }

  async function withStepUp<T>(send: Send<T>): Promise<ApiResult<T>> {
    const first = await send();
    if (first.ok || first.error.code !== 'STEP_UP_REQUIRED') return first;
    return (await ask({}, send, first)) as ApiResult<T>;
  }

  const confirmWithStepUp = <T,>(prompt: StepUpPrompt, send: Send<T>) => ask(prompt, send, null);

  async function sendWith(proof: Proof) {
    const current = pending.current;
    if (!current) return undefined;
    const result = await current.send(proof);
    // A wrong code is said in the dialog, which stays open; any other answer goes to the caller.
    if (!result.ok && /^FACTOR_|^PASSKEY_/.test(result.error.code)) return result.error.message;
    pending.current = undefined;
    current.resolve(result);
    return undefined;
  }

  function close() {
    setAsking(null);
    const current = pending.current;
    pending.current = undefined;
    current?.resolve(current.first);
  }

  return { withStepUp, confirmWithStepUp, dialog: status && <StepUpDialog open={asking !== null} prompt={asking ?? {}} methods={methodsOf(status)} send={sendWith} onClose={close} /> };
}
