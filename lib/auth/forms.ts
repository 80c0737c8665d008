import { z } from 'zod';
import { PASSWORD_MIN_LENGTH, passwordProblems } from './password-policy';

/**
 * The sign-in and password forms' rules (spec section 5), one schema each for the browser form and
 * the route handler. Issue messages are message keys. The browser loads them through
 * `lib/client/schemas.ts` when a form first validates.
 */
export const loginFormSchema = z.object({
  username: z.string().trim().min(1, 'login.accountRequired').max(254),
  // Empty means "use the remembered password" when one is remembered.
  password: z.string().max(256),
  captcha: z.string().trim().min(1, 'login.captchaRequired').max(10),
  rememberMe: z.boolean().default(false),
});

export const forgotFormSchema = z.object({
  email: z.string().trim().min(1, 'login.emailAddressRequired').max(254).pipe(z.email('pwd.emailAddrInvalid')),
  username: z.string().trim().min(1, 'pwd.usernameNotNull').max(254),
});

/** New password and its confirmation: the policy on the first, equality on the second. */
export const newPasswordSchema = z
  .object({ newPassword: z.string().max(256), confirmPassword: z.string().max(256) })
  .superRefine(({ newPassword, confirmPassword }, context) => {
    for (const problem of passwordProblems(newPassword)) context.addIssue({ code: 'custom', path: ['newPassword'], message: problem });
    if ([...confirmPassword].length < PASSWORD_MIN_LENGTH) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'pwd.pwdLess8Char' });
    else if (confirmPassword !== newPassword) context.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'pwd.pwdNotEquals' });
  });

/** Spec section 5: a new contact number has at least 8 digits (the browser's check; the services check it again). */
export const contactFormSchema = z.object({ contactNumber: z.string().trim().regex(/^\d{8,20}$/, 'contact.atLeast8') });
