'use client';

import { useRouter } from 'next/navigation';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { postJson } from '@/lib/client/api';
import { useHydrated } from '@/lib/client/use-hydrated';
import { passkeyMessage, withPasskey } from '@/lib/client/passkey';
import { ForgotPasswordDialog } from './ForgotPasswordDialog';
import { ReloadIcon } from './ReloadIcon';
import { SecondStepForm, type SignedIn } from './SecondStepForm';
import styles from '@/components/public/public.module.css';
import type { SignInTexts } from './texts';
import { fieldErrors, type FieldErrors } from './validate';

export type LoginNotice = 'loggedOut' | 'sessionEnded' | 'ssoFailed' | 'passwordReset';

type Field = 'username' | 'password' | 'captcha';
interface Values {
  username: string;
  password: string;
  captcha: string;
  rememberMe: boolean;
}

interface Props {
  texts: SignInTexts;
  rememberedAccount?: string;
  passwordRemembered: boolean;
  notice?: LoginNotice;
}

/** How long a passing message stays (spec section 2: the sign-out message shows for 3 seconds). */
const PASSING_MS: Partial<Record<LoginNotice, number>> & { sent: number } = { loggedOut: 3000, passwordReset: 5000, sent: 5000 };

/** The sign-in form: account or e-mail, password, verification code, remember me, forgot password. */
export function LoginForm({ texts, rememberedAccount, passwordRemembered, notice }: Props) {
  const [account, setAccount] = useState(rememberedAccount ?? '');
  // False in the server's HTML and until hydration: till then a press of Sign in would be the
  // browser's own form submission, with the password in the address.
  const hydrated = useHydrated();
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [error, setError] = useState<string>();
  const [submitting, setSubmitting] = useState(false);
  const [captchaVersion, setCaptchaVersion] = useState(0);
  const [forgotOpen, setForgotOpen] = useState(false);
  const [passing, setPassing] = useState(() => {
    const ms = notice && PASSING_MS[notice];
    return ms ? { text: texts[`login.${notice}`], ms } : undefined;
  });
  const form = useRef<HTMLFormElement>(null);
  // After a right password of a user with a second factor: which factors the second step offers.
  const [secondStep, setSecondStep] = useState<{ totp: boolean; passkey: boolean; rememberMe: boolean }>();
  // Signed in with a recovery code: how many remain is said before the portal opens.
  const [signedIn, setSignedIn] = useState<SignedIn>();
  const router = useRouter();
  const usesRemembered = passwordRemembered && account === rememberedAccount;

  useEffect(() => {
    if (!passing) return;
    const timer = setTimeout(() => setPassing(undefined), passing.ms);
    return () => clearTimeout(timer);
  }, [passing]);

  /**
   * The form's values as the page shows them: the inputs are uncontrolled, so what was typed before
   * the page was hydrated counts too.
   */
  function read(): Values {
    const data = new FormData(form.current ?? undefined);
    const text = (name: Field) => String(data.get(name) ?? '');
    return { username: text('username'), password: text('password'), captcha: text('captcha'), rememberMe: data.get('rememberMe') === 'on' };
  }

  async function problems(next: Values): Promise<FieldErrors<Field>> {
    const found = await fieldErrors<Field | 'rememberMe'>((s) => s.loginFormSchema, next, texts);
    if (!next.password && !usesRemembered) found.password ??= texts['login.passwordRequired'];
    return found;
  }

  function changed(field: Field) {
    const values = read();
    if (field === 'username') setAccount(values.username);
    // A field once flagged is checked again as it is corrected, as antd's forms do.
    if (errors[field]) void problems(values).then(setErrors);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const values = read();
    setError(undefined);
    setSubmitting(true);
    const found = await problems(values);
    setErrors(found);
    const firstInvalid = (['username', 'password', 'captcha'] as const).find((field) => found[field]);
    if (firstInvalid) {
      setSubmitting(false);
      form.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    const result = await postJson<SignedIn | { secondStep: { totp: boolean; passkey: boolean } }>('/api/auth/login', values, { onSessionEnd: 'return' });
    if (result.ok && 'secondStep' in result.data) {
      setSubmitting(false);
      setSecondStep({ ...result.data.secondStep, rememberMe: values.rememberMe });
      return;
    }
    if (result.ok) return enter(result.data as SignedIn);
    setSubmitting(false);
    setError(result.error.message ?? texts['login.error']);
    // A code is good for one try.
    const captcha = form.current?.elements.namedItem('captcha');
    if (captcha instanceof HTMLInputElement) captcha.value = '';
    setCaptchaVersion((v) => v + 1);
  }

  function enter(result: SignedIn) {
    if (result.notice && !signedIn) return setSignedIn(result);
    // A client navigation: the next page arrives hydrated, so nothing typed into it is lost.
    router.replace(result.redirect);
    router.refresh();
  }

  async function signInWithPasskey() {
    setError(undefined);
    setSubmitting(true);
    const rememberMe = read().rememberMe;
    const result = await withPasskey({ purpose: 'sign-in' }, (assertion) => postJson<SignedIn>('/api/auth/passkey', { assertion, rememberMe }, { onSessionEnd: 'return' }));
    if (result.ok) return enter(result.data);
    setSubmitting(false);
    setError(passkeyMessage(result.error, (key) => texts[`twoStep.${key}`]));
  }

  if (signedIn) {
    return (
      <>
        <p role="status" className={`${styles.alert} ${styles.success}`}>
          {signedIn.notice}
        </p>
        <button type="button" className={styles.primary} autoFocus onClick={() => enter({ redirect: signedIn.redirect })}>
          {texts['twoStep.recovery.continue']}
        </button>
      </>
    );
  }
  if (secondStep) {
    return (
      <SecondStepForm
        texts={texts}
        totp={secondStep.totp}
        passkey={secondStep.passkey}
        onSignedIn={enter}
        onBack={() => {
          setSecondStep(undefined);
          setCaptchaVersion((v) => v + 1);
        }}
      />
    );
  }

  const warning = notice === 'sessionEnded' || notice === 'ssoFailed' ? texts[`login.${notice}`] : undefined;
  const field = (name: Field, label: string, input: Partial<React.InputHTMLAttributes<HTMLInputElement>>, extra?: string) => (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={`login-${name}`}>
        {label}
      </label>
      <div className={name === 'captcha' ? styles.captcha : undefined}>
        <input
          id={`login-${name}`}
          name={name}
          className={styles.input}
          defaultValue={name === 'username' ? rememberedAccount : undefined}
          onChange={() => changed(name)}
          aria-invalid={Boolean(errors[name])}
          aria-describedby={errors[name] || extra ? `login-${name}-help` : undefined}
          readOnly={submitting}
          {...input}
        />
        {name === 'captcha' && (
          <>
            {/* eslint-disable-next-line @next/next/no-img-element -- a per-request image that must not be optimised or cached */}
            <img src={`/api/auth/captcha?v=${captchaVersion}`} alt={texts['login.captchaImage']} width={120} height={40} />
            <button type="button" className={styles.iconButton} aria-label={texts['login.refreshCaptcha']} title={texts['login.refreshCaptcha']} onClick={() => setCaptchaVersion((v) => v + 1)}>
              <ReloadIcon />
            </button>
          </>
        )}
      </div>
      {(errors[name] || extra) && (
        <p id={`login-${name}-help`} className={errors[name] ? styles.fieldError : styles.extra}>
          {errors[name] ?? extra}
        </p>
      )}
    </div>
  );

  return (
    <>
      {passing && (
        <p role="status" className={`${styles.alert} ${styles.success}`}>
          {passing.text}
        </p>
      )}
      {warning && <p className={`${styles.alert} ${styles.warning}`}>{warning}</p>}
      {error && (
        <p role="alert" className={`${styles.alert} ${styles.error}`}>
          {error}
        </p>
      )}
      <form ref={form} name="login" noValidate onSubmit={submit}>
        {field('username', texts['login.account'], { autoComplete: 'username', autoFocus: !rememberedAccount, maxLength: 254 })}
        {field(
          'password',
          texts['login.password'],
          { type: 'password', autoComplete: 'current-password', autoFocus: Boolean(rememberedAccount), maxLength: 256 },
          usesRemembered ? texts['login.passwordRemembered'] : undefined,
        )}
        {field('captcha', texts['login.captcha'], { autoComplete: 'off', maxLength: 10 })}
        <div className={styles.row}>
          <label className={styles.check}>
            <input type="checkbox" name="rememberMe" defaultChecked={Boolean(rememberedAccount)} />
            {texts['login.rememberMe']}
          </label>
          <button type="button" className={styles.link} onClick={() => setForgotOpen(true)}>
            {texts['login.forgot']}
          </button>
        </div>
        <button type="submit" className={styles.primary} disabled={!hydrated || submitting} aria-busy={submitting}>
          {submitting && <span className={styles.spinning} aria-hidden />}
          {texts['login.submit']}
        </button>
      </form>
      <p className={`${styles.divider} ${styles.muted}`}>{texts['twoStep.or']}</p>
      <button type="button" className={`${styles.secondary} ${styles.wide}`} disabled={!hydrated || submitting} onClick={signInWithPasskey}>
        {texts['twoStep.signInWithPasskey']}
      </button>
      <ForgotPasswordDialog
        texts={texts}
        open={forgotOpen}
        defaultAccount={account}
        onClose={(sent) => {
          setForgotOpen(false);
          if (sent) setPassing({ text: texts['forgot.sent'], ms: PASSING_MS.sent });
        }}
      />
    </>
  );
}
