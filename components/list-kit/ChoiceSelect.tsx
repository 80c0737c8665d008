'use client';

import { Flex, Select, Spin, Typography, type SelectProps } from 'antd';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { getJson } from '@/lib/client/api';
import type { OptionSource } from '@/lib/list-kit/definition';
import type { FilterOption } from '@/lib/list-kit/narrow';

/** How long typing pauses before the services are asked. */
const DEBOUNCE_MS = 250;

/** The URL parameter of /api/choices that each narrowing source is sent as. */
const PARAM: Partial<Record<OptionSource, string>> = { customers: 'customer', merchants: 'merchant', stores: 'store' };

interface Props {
  source: OptionSource;
  /** What the form has chosen above this filter (lib/list-kit/narrow.ts, searchScope). */
  scope: Partial<Record<OptionSource, string>>;
  /** The choices known before any search: the link's chosen value, named. */
  known: FilterOption[];
  /** Whether a known choice still fits what is chosen above (every one, when nothing narrows it). */
  fits?: (option: FilterOption) => boolean;
  /** Every page the services answer, so a form can tell what a choice belongs to. */
  onFound?: (options: FilterOption[]) => void;
  value?: string;
  onChange?: (value: string | undefined) => void;
  /** A first choice that is not searched (the switcher's "All customers", value ''); without it the select clears to "All". */
  lead?: FilterOption;
  /** How the select is drawn where it stands (its accessible name, width). */
  look?: Pick<SelectProps, 'aria-label' | 'className' | 'style' | 'popupMatchSelectWidth'>;
  /** The form item's, so that its label names the select. */
  id?: string;
}

interface Found {
  key: string;
  options: FilterOption[];
  more: boolean;
}

/**
 * One filter's choices, searched on the server as the user types (issue 29): a page of them when
 * the list opens, the ones whose number starts with or whose name holds the text as it is typed,
 * within what the form has chosen above. The form's value stays in the URL as before.
 */
export function ChoiceSelect({ source, scope, known, fits, onFound, value, onChange, lead, look, id }: Props) {
  const t = useTranslations();
  const [found, setFound] = useState<Found | null>(null);
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const pending = useRef<{ timer?: ReturnType<typeof setTimeout>; controller?: AbortController }>({});
  const scopeKey = new URLSearchParams(Object.entries(scope).flatMap(([s, v]) => (PARAM[s as OptionSource] && v ? [[PARAM[s as OptionSource] as string, v]] : []))).toString();

  useEffect(() => () => {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
  }, []);

  // A value chosen elsewhere (a link, another select of the same choice) is named by the services, once.
  const [named, setNamed] = useState<FilterOption | null>(null);
  const unnamed = value && value !== lead?.value && !known.some((o) => o.value === value) && named?.value !== value ? value : null;
  useEffect(() => {
    if (!unnamed) return;
    const controller = new AbortController();
    void getJson<{ options: FilterOption[] }>(`/api/choices/${source}?${new URLSearchParams({ value: unnamed })}`, controller.signal).then((answer) => {
      if (answer.ok && answer.data.options[0]) setNamed(answer.data.options[0]);
    });
    return () => controller.abort();
  }, [source, unnamed]);

  function search(q: string, wait: number) {
    clearTimeout(pending.current.timer);
    pending.current.controller?.abort();
    setLoading(true);
    pending.current.timer = setTimeout(async () => {
      const controller = new AbortController();
      pending.current.controller = controller;
      const params = new URLSearchParams(scopeKey);
      if (q.trim()) params.set('q', q.trim());
      const answer = await getJson<{ options: FilterOption[]; more: boolean }>(`/api/choices/${source}?${params}`, controller.signal);
      if (controller.signal.aborted) return;
      setLoading(false);
      setFailed(!answer.ok);
      if (!answer.ok) return;
      setFound({ key: `${scopeKey}|${q.trim()}`, ...answer.data });
      onFound?.(answer.data.options);
    }, wait);
  }

  // What is chosen above changed: a page searched within the old choice no longer holds.
  const current = found && found.key.startsWith(`${scopeKey}|`) ? found : null;
  const shown = fits ? (current?.options ?? []).filter(fits) : (current?.options ?? []);
  const chosen = [...known, ...(named ? [named] : [])].find((o) => o.value === value);
  const options = [...(lead ? [lead] : []), ...(chosen && !shown.some((o) => o.value === chosen.value) ? [chosen] : []), ...shown];

  return (
    <Select
      {...look}
      id={id}
      allowClear={!lead}
      value={value}
      onChange={(next?: string) => onChange?.(next)}
      placeholder={t('list.all')}
      options={options.map((o) => ({ value: o.value, label: o.label }))}
      showSearch={{ filterOption: false, onSearch: (q) => search(q, DEBOUNCE_MS) }}
      onOpenChange={(open) => {
        // Opened afresh: the first page, not what was typed before it closed.
        if (open && current?.key !== `${scopeKey}|`) search('', 0);
      }}
      loading={loading}
      notFoundContent={failed ? <Typography.Text type="danger">{t('list.choicesFailed')}</Typography.Text> : undefined}
      // While a page is on its way, only that: never the choices of what was typed or chosen before.
      popupRender={(menu) =>
        loading ? (
          <Flex gap={8} align="center" className="choice-note" role="status">
            <Spin size="small" />
            <Typography.Text type="secondary">{t('list.searching')}</Typography.Text>
          </Flex>
        ) : (
          <>
            {menu}
            {current?.more && (
              <Typography.Text type="secondary" className="choice-note">
                {t('list.typeForMore')}
              </Typography.Text>
            )}
          </>
        )
      }
    />
  );
}
