'use client';

import { Modal, Skeleton } from 'antd';
import { useTranslations } from 'next-intl';
import { TwoStepPanel } from './TwoStepPanel';
import { useFactorStatus } from './use-factor-status';

/** The account menu's "Two-step verification" (issue 26), as wide as the profile dialog. */
export function TwoStepDialog({ onClose }: { onClose: () => void }) {
  const t = useTranslations('twoStep');
  const { status, reload } = useFactorStatus();
  return (
    <Modal open title={t('title')} width={700} onCancel={onClose} footer={null} destroyOnHidden keyboard>
      {status ? <TwoStepPanel status={status} reload={reload} /> : <Skeleton active />}
    </Modal>
  );
}
