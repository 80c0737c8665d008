'use client';

import { ReloadOutlined, SafetyOutlined } from '@ant-design/icons';
import { Button, Flex, Input } from 'antd';
import { useTranslations } from 'next-intl';

interface Props {
  id?: string;
  value?: string;
  onChange?: (value: string) => void;
  /** Changing it loads a new code. */
  version: number;
  onRefresh: () => void;
}

/** The verification code: the input (an antd form control), its image and a refresh button. */
export function CaptchaInput({ id, value, onChange, version, onRefresh }: Props) {
  const t = useTranslations('login');
  return (
    <Flex gap={8} align="center">
      <Input
        id={id}
        value={value}
        onChange={(event) => onChange?.(event.target.value)}
        prefix={<SafetyOutlined aria-hidden />}
        autoComplete="off"
        maxLength={10}
        style={{ flex: 1 }}
      />
      {/* eslint-disable-next-line @next/next/no-img-element -- a per-request image that must not be optimised or cached */}
      <img src={`/api/auth/captcha?v=${version}`} alt={t('captchaImage')} width={120} height={40} style={{ borderRadius: 6 }} />
      <Button icon={<ReloadOutlined />} aria-label={t('refreshCaptcha')} title={t('refreshCaptcha')} onClick={onRefresh} />
    </Flex>
  );
}
