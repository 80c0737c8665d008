'use client';

import { Button, Form, Input } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { passkeyMessage, withPasskey } from '@/lib/client/passkey';
import { typedProof } from '@/lib/two-step/codes';

/** A proof of the second factor, sent with the change it confirms. */
export type Proof = { code: string } | { recoveryCode: string } | { assertion: unknown };

/**
 * The step-up's own fields (issue 26), in place of the password re-entry: the authenticator code
 * (or a recovery code), or the passkey. `read` checks the typed code's format and answers the
 * proof, or undefined with the field's message shown; `onPasskey` gets a passkey's assertion.
 */
export function useStepUpFields({ totp, passkey, onPasskey, error }: { totp: boolean; passkey: boolean; onPasskey: (proof: Proof) => void; error?: string }) {
  const t = useTranslations('twoStep');
  const [method, setMethod] = useState<'code' | 'recovery'>('code');
  const [value, setValue] = useState('');
  const [problem, setProblem] = useState<string>();

  function read(): Proof | undefined {
    const proof = typedProof(method, value);
    setProblem(proof ? undefined : t(method === 'code' ? 'errors.codeFormat' : 'errors.recoveryFormat'));
    if (!proof) return undefined;
    setValue('');
    return proof;
  }

  async function usePasskey() {
    const result = await withPasskey({ purpose: 'step-up' }, async (assertion) => ({ ok: true as const, data: assertion }));
    if (result.ok) onPasskey({ assertion: result.data });
    else setProblem(passkeyMessage(result.error, (key) => t(key)));
  }

  const message = problem ?? error;
  const fields = (
    <>
      <p>{t('stepUp.intro')}</p>
      {totp && (
        <Form.Item htmlFor="step-up-code" label={t(method === 'code' ? 'step.code' : 'step.recovery')} validateStatus={message ? 'error' : undefined} help={message}>
          <Input id="step-up-code" autoFocus autoComplete="one-time-code" inputMode={method === 'code' ? 'numeric' : 'text'} maxLength={20} value={value} onChange={(e) => setValue(e.target.value)} />
        </Form.Item>
      )}
      {!totp && message && <p role="alert" style={{ color: '#cf1322' }}>{message}</p>}
      <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
        {totp && (
          <Button type="link" style={{ paddingInline: 0 }} onClick={() => (setMethod(method === 'code' ? 'recovery' : 'code'), setValue(''), setProblem(undefined))}>
            {t(method === 'code' ? 'step.useRecovery' : 'step.useCode')}
          </Button>
        )}
        {passkey && <Button onClick={usePasskey}>{t('step.usePasskey')}</Button>}
      </div>
    </>
  );
  return { fields, read };
}
