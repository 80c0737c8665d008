'use client';

import { useEffect, useRef, useState, type FormEvent } from 'react';
import { postJson } from '@/lib/client/api';
import styles from '@/components/public/public.module.css';
import type { SignInTexts } from './texts';
import { fieldErrors, type FieldErrors } from './validate';

type Field = 'email' | 'username';

/**
 * Forgot password (spec section 5): e-mail and account. A native modal dialog: it keeps the focus
 * inside and Escape closes it. `onClose(true)` when the link was sent.
 */
export function ForgotPasswordDialog({ texts, open, defaultAccount, onClose }: { texts: SignInTexts; open: boolean; defaultAccount: string; onClose: (sent: boolean) => void }) {
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="forgot-title" onClose={() => onClose(false)}>
      {/* Rendered only while open, so each opening starts from empty fields. */}
      {open && <ForgotForm texts={texts} defaultAccount={defaultAccount} onDone={onClose} />}
    </dialog>
  );
}

function ForgotForm({ texts, defaultAccount, onDone }: { texts: SignInTexts; defaultAccount: string; onDone: (sent: boolean) => void }) {
  const [values, setValues] = useState<Record<Field, string>>({ email: '', username: defaultAccount });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const found = await fieldErrors<Field>((s) => s.forgotFormSchema, values, texts);
    setErrors(found);
    if (found.email || found.username) return;
    setSending(true);
    const result = await postJson('/api/auth/forgot', values);
    setSending(false);
    if (result.ok) {
      onDone(true);
      return;
    }
    // Spec section 5: the server's answer is shown under the e-mail field.
    setErrors({ email: result.error.message ?? texts['gateway.REQUEST_FAILED'] });
  }

  const input = (name: Field, label: string, attributes: React.InputHTMLAttributes<HTMLInputElement>) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`forgot-${name}`}>
        {label}
      </label>
      <input
        id={`forgot-${name}`}
        name={name}
        className={styles.input}
        value={values[name]}
        onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
        aria-invalid={Boolean(errors[name])}
        aria-describedby={errors[name] ? `forgot-${name}-error` : undefined}
        maxLength={254}
        {...attributes}
      />
      {errors[name] && (
        <p id={`forgot-${name}-error`} className={styles.fieldError}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <form noValidate onSubmit={submit}>
      <h2 id="forgot-title" className={styles.dialogTitle}>
        {texts['forgot.title']}
      </h2>
      <p className={styles.muted}>{texts['forgot.description']}</p>
      {input('email', texts['forgot.email'], { type: 'email', autoComplete: 'email', autoFocus: true })}
      {input('username', texts['forgot.account'], { autoComplete: 'username' })}
      <div className={styles.buttons}>
        <button type="button" className={styles.secondary} onClick={() => onDone(false)}>
          {texts['forgot.cancel']}
        </button>
        <button type="submit" className={styles.primary} disabled={sending} aria-busy={sending}>
          {sending && <span className={styles.spinning} aria-hidden />}
          {texts['forgot.submit']}
        </button>
      </div>
    </form>
  );
}
