'use client';

import { App, Button, Flex, Form, Input, Modal, Radio, Select, Space, Typography } from 'antd';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import { useConfirmedChange } from '@/components/list-kit/use-confirmed-change';
import { APPELLATIONS, ROLE_IDS } from '@/lib/accounts/codes';
import type { EditAccount, NewAccount } from '@/lib/accounts/rules';
import { postJson } from '@/lib/client/api';
import type { Proof } from '@/components/two-step/StepUpFields';
import { hasFactor, useFactorStatus } from '@/components/two-step/use-factor-status';
import { useStepUp } from '@/components/two-step/use-step-up';
import { schemaRule } from '@/lib/client/form-rules';

type FormValues = Partial<NewAccount & EditAccount>;

/** A new account starts active, as a user of the main account. */
const NEW_ACCOUNT: FormValues = { type: 'CUSTOMER', status: 1, appellation: 'MR', roleId: 4 };

/** The fields an edit sends back unchanged when only the status changes. */
function editPayload(row: Record<string, unknown>): EditAccount {
  return {
    userId: Number(row.userId),
    contactNumber: String(row.contactNumber ?? ''),
    contactName: String(row.contactName ?? ''),
    contactEmail: String(row.contactEmail ?? ''),
    roleId: Number(row.roleId),
    status: Number(row.status) === 1 ? 1 : 0,
    jobTitle: String(row.jobTitle ?? ''),
    department: String(row.department ?? ''),
    appellation: row.appellation === 'MS' ? 'MS' : 'MR',
  };
}

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
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<FormValues>();
  const type = Form.useWatch('type', form);
  const creating = row === null;

  async function save(values: FormValues) {
    setSaving(true);
    const result = await withStepUp((proof) =>
      creating ? postJson<{ userId: number }>('/api/accounts', { ...NEW_ACCOUNT, ...values, ...proof }) : postJson('/api/accounts/edit', { ...editPayload(row), ...values, ...proof }),
    );
    setSaving(false);
    if (!result.ok) {
      form.setFields([{ name: creating ? 'account' : 'contactEmail', errors: [result.error.message ?? t('gateway.REQUEST_FAILED')] }]);
      return;
    }
    message.success(creating ? t('accounts.created', { email: String(values.contactEmail) }) : t('accounts.updated'));
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

  const schema = creating ? (s: typeof import('@/lib/client/schemas')) => s.newAccountSchema : (s: typeof import('@/lib/client/schemas')) => s.editAccountSchema;
  const rule = (field: string) => schemaRule((s) => schema(s), field, t);
  // The schema checks the whole form: the edit's untouched fields come from the row.
  const initial: FormValues = creating ? NEW_ACCOUNT : editPayload(row);

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
      <Modal
        open={open}
        title={creating ? t('accounts.createTitle') : t('accounts.editTitle', { account: String(row?.account ?? '') })}
        onCancel={() => setOpen(false)}
        okText={t('accounts.save')}
        cancelText={t('common.cancel')}
        confirmLoading={saving}
        onOk={() => form.submit()}
        width={640}
        destroyOnHidden
      >
        <Form form={form} name={creating ? 'newAccount' : 'editAccount'} layout="vertical" initialValues={initial} onFinish={save} preserve={false}>
          {creating && (
            <>
              <Form.Item name="account" required label={t('accounts.fields.account')} rules={[rule('account')]}>
                <Input autoComplete="off" />
              </Form.Item>
              <Form.Item name="type" label={t('accounts.fields.type')}>
                <Radio.Group options={(['CUSTOMER', 'MERCHANT'] as const).map((value) => ({ value, label: t(`accounts.types.${value}`) }))} />
              </Form.Item>
              {type === 'MERCHANT' && (
                <Form.Item name="merchantNo" required label={t('accounts.fields.merchant')} rules={[rule('merchantNo')]}>
                  <Select showSearch={{ optionFilterProp: 'label' }} options={options.merchants ?? []} placeholder={t('accounts.chooseMerchant')} />
                </Form.Item>
              )}
            </>
          )}
          {/* A sub account keeps its merchant (the edit payload has none): shown, not offered. */}
          {!creating && row.type === 'MERCHANT' && (
            <Form.Item label={t('accounts.fields.merchant')} htmlFor="account-merchant">
              <Input id="account-merchant" readOnly value={String(row.merchantLabel || row.typeNo || '')} />
            </Form.Item>
          )}
          <Flex gap={16} wrap>
            <Form.Item name="appellation" required label={t('accounts.fields.appellation')} rules={[rule('appellation')]}>
              <Select style={{ minWidth: 96 }} options={APPELLATIONS.map((value) => ({ value, label: t(`accounts.appellations.${value}`) }))} />
            </Form.Item>
            <Form.Item name="contactName" required label={t('accounts.fields.contactName')} rules={[rule('contactName')]} style={{ flex: '1 1 200px' }}>
              <Input autoComplete="off" />
            </Form.Item>
          </Flex>
          <Form.Item name="contactEmail" required label={t('accounts.fields.contactEmail')} rules={[rule('contactEmail')]}>
            <Input type="email" autoComplete="off" />
          </Form.Item>
          <Form.Item name="contactNumber" required label={t('accounts.fields.contactNumber')} rules={[rule('contactNumber')]}>
            <Input inputMode="numeric" autoComplete="off" />
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item name="jobTitle" required label={t('accounts.fields.jobTitle')} rules={[rule('jobTitle')]} style={{ flex: '1 1 200px' }}>
              <Input />
            </Form.Item>
            <Form.Item name="department" required label={t('accounts.fields.department')} rules={[rule('department')]} style={{ flex: '1 1 200px' }}>
              <Input />
            </Form.Item>
          </Flex>
          <Form.Item name="roleId" required label={t('accounts.fields.role')} rules={[rule('roleId')]}>
            <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 6 }}>
              {ROLE_IDS.map((id) => (
                <Radio key={id} value={id} disabled={id === 1}>
                  <strong>{t(`accounts.roleNames.${id}`)}</strong>
                  <Typography.Text type="secondary"> · {t(`accounts.capabilities.${id}`)}</Typography.Text>
                  {id === 1 && <Typography.Text type="secondary"> ({t('accounts.soleAdministrator')})</Typography.Text>}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {creating && <Typography.Paragraph type="secondary">{t('accounts.mailNote')}</Typography.Paragraph>}
        </Form>
      </Modal>
    </>
  );
}
