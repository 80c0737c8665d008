'use client';

import { Button, Descriptions, Modal, Result, Skeleton } from 'antd';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useState } from 'react';
import { lastPasswordDate, personWithEmail, profileLabels, roleName } from '@/lib/auth/profile';
import { postJson } from '@/lib/client/api';
import { formatPhone } from '@/lib/format/phone';
import { languageOfTag } from '@/lib/i18n/languages';
import { localName } from '@/lib/i18n/names';
import { ContactDialog } from './ContactDialog';

interface Profile {
  account: string;
  /** The customer's, partner's or merchant's name in English, Traditional and Simplified Chinese. */
  name: string;
  cname?: string | null;
  cnameHans?: string | null;
  type: string;
  typeNo: string;
  contactName: string;
  contactEmail: string;
  contactNumber: string;
  pendingContactNumber?: string | null;
  roleName?: string;
  roleCName?: string;
  roleTName?: string;
  assignedBy?: string;
  authBy?: string;
  lastPwdDate?: string;
}

const fetchProfile = (account: string) =>
  postJson<{ data: Profile[] }>('/api/gateway/userInfoList', {}).then((result) => (result.ok ? (result.data.data.find((p) => p.account === account) ?? 'failed') : 'failed'));

/** The profile (spec sections 2 and 3): mounted, and so fetched, on every open; Escape closes it. */
export function ProfileDialog({ account, onClose }: { account: string; onClose: () => void }) {
  const t = useTranslations();
  const language = languageOfTag(useLocale()) ?? 'en';
  const [profile, setProfile] = useState<Profile | null | 'failed'>(null);
  const [contactOpen, setContactOpen] = useState(false);

  const load = useCallback(() => {
    setProfile(null);
    void fetchProfile(account).then(setProfile);
  }, [account]);

  useEffect(() => {
    let current = true;
    void fetchProfile(account).then((result) => current && setProfile(result));
    return () => {
      current = false;
    };
  }, [account]);

  const labels = profile && profile !== 'failed' ? profileLabels(profile.type) : null;
  return (
    <>
      <Modal open title={t('profile.title')} onCancel={onClose} footer={null} width="min(700px, 94vw)" keyboard>
        {profile === null && <Skeleton active paragraph={{ rows: 6 }} />}
        {profile === 'failed' && <Result status="warning" title={t('profile.loadFailed')} extra={<Button onClick={load}>{t('shell.tabRefresh')}</Button>} />}
        {profile && profile !== 'failed' && labels && (
          <Descriptions column={1} size="small" bordered styles={{ label: { width: 'min(200px, 35%)' } }}>
            <Descriptions.Item label={t(labels.name as never)}>{localName(language, profile)}</Descriptions.Item>
            <Descriptions.Item label={t(labels.number as never)}>{profile.typeNo}</Descriptions.Item>
            <Descriptions.Item label={t('profile.account')}>{profile.account}</Descriptions.Item>
            <Descriptions.Item label={t('profile.contactName')}>{profile.contactName}</Descriptions.Item>
            <Descriptions.Item label={t('profile.contactEmail')}>{profile.contactEmail}</Descriptions.Item>
            <Descriptions.Item label={t('profile.contactNumber')}>
              {formatPhone(profile.contactNumber)}
              {profile.pendingContactNumber && <div style={{ opacity: 0.7 }}>{t('profile.pendingNumber', { number: formatPhone(profile.pendingContactNumber) })}</div>}
              <Button type="link" size="small" style={{ paddingInline: 0, display: 'block' }} onClick={() => setContactOpen(true)}>
                {t('profile.updateContact')}
              </Button>
            </Descriptions.Item>
            <Descriptions.Item label={t('profile.role')}>{roleName(profile, language)}</Descriptions.Item>
            <Descriptions.Item label={t('profile.assignedBy')}>{personWithEmail(profile.assignedBy, t('profile.noEmail'))}</Descriptions.Item>
            <Descriptions.Item label={t('profile.authBy')}>{personWithEmail(profile.authBy, t('profile.noEmail'))}</Descriptions.Item>
            <Descriptions.Item label={t('profile.lastPwdDate')}>{lastPasswordDate(profile.lastPwdDate, t('profile.notUpdated'))}</Descriptions.Item>
          </Descriptions>
        )}
      </Modal>
      {profile && profile !== 'failed' && <ContactDialog open={contactOpen} profile={profile} onClose={() => setContactOpen(false)} onUpdated={load} />}
    </>
  );
}
