'use client';

import { App, Button, Space } from 'antd';
import dynamic from 'next/dynamic';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { useConfirmedChange } from '@/components/list-kit/use-confirmed-change';
import { editPayload } from '@/lib/accounts/edit-payload';
import { postJson } from '@/lib/client/api';
import { useOpenedOnce } from '@/lib/client/use-opened-once';
import { usePreloadWhenIdle } from '@/lib/client/use-preload';
import type { Proof } from '@/components/two-step/StepUpFields';
import { hasFactor, useFactorStatus } from '@/components/two-step/use-factor-status';
import { useStepUp } from '@/components/two-step/use-step-up';
import { orUpdatePrompt } from '@/lib/client/on-demand';

// The account's form (antd's form, inputs, selects and radios) is not part of the list's first load:
// it loads when the browser is idle, or at the first opening if that comes first.
const loadAccountFormDialog = () => import('./AccountFormDialog').then((m) => m.AccountFormDialog);
const AccountFormDialog = dynamic(orUpdatePrompt(loadAccountFormDialog), { ssr: false });

/**
 * The account administrator's actions on the account list: a new account (toolbar), and in a row's
 * drawer its edit and its activation or deactivation, each confirmed. The route handlers check the
 * same schema and the services every rule again.
 */
export function AccountActions({ row, onDone, options }: RowActionProps) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const confirmed = useConfirmedChange(onDone);
  // An administrator with a second factor confirms account changes with it (issue 26).
  const { withStepUp, confirmWithStepUp, dialog } = useStepUp();
  const { status: factors } = useFactorStatus(row !== null);
  const [open, setOpen] = useState(false);
  const formMounted = useOpenedOnce(open);
  const creating = row === null;
  usePreloadWhenIdle(loadAccountFormDialog);

  function saved() {
    setOpen(false);
    onDone();
    router.refresh();
  }

  async function toggleStatus() {
    if (!row) return;
    const activating = Number(row.status) !== 1;
    const texts = {
      title: t(activating ? 'accounts.confirmActivate' : 'accounts.confirmDeactivate', { account: String(row.account) }),
      content: activating ? undefined : t('accounts.deactivateNote'),
      ok: t(activating ? 'accounts.activate' : 'accounts.deactivate'),
      cancel: t('common.cancel'),
      done: t(activating ? 'accounts.activated' : 'accounts.deactivated'),
      failed: t('accounts.errors.editFailed'),
      danger: !activating,
    };
    const change = (proof?: Proof) => postJson('/api/accounts/edit', { ...editPayload(row), status: activating ? 1 : 0, ...proof });
    if (!hasFactor(factors)) return confirmed(texts, () => withStepUp(change));
    // With a second factor the step-up dialog is the confirmation: no second dialog over it.
    const result = await confirmWithStepUp(texts, change);
    if (!result) return;
    if (!result.ok) return void message.error(result.error.message ?? texts.failed);
    void message.success(texts.done);
    onDone();
    router.refresh();
  }

  /** A lost phone: the user signs in with the password alone and sets up two-step verification again. */
  function resetTwoStep() {
    if (!row) return;
    confirmed(
      {
        title: t('twoStep.reset.confirm', { account: String(row.account) }),
        ok: t('twoStep.reset.action'),
        cancel: t('common.cancel'),
        done: t('twoStep.reset.done'),
        failed: t('gateway.REQUEST_FAILED'),
      },
      () => postJson('/api/two-step/reset', { userId: Number(row.userId) }),
    );
  }

  return (
    <>
      {dialog}
      {creating ? (
        <Button type="primary" onClick={() => setOpen(true)}>
          {t('accounts.create')}
        </Button>
      ) : (
        Number(row.isAdmin) !== 1 && (
          // Three actions wrap on a phone rather than squeeze the drawer's title out.
          <Space wrap style={{ maxWidth: '62vw', justifyContent: 'flex-end' }}>
            <Button onClick={() => setOpen(true)}>{t('accounts.edit')}</Button>
            <Button danger={Number(row.status) === 1} onClick={() => void toggleStatus()}>
              {t(Number(row.status) === 1 ? 'accounts.deactivate' : 'accounts.activate')}
            </Button>
            <Button onClick={resetTwoStep}>{t('twoStep.reset.action')}</Button>
          </Space>
        )
      )}
      {formMounted && <AccountFormDialog open={open} row={row} options={options} withStepUp={withStepUp} onClose={() => setOpen(false)} onSaved={saved} />}
    </>
  );
}
