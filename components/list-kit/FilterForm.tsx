'use client';

import { Button, Col, DatePicker, Flex, Form, Input, Row, Select } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslations } from 'next-intl';
import { useCallback, useState } from 'react';
import { Surface } from '@/components/ui/Surface';
import { loadSchemas } from '@/lib/client/form-rules';
import { useDayjsLocale } from '@/lib/client/use-dayjs-locale';
import { textOf, type ListDefinition, type ListFilter, type ListIssue, type ListValues } from '@/lib/list-kit/definition';
import { fits, narrowedBy, searchScope, type FilterOption, type FilterOptions } from '@/lib/list-kit/narrow';
import { ChoiceSelect } from './ChoiceSelect';

type FormValues = Record<string, string | [Dayjs, Dayjs] | undefined>;

interface Props {
  definition: ListDefinition;
  values: ListValues;
  issues: readonly ListIssue[];
  options: FilterOptions;
  loading: boolean;
  /** The page asks for a filter (its notice): a phone shows them all at first. */
  expanded?: boolean;
  onSearch: (values: Partial<ListValues>) => void;
  onReset: () => void;
}

/** The form field that shows an issue of the URL key `field` (a span's from and to are one picker). */
const formField = (definition: ListDefinition, field: string) => (field === 'from' || field === 'to' ? (definition.filters.find((f) => f.kind === 'days')?.key ?? field) : field);

/** How many filters a phone shows before "More filters" (the span and the first choices). */
const PHONE_FILTERS = 3;

/** The filters a phone shows at first: the first few, never an amount's "from" without its "to". */
function phoneCount(filters: readonly ListFilter[]): number {
  const count = Math.min(PHONE_FILTERS, filters.length);
  return filters[count - 1]?.kind === 'amount' && filters[count]?.kind === 'amount' ? count + 1 : count;
}

const WIDTHS = { days: { xs: 24, md: 12, xl: 8 }, wide: { xs: 24, md: 8 }, field: { xs: 24, md: 12, xl: 8 }, amount: { xs: 12, md: 6, xl: 4 } };

/**
 * A list's filter form, drawn from its definition: a day-range picker, texts, amounts, codes by
 * their names, and the session's merchants, stores and terminals (each narrowed by the one it
 * belongs to). Checked with the list's own zod schema before the URL changes.
 */
