import { forgotFormSchema, loginFormSchema, newPasswordSchema } from '@/lib/auth/forms';
import { pendingPasswordChanges } from '@/lib/auth/password-changes';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.success ? [] : (result.error?.issues ?? []).map((i) => `${String(i.path[0])}:${i.message}`);

describe('form schemas shared by the browser and the route handlers', () => {
  it('requires account and verification code to sign in (password may be remembered)', () => {
    expect(messages(loginFormSchema.safeParse({ username: ' ', password: '', captcha: '' }))).toEqual(['username:login.accountRequired', 'captcha:login.captchaRequired']);
    expect(loginFormSchema.parse({ username: ' admin ', password: '', captcha: '2468' })).toEqual({ username: 'admin', password: '', captcha: '2468', rememberMe: false });
  });

  it('checks the forgot-password form with the spec message keys', () => {
    expect(messages(forgotFormSchema.safeParse({ email: '', username: '' }))).toEqual(['email:login.emailAddressRequired', 'username:pwd.usernameNotNull']);
    expect(messages(forgotFormSchema.safeParse({ email: 'not-an-email', username: 'admin' }))).toEqual(['email:pwd.emailAddrInvalid']);
    expect(forgotFormSchema.safeParse({ email: 'admin@demo.test', username: 'admin' }).success).toBe(true);
  });

  it('applies the policy to the new password and equality to the confirmation', () => {
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'abc', confirmPassword: 'abc' }))).toEqual([
      'newPassword:pwd.pwdLess8Char',
      'newPassword:pwd.notNumber',
      'newPassword:pwd.notUppercase',
      'newPassword:pwd.notSpecialCharacters',
      'confirmPassword:pwd.pwdLess8Char',
    ]);
    expect(messages(newPasswordSchema.safeParse({ newPassword: 'Portal#2027', confirmPassword: 'Portal#2028' }))).toEqual(['confirmPassword:pwd.pwdNotEquals']);
    expect(newPasswordSchema.safeParse({ newPassword: 'Portal#2027', confirmPassword: 'Portal#2027' }).success).toBe(true);
  });

  it('owes a management password only for roles that have one (1, 2, 3 and 7)', () => {
    expect(pendingPasswordChanges({ pwdFlag: true, opPwdFlag: true, roleId: 2 })).toEqual({ login: true, management: true });
    expect(pendingPasswordChanges({ pwdFlag: false, opPwdFlag: true, roleId: 7 })).toEqual({ login: false, management: true });
    expect(pendingPasswordChanges({ pwdFlag: false, opPwdFlag: true, roleId: 4 })).toEqual({ login: false, management: false });
  });
});
