'use client';

import { UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Col, Flex, Form, Progress, Row, Select, Upload } from 'antd';
import { Surface } from '@/components/ui/Surface';
import text from '@/components/text/text.module.css';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { uploadForm } from '@/lib/client/upload';
import { ACCEPT_ATTRIBUTE, checkDocumentFile, DOCUMENT_TYPES, FILE_REFUSAL_PARAMS, MAX_DOCUMENT_MEGABYTES, SNIFF_BYTES, type DocumentType } from '@/lib/documents/rules';
import type { FilterOption } from '@/lib/list-kit/narrow';

export interface Renewal {
  merchant_no: string;
  name: string;
  brExpiryDate: string;
  daysLeft: number;
  pending: boolean;
}

interface Values {
  docType?: DocumentType;
  merchant?: string;
}

/**
 * Sends one document: its type, its merchant (required for a business registration) and the file,
 * checked here by size and content first (the route handler and the services check again), with
 * the upload's progress. A failed upload keeps the chosen file and offers to send it again.
 * Business registrations about to expire ask for a new one above the form.
 */
export function UploadPanel({ merchants, renewals, renewalsError }: { merchants: FilterOption[]; renewals: Renewal[]; renewalsError?: string }) {
  const t = useTranslations();
  const router = useRouter();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const [progress, setProgress] = useState<number | null>(null);
  const [failure, setFailure] = useState<string>();

  async function choose(chosen: File) {
    const head = new Uint8Array(await chosen.slice(0, SNIFF_BYTES).arrayBuffer());
    const checked = checkDocumentFile(chosen.name, chosen.size, head);
    setFile(chosen);
    setFailure(undefined);
    setFileError('refusal' in checked ? t(`upstream.${checked.refusal}`, FILE_REFUSAL_PARAMS) : undefined);
  }

  async function send(values: Values) {
    if (!file) {
      setFileError(t('documents.errors.fileRequired'));
      return;
    }
    if (fileError) return;
    const body = new FormData();
    body.set('docType', values.docType ?? '');
    if (values.merchant) body.set('merchant', values.merchant);
    body.set('file', file);
    setFailure(undefined);
    setProgress(0);
    const result = await uploadForm<{ id: number }>('/api/documents', body, (fraction) => setProgress(Math.round(fraction * 100)));
    setProgress(null);
    if (!result.ok) {
      setFailure(t('documents.uploadFailed', { file: file.name, reason: result.error.message ?? t('gateway.NO_RESPONSE') }));
      return;
    }
    message.success(t('documents.uploaded', { file: file.name }));
    setFile(null);
    form.resetFields();
    router.refresh();
  }

  const renew = (merchantNo: string) => {
    form.setFieldsValue({ docType: 'BUSINESS_REGISTRATION', merchant: merchantNo });
    document.getElementById('documentUpload_docType')?.focus();
  };
  const uploading = progress !== null;

  return (
    <Surface heading={t('documents.uploadTitle')} style={{ marginBottom: 16 }}>
      <Flex vertical gap={12}>
        {renewalsError && <Alert type="error" showIcon title={renewalsError} />}
        {renewals.map((renewal) =>
          renewal.pending ? (
            <Alert key={renewal.merchant_no} type="info" showIcon title={t('documents.renewalPending', { merchant: renewal.name, merchantNo: renewal.merchant_no, date: renewal.brExpiryDate })} />
          ) : (
            <Alert
              key={renewal.merchant_no}
              type="warning"
              showIcon
              title={t(renewal.daysLeft < 0 ? 'documents.renewalExpired' : 'documents.renewalNeeded', { merchant: renewal.name, merchantNo: renewal.merchant_no, date: renewal.brExpiryDate, days: renewal.daysLeft })}
              action={
                <Button size="small" onClick={() => renew(renewal.merchant_no)}>
                  {t('documents.uploadRenewal')}
                </Button>
              }
            />
          ),
        )}
        <span className={text.secondary}>{t('documents.limits', { megabytes: MAX_DOCUMENT_MEGABYTES })}</span>
        <Form form={form} name="documentUpload" layout="vertical" onFinish={(values) => void send(values)} disabled={uploading} requiredMark>
          <Row gutter={16}>
            <Col xs={24} md={8}>
              <Form.Item name="docType" label={t('documents.fields.docType')} rules={[{ required: true, message: t('documents.errors.typeRequired') }]}>
                <Select options={DOCUMENT_TYPES.map((type) => ({ value: type, label: t(`documents.types.${type}`) }))} placeholder={t('documents.chooseType')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item
                name="merchant"
                label={t('documents.fields.merchant')}
                dependencies={['docType']}
                rules={[({ getFieldValue }) => ({ required: getFieldValue('docType') === 'BUSINESS_REGISTRATION', message: t('upstream.DOCUMENT_MERCHANT_REQUIRED') })]}
              >
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={merchants} placeholder={t('documents.chooseMerchant')} />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item label={t('documents.fields.file')} required validateStatus={fileError ? 'error' : undefined} help={fileError}>
                <Upload
                  accept={ACCEPT_ATTRIBUTE}
                  maxCount={1}
                  beforeUpload={(chosen) => {
                    void choose(chosen);
                    return false;
                  }}
                  onRemove={() => {
                    setFile(null);
                    setFileError(undefined);
                  }}
                  fileList={file ? [{ uid: 'chosen', name: file.name, status: fileError ? 'error' : 'done' }] : []}
                >
                  <Button icon={<UploadOutlined />}>{t('documents.chooseFile')}</Button>
                </Upload>
              </Form.Item>
            </Col>
          </Row>
          {uploading && <Progress percent={progress} status="active" aria-label={t('documents.progress')} />}
          {failure && (
            <Alert
              type="error"
              showIcon
              title={failure}
              style={{ marginBottom: 12 }}
              action={
                <Button size="small" onClick={() => form.submit()}>
                  {t('documents.retry')}
                </Button>
              }
            />
          )}
          <Button type="primary" htmlType="submit" loading={uploading}>
            {t('documents.upload')}
          </Button>
        </Form>
      </Flex>
    </Surface>
  );
}
