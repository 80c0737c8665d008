/**
 * Every text the sign-in page's browser code shows, translated on the server: the page ships no
 * message catalogue and no formatter (issue 17: the most visited page is also the lightest).
 * Includes the message keys the shared form schemas answer with (lib/auth/forms.ts).
 */
export const SIGN_IN_KEYS = [
  'login.account',
  'login.password',
  'login.passwordRemembered',
  'login.passwordRequired',
  'login.accountRequired',
  'login.captchaRequired',
  'login.emailAddressRequired',
  'login.captcha',
  'login.captchaImage',
  'login.refreshCaptcha',
  'login.rememberMe',
  'login.forgot',
  'login.submit',
  'login.error',
  'login.loggedOut',
  'login.passwordReset',
  'login.sessionEnded',
  'login.ssoFailed',
  'forgot.title',
  'forgot.description',
  'forgot.email',
  'forgot.account',
  'forgot.submit',
  'forgot.cancel',
  'forgot.sent',
  'pwd.emailAddrInvalid',
  'pwd.usernameNotNull',
  'gateway.REQUEST_FAILED',
  'twoStep.title',
  'twoStep.step.intro',
  'twoStep.step.code',
  'twoStep.step.recoveryIntro',
  'twoStep.step.recovery',
  'twoStep.step.useRecovery',
  'twoStep.step.useCode',
  'twoStep.step.usePasskey',
  'twoStep.step.passkeyIntro',
  'twoStep.step.trust',
  'twoStep.step.verify',
  'twoStep.step.back',
  'twoStep.signInWithPasskey',
  'twoStep.or',
  'twoStep.recovery.continue',
  'twoStep.passkeys.cancelled',
  'twoStep.passkeys.unsupported',
  'twoStep.errors.codeFormat',
  'twoStep.errors.recoveryFormat',
  'twoStep.errors.passkeyFailed',
] as const;

export type SignInText = (typeof SIGN_IN_KEYS)[number];
export type SignInTexts = Record<SignInText, string>;

/** A schema issue's message key in the user's language (the request-failed text for a key not sent). */
export const issueText = (texts: SignInTexts, key: string) => texts[key as SignInText] ?? texts['gateway.REQUEST_FAILED'];
