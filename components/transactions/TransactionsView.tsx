'use client';

import { Alert, Button, Card, Col, DatePicker, Descriptions, Drawer, Flex, Form, Input, Row, Select, Statistic } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { DataTable } from '@/components/data-table/DataTable';
import { useColumnVisibility } from '@/components/data-table/use-column-visibility';
import { loadSchemas } from '@/lib/client/form-rules';
import { formatCell } from '@/lib/data-table/columns';
import { PAYMENT_TYPES } from '@/lib/domain/transaction-types';
import { formatAmount, formatCount } from '@/lib/format/money';
import { TRANSACTION_COLUMNS, TRANSACTION_DETAIL_COLUMNS, type TransactionRow } from '@/lib/transactions/columns';
import { ExportButton } from './ExportButton';
import type { TransactionFilters } from '@/lib/transactions/filters';
import { PAGE_SIZES, transactionSearch } from '@/lib/transactions/search';

export interface TransactionsResult {
  rows: TransactionRow[];
  total: number;
  totalAmount: string;
  summary: { name: string; count: number; amount: string }[];
}

interface Props {
  userId: number;
  filters: TransactionFilters;
  issues: { field: string; message: string }[];
  result: TransactionsResult | null;
  error?: string;
  singleOnly: boolean;
  merchants: string[];
  stores: { code: string; name: string; merchant: string; terminals: string[] }[];
}

/** How long a search waits for the client router before the browser loads the address itself. */
const NAVIGATION_FALLBACK_MS = 5000;

interface FormValues {
  dates: [Dayjs, Dayjs];
  merchant?: string;
  store?: string;
  terminal?: string;
  paymentType?: string;
  amountFrom?: string;
  amountTo?: string;
  order?: string;
  eft?: string;
  rrn?: string;
}