export function FilterForm({ definition, values, issues, options, loading, expanded = false, onSearch, onReset }: Props) {
  const t = useTranslations();
  useDayjsLocale();
  const [form] = Form.useForm<FormValues>();
  const [open, setOpen] = useState(() => expanded || issues.length > 0);
  // Every choice seen so far (the link's, then each search's), by source: what each belongs to decides what a choice above clears.
  const [known, setKnown] = useState<FilterOptions>(options);
  const learn = useCallback(
    (source: keyof FilterOptions) => (found: FilterOption[]) =>
      setKnown((before) => ({ ...before, [source]: [...found, ...(before[source] ?? []).filter((o) => !found.some((f) => f.value === o.value))] })),
    [],
  );
  const watched = Form.useWatch([], form) ?? {};
  const message = (issue: ListIssue) => t(issue.message as never, (issue.params ?? {}) as never);
  const status = (key: string) => {
    const issue = issues.find((i) => formField(definition, i.field) === key);
    return issue ? { validateStatus: 'error' as const, help: message(issue) } : {};
  };

  const initial: FormValues = Object.fromEntries(
    definition.filters.map((f) => [f.key, f.kind === 'days' ? ([dayjs(textOf(values, 'from')), dayjs(textOf(values, 'to'))] as [Dayjs, Dayjs]) : textOf(values, f.key)]),
  );

  async function search(form_: FormValues) {
    const next: Partial<ListValues> = { size: values.size, sort: values.sort, dir: values.dir, page: 1 };
    for (const filter of definition.filters) {
      const value = form_[filter.key];
      if (filter.kind === 'days') {
        const [from, to] = (value as [Dayjs, Dayjs] | undefined) ?? [];
        next.from = from?.format('YYYY-MM-DD');
        next.to = to?.format('YYYY-MM-DD');
      } else {
        next[filter.key] = typeof value === 'string' ? value.trim() || undefined : undefined;
      }
    }
    const { listSchema } = await loadSchemas();
    const checked = listSchema(definition).safeParse(next);
    if (!checked.success) {
      form.setFields(checked.error.issues.map((issue) => ({ name: formField(definition, String(issue.path[0])), errors: [message({ field: String(issue.path[0]), message: issue.message, params: 'params' in issue ? (issue.params as ListIssue['params']) : undefined })] })));
      return;
    }
    onSearch(next);
  }

  /** A filter's chosen value in the form as it stands. */
  const chosenIn = (current: FormValues) => (key: string) => {
    const value = current[key];
    return typeof value === 'string' && value !== '' ? value : undefined;
  };

  const field = (filter: ListFilter) => {
    switch (filter.kind) {
      case 'days':
        return <DatePicker.RangePicker style={{ width: '100%' }} allowClear={false} classNames={{ popup: { root: 'portal-range-popup' } }} />;
      case 'text':
        return <Input maxLength={filter.max} />;
      case 'amount':
        return <Input inputMode="decimal" />;
      case 'code':
        return <Select allowClear placeholder={t('list.all')} options={filter.codes.map((code) => ({ value: code, label: t(`${filter.names}.${code}` as never) }))} />;
      case 'option':
        // Searched on the server within what is chosen above (lib/list-kit/narrow.ts); the value a link chose stays named even when it does not fit (its issue says why).
        return (
          <ChoiceSelect
            source={filter.source}
            scope={searchScope(definition, chosenIn(watched), filter)}
            known={known[filter.source] ?? []}
            fits={(option) => fits(definition, chosenIn(watched), filter, option)}
            onFound={learn(filter.source)}
          />
        );
    }
  };
  // An option filter the session does not choose from (a partner's customers for a customer user) is left out (lib/list-kit/options.ts).
  const shown = definition.filters.filter((f) => f.kind !== 'option' || options[f.source] !== undefined);
  const onPhone = phoneCount(shown);

  return (
    <Surface>
      <Form
        form={form}
        name={definition.id}
        layout="vertical"
        onFinish={search}
        initialValues={initial}
        onValuesChange={(changed: FormValues, all: FormValues) => {
          // A choice empties the narrower choices it no longer allows (another customer's merchant, that merchant's store).
          // Broader first (a merchant before its store), each judged with what was emptied before it.
          const next = { ...all };
          const cleared: string[] = [];
          for (const key of new Set(Object.keys(changed).flatMap((k) => narrowedBy(definition, k)))) {
            const value = chosenIn(next)(key);
            const filter = definition.filters.find((f) => f.key === key);
            const option = value && filter?.kind === 'option' ? known[filter.source]?.find((o) => o.value === value) : undefined;
            if (filter && option && !fits(definition, chosenIn(next), filter, option)) {
              next[key] = undefined;
              cleared.push(key);
            }
          }
          if (cleared.length) form.setFieldsValue(Object.fromEntries(cleared.map((key) => [key, undefined])));
        }}
      >
        <Row gutter={16} id={`${definition.id}-filters`} className={open ? 'list-filters list-filters-open' : 'list-filters'}>
          {shown.map((filter, index) => (
            <Col key={filter.key} className={index >= onPhone ? 'list-filter-more' : undefined} {...(filter.kind === 'days' ? WIDTHS.days : filter.kind === 'amount' ? WIDTHS.amount : filter.wide ? WIDTHS.wide : WIDTHS.field)}>
              <Form.Item name={filter.key} label={t(filter.label as never)} {...status(filter.key)}>
                {field(filter)}
              </Form.Item>
            </Col>
          ))}
        </Row>
        <Flex gap={8} justify="end" wrap>
          {shown.length > onPhone && (
            <Button type="link" className="list-filter-toggle" aria-expanded={open} aria-controls={`${definition.id}-filters`} onClick={() => setOpen(!open)}>
              {open ? t('list.fewerFilters') : t('list.moreFilters', { count: shown.length - onPhone })}
            </Button>
          )}
          <Button onClick={onReset}>{t('list.reset')}</Button>
          <Button type="primary" htmlType="submit" loading={loading}>
            {t('list.search')}
          </Button>
        </Flex>
      </Form>
    </Surface>
  );
}
