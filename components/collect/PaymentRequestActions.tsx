'use client';

import { ExportOutlined, StopOutlined } from '@ant-design/icons';
import { Button, Flex } from 'antd';
import { useTranslations } from 'next-intl';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { useConfirmedChange } from '@/components/list-kit/use-confirmed-change';
import { postJson } from '@/lib/client/api';
import { CANCELLABLE_STATUS, PAYMENT_REQUEST_CANCELLED } from '@/lib/collect/codes';

/**
 * An open payment request's actions in its drawer: open its pay link, and cancel it, confirmed. The
 * services refuse a cancel once it was paid or expired (a payment and a cancel cannot both win).
 */
export function PaymentRequestActions({ row, onDone }: RowActionProps) {
  const t = useTranslations('collect');
  const requestNo = String(row?.requestNo ?? '');
  const confirmed = useConfirmedChange(() => {
    onDone();
    window.dispatchEvent(new CustomEvent(PAYMENT_REQUEST_CANCELLED, { detail: requestNo }));
  });
  if (!row || row.status !== CANCELLABLE_STATUS) return null;
  const id = Number(row.id);

  const cancel = () =>
    confirmed(
      { title: t('confirmCancel', { requestNo }), content: t('cancelNote'), ok: t('cancelRequest'), cancel: t('keep'), done: t('cancelled'), failed: t('cancelFailed'), danger: true },
      () => postJson('/api/gateway/collectCancel', { input: { id } }),
    );

  return (
    <Flex gap={8} wrap>
      <Button icon={<ExportOutlined />} href={String(row.payLink)} target="_blank" rel="noopener noreferrer">
        {t('openPayLink')}
      </Button>
      <Button danger icon={<StopOutlined />} onClick={cancel}>
        {t('cancelRequest')}
      </Button>
    </Flex>
  );
}
