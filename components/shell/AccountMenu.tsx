'use client';

import { KeyOutlined, LockOutlined, LogoutOutlined, SafetyOutlined, UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Tooltip } from 'antd';
import { useTranslations } from 'next-intl';
import type { RefObject } from 'react';
import { PortalMenu } from '@/components/ui/PortalMenu';
import { TEMP_PASSWORD_LOGIN_TYPE } from '@/lib/auth/login-type';

interface Props {
  buttonRef: RefObject<HTMLButtonElement | null>;
  nickName: string;
  loginType: string;
  onProfile: () => void;
  onChangePassword: () => void;
  onTwoStep: () => void;
  onLogout: () => void;
}

/** Profile, change password, two-step verification and logout; a distinct avatar for a temporary-password session. */
export function AccountMenu({ buttonRef, nickName, loginType, onProfile, onChangePassword, onTwoStep, onLogout }: Props) {
  const t = useTranslations('account');
  const temporary = loginType === TEMP_PASSWORD_LOGIN_TYPE;
  const avatar = temporary ? (
    // Beside the button, not below it: the menu opens below, and a tooltip there covered its items.
    <Tooltip title={t('temporaryPassword')} placement="left">
      <Avatar size="small" icon={<KeyOutlined />} style={{ background: '#d46b08' }} aria-label={t('temporaryPassword')} data-testid="temporary-avatar" />
    </Tooltip>
  ) : (
    <Avatar size="small" icon={<UserOutlined />} style={{ background: '#3d6fb6' }} />
  );
  return (
    <PortalMenu
      trigger="click"
      items={[
        { key: 'profile', icon: <UserOutlined aria-hidden />, label: t('profile') },
        { key: 'password', icon: <LockOutlined aria-hidden />, label: t('changePassword') },
        { key: 'twoStep', icon: <SafetyOutlined aria-hidden />, label: t('twoStep') },
        { type: 'divider' },
        { key: 'logout', icon: <LogoutOutlined aria-hidden />, label: t('logout') },
      ]}
      onChoose={(key) => (key === 'profile' ? onProfile() : key === 'password' ? onChangePassword() : key === 'twoStep' ? onTwoStep() : onLogout())}
    >
      <Button ref={buttonRef} type="text" aria-label={t('menu')} style={{ color: '#fff', display: 'inline-flex', alignItems: 'center', gap: 8 }}>
        {avatar}
        <span className="portal-hide-narrow">{nickName}</span>
      </Button>
    </PortalMenu>
  );
}
