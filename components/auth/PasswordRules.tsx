'use client';

import { CheckCircleFilled, CloseCircleOutlined } from '@ant-design/icons';
import { theme, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { passwordProblems, type PasswordProblem } from '@/lib/auth/password-policy';

const RULES: [PasswordProblem, string][] = [
  ['pwd.pwdLess8Char', 'rule.length'],
  ['pwd.notNumber', 'rule.digit'],
  ['pwd.notLowercase', 'rule.lower'],
  ['pwd.notUppercase', 'rule.upper'],
  ['pwd.notSpecialCharacters', 'rule.special'],
];

/** Live feedback on the password policy while the user types. */
export function PasswordRules({ password }: { password: string }) {
  const t = useTranslations('pwd');
  const { token } = theme.useToken();
  const problems = passwordProblems(password);
  return (
    <div aria-live="polite" style={{ marginBottom: 16 }}>
      <Typography.Text type="secondary">{t('rulesTitle')}</Typography.Text>
      <ul style={{ listStyle: 'none', padding: 0, margin: '4px 0 0' }}>
        {RULES.map(([problem, label]) => {
          const met = password !== '' && !problems.includes(problem);
          return (
            <li key={problem} data-met={met} style={{ color: met ? token.colorSuccess : token.colorTextSecondary }}>
              {met ? <CheckCircleFilled aria-hidden /> : <CloseCircleOutlined aria-hidden />} {t(label)}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
