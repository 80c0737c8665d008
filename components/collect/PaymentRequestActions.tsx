'use client';

import { ExportOutlined, StopOutlined } from '@ant-design/icons';
import { App, Button, Flex } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { postJson } from '@/lib/client/api';
import { CANCELLABLE_STATUS } from '@/lib/collect/codes';

/**
 * An open payment request's actions in its drawer: open its pay link, and cancel it, confirmed. The
 * services refuse a cancel once it was paid or expired (a payment and a cancel cannot both win).
 */
export function PaymentRequestActions({ row, onDone }: RowActionProps) {
  const t = useTranslations('collect');
  const router = useRouter();
  const { message, modal } = App.useApp();
  if (!row || row.status !== CANCELLABLE_STATUS) return null;
  const id = Number(row.id);

  function cancel() {
    modal.confirm({
      title: t('confirmCancel', { requestNo: String(row?.requestNo ?? '') }),
      content: t('cancelNote'),
      type: 'warning',
      okText: t('cancelRequest'),
      okButtonProps: { danger: true },
      cancelText: t('keep'),
      async onOk() {
        const result = await postJson('/api/gateway/collectCancel', { input: { id } });
        if (!result.ok) {
          message.error(result.error.message ?? t('cancelFailed'));
          return;
        }
        message.success(t('cancelled'));
        onDone();
        router.refresh();
      },
    });
  }

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