/** Real-time transactions: filters in the URL, the summary of the filtered view, the list, details. */
export function TransactionsView({ userId, filters, issues, result, error, singleOnly, merchants, stores }: Props) {
  const t = useTranslations();
  const router = useRouter();
  const pathname = usePathname();
  const [form] = Form.useForm<FormValues>();
  const shown = useSearchParams().toString();
  // The view is loading from the moment another URL is asked for until the URL changes (to that
  // page, or to any other by back and forward). Tied to the URL, not to a transition: a transition
  // that never settled left the form stuck.
  const [leaving, setLeaving] = useState<string | null>(null);
  const [seen, setSeen] = useState(shown);
  if (seen !== shown) {
    setSeen(shown);
    setLeaving(null);
  }
  const loading = leaving === shown;
  const [detail, setDetail] = useState<TransactionRow | null>(null);
  const [visibility] = useColumnVisibility('transactions', userId, TRANSACTION_COLUMNS);
  const merchant = Form.useWatch('merchant', form);
  const store = Form.useWatch('store', form);

  const go = (next: Partial<TransactionFilters>) => {
    const search = transactionSearch(next);
    if (search === shown) return;
    setLeaving(shown);
    const url = `${pathname}?${search}`;
    router.push(url);
    // Under load Next's client router has been seen to drop a navigation without asking the server
    // (docs/decisions.md): when the address has not moved after a while, the browser loads it.
    window.setTimeout(() => {
      // eslint-disable-next-line @next/next/no-location-assign-relative-destination -- the fallback for a push the router dropped
      if (window.location.search.replace(/^\?/, '') === shown) window.location.assign(url);
    }, NAVIGATION_FALLBACK_MS);
  };

  async function search(values: FormValues) {
    const next = {
      from: values.dates[0].format('YYYY-MM-DD'),
      to: values.dates[1].format('YYYY-MM-DD'),
      merchant: values.merchant,
      store: values.store,
      terminal: values.terminal,
      paymentType: values.paymentType as TransactionFilters['paymentType'],
      amountFrom: values.amountFrom,
      amountTo: values.amountTo,
      order: values.order,
      eft: values.eft,
      rrn: values.rrn,
      size: filters.size,
    };
    const { transactionFilterSchema } = await loadSchemas();
    const checked = transactionFilterSchema.safeParse(next);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((issue) => ({ name: issue.path[0] === 'from' || issue.path[0] === 'to' ? 'dates' : (issue.path[0] as keyof FormValues), errors: [t(issue.message as never, { maxDays: 366 } as never)] })));
      return;
    }
    go({ ...next, page: 1, sort: filters.sort, dir: filters.dir });
  }

  const fieldIssue = (field: string) => issues.find((i) => i.field === field || (field === 'dates' && (i.field === 'from' || i.field === 'to')));
  const status = (field: string) => (fieldIssue(field) ? { validateStatus: 'error' as const, help: t(fieldIssue(field)?.message as never, { maxDays: 366 } as never) } : {});
  const storeOptions = stores.filter((s) => !merchant || s.merchant === merchant);
  const terminalOptions = storeOptions.filter((s) => !store || s.code === store).flatMap((s) => s.terminals);

  return (
    <Flex vertical gap={16}>
      <Card>
        <Form
          form={form}
          name="transactions"
          layout="vertical"
          onFinish={search}
          initialValues={{ ...filters, dates: [dayjs(filters.from), dayjs(filters.to)] }}
          onValuesChange={(changed) => {
            if ('merchant' in changed) form.setFieldsValue({ store: undefined, terminal: undefined });
            if ('store' in changed) form.setFieldsValue({ terminal: undefined });
          }}
        >
          <Row gutter={16}>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="dates" label={t('tx.dates')} {...status('dates')}>
                <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="merchant" label={t('tx.merchant')}>
                <Select allowClear placeholder={t('tx.all')} options={merchants.map((m) => ({ value: m, label: m }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="store" label={t('tx.store')}>
                <Select allowClear showSearch={{ optionFilterProp: 'label' }} placeholder={t('tx.all')} options={storeOptions.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="terminal" label={t('tx.terminal')}>
                <Select allowClear placeholder={t('tx.all')} options={terminalOptions.map((code) => ({ value: code, label: code }))} />
              </Form.Item>
            </Col>
            <Col xs={24} md={12} xl={8}>
              <Form.Item name="paymentType" label={t('tx.paymentType')}>
                <Select allowClear placeholder={t('tx.all')} options={PAYMENT_TYPES.map((p) => ({ value: p, label: t(`paymentType.${p}`) }))} />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="amountFrom" label={t('tx.amountFrom')} {...status('amountFrom')}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={12} md={6} xl={4}>
              <Form.Item name="amountTo" label={t('tx.amountTo')} {...status('amountTo')}>
                <Input inputMode="decimal" />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="order" label={t('tx.order')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="eft" label={t('tx.eft')}>
                <Input />
              </Form.Item>
            </Col>
            <Col xs={24} md={8}>
              <Form.Item name="rrn" label={t('tx.rrn')}>
                <Input />
              </Form.Item>
            </Col>
          </Row>
          <Flex gap={8} justify="end">
            <Button onClick={() => go({})}>{t('tx.reset')}</Button>
            <Button type="primary" htmlType="submit" loading={loading}>
              {t('tx.search')}
            </Button>
          </Flex>
        </Form>
      </Card>
      {singleOnly && !result && <Alert type="info" showIcon title={t('tx.singleOnly')} />}
      {error && <Alert type="error" showIcon title={error} />}
      {result && (
        <Row gutter={[16, 16]}>
          <Col xs={12} lg={6}>
            <Card>
              <Statistic title={t('tx.totalAmount')} value={formatAmount(result.totalAmount)} />
            </Card>
          </Col>
          <Col xs={12} lg={6}>
            <Card>
              <Statistic title={t('tx.count')} value={formatCount(result.total)} />
            </Card>
          </Col>
          {result.summary.map((line) => (
            <Col xs={24} sm={8} lg={4} key={line.name}>
              <Card data-testid={`summary-${line.name}`}>
                <Statistic title={t('tx.summaryTitle', { name: t(`tx.summary.${line.name}` as never), count: formatCount(line.count) })} value={formatAmount(line.amount)} />
              </Card>
            </Col>
          ))}
        </Row>
      )}
      {result && (
        <Card>
          <DataTable<TransactionRow>
            tableId="transactions"
            userId={userId}
            columns={TRANSACTION_COLUMNS}
            rows={result.rows}
            rowKey={(row) => String(row.id)}
            total={result.total}
            page={filters.page}
            pageSize={filters.size}
            pageSizes={PAGE_SIZES}
            sort={{ key: filters.sort, dir: filters.dir }}
            loading={loading}
            onChange={({ page, pageSize, sort }) => go({ ...filters, page, size: pageSize as TransactionFilters['size'], sort: (sort?.key ?? filters.sort) as TransactionFilters['sort'], dir: sort?.dir ?? filters.dir })}
            onRowOpen={setDetail}
            toolbar={<ExportButton search={transactionSearch({ ...filters, page: 1 })} columns={TRANSACTION_COLUMNS.filter((c) => visibility[c.id] !== false).map((c) => c.id)} disabled={result.total === 0} />}
          />
        </Card>
      )}
      <Drawer open={detail !== null} onClose={() => setDetail(null)} title={t('tx.detail')} size={520}>
        {detail && (
          <Descriptions column={1} size="small" bordered>
            {TRANSACTION_DETAIL_COLUMNS.map((column) => (
              <Descriptions.Item key={column.id} label={t(column.label as never)}>
                {formatCell(column.value(detail), column.format)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
      </Drawer>
    </Flex>
  );
}
