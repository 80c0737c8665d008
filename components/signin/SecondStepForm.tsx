'use client';

import { useState, type FormEvent } from 'react';
import { postJson } from '@/lib/client/api';
import { passkeyMessage, withPasskey } from '@/lib/client/passkey';
import { typedProof } from '@/lib/two-step/codes';
import styles from '@/components/public/public.module.css';
import type { SignInTexts } from './texts';

type Method = 'code' | 'recovery';
export interface SignedIn {
  redirect: string;
  notice?: string;
}

/**
 * The sign-in's second step (issue 26): the authenticator code, or a recovery code, or the
 * account's passkey; "don't ask again on this device for 30 days". Nothing of the portal opens
 * before it passes: the password step left only a pending cookie.
 */
export function SecondStepForm({ texts, totp, passkey, onSignedIn, onBack }: { texts: SignInTexts; totp: boolean; passkey: boolean; onSignedIn: (result: SignedIn) => void; onBack: () => void }) {
  const [method, setMethod] = useState<Method>('code');
  const [value, setValue] = useState('');
  const [trust, setTrust] = useState(false);
  const [error, setError] = useState<string>();
  const [fieldError, setFieldError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function finish(send: () => Promise<{ ok: true; data: SignedIn } | { ok: false; error: { code: string; message?: string } }>) {
    setBusy(true);
    setError(undefined);
    const result = await send();
    setBusy(false);
    if (result.ok) return onSignedIn(result.data);
    setError(passkeyMessage(result.error, (key) => texts[`twoStep.${key}`]));
    if (result.error.code === 'SECOND_STEP_EXPIRED') onBack();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const proof = typedProof(method, value);
    setFieldError(proof ? undefined : texts[method === 'code' ? 'twoStep.errors.codeFormat' : 'twoStep.errors.recoveryFormat']);
    if (!proof) return;
    await finish(() => postJson<SignedIn>('/api/auth/second-step', { ...proof, trustDevice: trust }, { onSessionEnd: 'return' }));
    setValue('');
  }

  const usePasskey = () => finish(() => withPasskey({ purpose: 'second-step' }, (assertion) => postJson<SignedIn>('/api/auth/second-step', { assertion, trustDevice: trust }, { onSessionEnd: 'return' })));
  const id = `second-step-${method}`;

  return (
    <>
      <h2 className={styles.heading}>{texts['twoStep.title']}</h2>
      {error && (
        <p role="alert" className={`${styles.alert} ${styles.error}`}>
          {error}
        </p>
      )}
      {totp ? (
        <form name="second-step" noValidate onSubmit={submit}>
          <p className={styles.muted}>{texts[method === 'code' ? 'twoStep.step.intro' : 'twoStep.step.recoveryIntro']}</p>
          <div className={styles.field}>
            <label className={styles.label} htmlFor={id}>
              {texts[method === 'code' ? 'twoStep.step.code' : 'twoStep.step.recovery']}
            </label>
            <input
              key={method}
              id={id}
              className={styles.input}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              autoFocus
              autoComplete="one-time-code"
              inputMode={method === 'code' ? 'numeric' : 'text'}
              maxLength={method === 'code' ? 10 : 20}
              aria-invalid={Boolean(fieldError)}
              aria-describedby={fieldError ? `${id}-help` : undefined}
              readOnly={busy}
            />
            {fieldError && (
              <p id={`${id}-help`} className={styles.fieldError}>
                {fieldError}
              </p>
            )}
          </div>
          <div className={styles.row}>
            <button type="button" className={styles.link} onClick={() => (setMethod(method === 'code' ? 'recovery' : 'code'), setValue(''), setFieldError(undefined))}>
              {texts[method === 'code' ? 'twoStep.step.useRecovery' : 'twoStep.step.useCode']}
            </button>
          </div>
          <TrustDevice texts={texts} trust={trust} onChange={setTrust} />
          <button type="submit" className={styles.primary} disabled={busy} aria-busy={busy}>
            {busy && <span className={styles.spinning} aria-hidden />}
            {texts['twoStep.step.verify']}
          </button>
        </form>
      ) : (
        <>
          <p className={styles.muted}>{texts['twoStep.step.passkeyIntro']}</p>
          <TrustDevice texts={texts} trust={trust} onChange={setTrust} />
        </>
      )}
      {passkey && (
        <button type="button" className={totp ? `${styles.secondary} ${styles.wide}` : styles.primary} disabled={busy} onClick={usePasskey}>
          {texts['twoStep.step.usePasskey']}
        </button>
      )}
      <div className={`${styles.row} ${styles.back}`}>
        <button type="button" className={styles.link} onClick={onBack}>
          {texts['twoStep.step.back']}
        </button>
      </div>
    </>
  );
}

function TrustDevice({ texts, trust, onChange }: { texts: SignInTexts; trust: boolean; onChange: (trust: boolean) => void }) {
  return (
    <div className={styles.row}>
      <label className={styles.check}>
        <input type="checkbox" name="trustDevice" checked={trust} onChange={(e) => onChange(e.target.checked)} />
        {texts['twoStep.step.trust']}
      </label>
    </div>
  );
}
