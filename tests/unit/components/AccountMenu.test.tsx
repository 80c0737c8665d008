import { fireEvent, render, screen } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { createRef } from 'react';
import { AccountMenu } from '@/components/shell/AccountMenu';
import { OWN_PASSWORD_LOGIN_TYPE, TEMP_PASSWORD_LOGIN_TYPE } from '@/lib/auth/login-type';
import en from '@/messages/en.json';

function menu(loginType: string) {
  const noop = () => undefined;
  render(
    <NextIntlClientProvider locale="en" messages={en}>
      <AccountMenu buttonRef={createRef()} nickName="Wallet" loginType={loginType} onProfile={noop} onChangePassword={noop} onTwoStep={noop} onLogout={noop} />
    </NextIntlClientProvider>,
  );
}

describe('the account menu', () => {
  it('marks a temporary-password session with its own avatar, told beside the button so the menu below stays clear', async () => {
    menu(TEMP_PASSWORD_LOGIN_TYPE);
    const avatar = screen.getByLabelText('You are signed in with a temporary password');
    fireEvent.mouseEnter(avatar);
    const tooltip = await screen.findByRole('tooltip');
    expect(tooltip).toHaveTextContent('You are signed in with a temporary password');
    expect(tooltip.closest('.ant-tooltip')).toHaveClass('ant-tooltip-placement-left');
  });

  it('shows the ordinary avatar once the user signs in with a password of their own', () => {
    menu(OWN_PASSWORD_LOGIN_TYPE);
    expect(screen.getByRole('button', { name: 'Account menu' })).toBeInTheDocument();
    expect(screen.queryByLabelText('You are signed in with a temporary password')).toBeNull();
  });
});
