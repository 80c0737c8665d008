/**
 * The password policy of spec sections 5 and 9, one module for the portal's forms, its route
 * handlers and the reference services. The problem codes are the spec's message keys.
 */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_HISTORY = 4;

export type PasswordProblem =
  | 'pwd.pwdLess8Char'
  | 'pwd.notNumber'
  | 'pwd.notLowercase'
  | 'pwd.notUppercase'
  | 'pwd.notSpecialCharacters';

/** Letters, digits, underscore and Chinese characters are not special; anything else is. */
const ONLY_ORDINARY = /^[A-Za-z0-9_\u4e00-\u9fa5]*$/;

/** Every rule the password breaks, in the order the form lists them; empty when it is acceptable. */
export function passwordProblems(password: string): PasswordProblem[] {
  const problems: PasswordProblem[] = [];
  if ([...password].length < PASSWORD_MIN_LENGTH) problems.push('pwd.pwdLess8Char');
  if (!/\d/.test(password)) problems.push('pwd.notNumber');
  if (!/[a-z]/.test(password)) problems.push('pwd.notLowercase');
  if (!/[A-Z]/.test(password)) problems.push('pwd.notUppercase');
  if (ONLY_ORDINARY.test(password)) problems.push('pwd.notSpecialCharacters');
  return problems;
}
