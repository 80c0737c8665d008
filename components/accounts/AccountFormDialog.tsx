'use client';

import { App, Flex, Form, Input, Modal, Radio, Select, Typography } from 'antd';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import type { RowActionProps } from '@/components/list-kit/row-actions';
import type { Proof } from '@/components/two-step/StepUpFields';
import { APPELLATIONS, ROLE_IDS } from '@/lib/accounts/codes';
import { editPayload } from '@/lib/accounts/edit-payload';
import type { EditAccount, NewAccount } from '@/lib/accounts/rules';
import { postJson, type ApiResult } from '@/lib/client/api';
import { schemaRule } from '@/lib/client/form-rules';

type FormValues = Partial<NewAccount & EditAccount>;

/** A new account starts active, as a user of the main account. */
const NEW_ACCOUNT: FormValues = { type: 'CUSTOMER', status: 1, appellation: 'MR', roleId: 4 };

interface Props {
  open: boolean;
  /** The account edited; none for a new one. */
  row: RowActionProps['row'];
  options: RowActionProps['options'];
  withStepUp: <T>(send: (proof?: Proof) => Promise<ApiResult<T>>) => Promise<ApiResult<T>>;
  onClose: () => void;
  onSaved: () => void;
}

/** A new account's form, or an account's edit (AccountActions.tsx); the route handlers check the same schema. */
export function AccountFormDialog({ open, row, options, withStepUp, onClose, onSaved }: Props) {
  const t = useTranslations();
  const { message } = App.useApp();
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
    onSaved();
  }

  const schema = creating ? (s: typeof import('@/lib/client/schemas')) => s.newAccountSchema : (s: typeof import('@/lib/client/schemas')) => s.editAccountSchema;
  const rule = (field: string) => schemaRule((s) => schema(s), field, t);
  // The schema checks the whole form: the edit's untouched fields come from the row.
  const initial: FormValues = creating ? NEW_ACCOUNT : editPayload(row);

  return (
    <Modal
      open={open}
      title={creating ? t('accounts.createTitle') : t('accounts.editTitle', { account: String(row?.account ?? '') })}
      onCancel={onClose}
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
  );
}
