'use client';

import { App, Button, Modal } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { useListSelection } from '@/components/list-kit/selection';
import text from '@/components/text/text.module.css';
import { postJson } from '@/lib/client/api';
import { formatMoney } from '@/lib/format/money';

/** Voids the selected request (only a request still waiting can be selected), after a confirmation; one at a time, as the services take it, which it says when more are selected. */
export function VoidAction() {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const { rows, clear } = useListSelection();
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const row = rows.length === 1 ? rows[0] : undefined;

  async function cancel() {
    if (!row || sending) return;
    setSending(true);
    const result = await postJson('/api/refunds/cancel', { refundId: Number(row.refundId) });
    setSending(false);
    setConfirming(false);
    if (!result.ok) return void message.error(result.error.message);
    void message.success(t('refund.list.voided'));
    clear();
    router.refresh();
  }

  return (
    <>
      <Button danger disabled={!row} onClick={() => setConfirming(true)}>
        {t('refund.list.void')}
      </Button>
      {rows.length > 1 && (
        <span className={text.secondary} role="status">
          {t('refund.list.voidOne')}
        </span>
      )}
      <Modal open={confirming && Boolean(row)} title={t('refund.list.voidTitle')} okText={t('refund.list.void')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} confirmLoading={sending} onOk={cancel} onCancel={() => setConfirming(false)}>
        {row && t('refund.list.voidBody', { refundNo: String(row.refundNo), amount: formatMoney(String(row.refundAmount)) })}
      </Modal>
    </>
  );
}
