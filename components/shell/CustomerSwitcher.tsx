'use client';

import { Select } from 'antd';
import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useListNavigation } from '@/components/list-kit/use-list-navigation';
import type { FilterOption } from '@/lib/list-kit/narrow';
import type { CustomerScreen } from '@/lib/shell/customer-screens';
import styles from './shell.module.css';

interface Props {
  customers: FilterOption[];
  screens: CustomerScreen[];
  className?: string;
  /** Shown with its label above it (the drawer); the top bar's says what it is by its value and its accessible name. */
  labelled?: boolean;
  /** Told after a choice (the drawer closes). */
  onChosen?: () => void;
}

/**
 * A partner's customer switcher, on the screens that show one customer or all (the lists with a
 * customer filter): the customer is the screen's own filter in its URL, so the switcher, the
 * filter form, a bookmark and the tab strip say the same; a change empties the merchant, store
 * and terminal chosen for the customer before, and starts at the first page.
 */
export function CustomerSwitcher({ customers, screens, className, labelled = false, onChosen }: Props) {
  const t = useTranslations('shell');
  const pathname = usePathname();
  const params = useSearchParams();
  const { go } = useListNavigation();
  const screen = screens.find((s) => s.path === pathname);
  if (!screen || customers.length === 0) return null;
  const id = labelled ? 'drawer-customer-switcher' : 'customer-switcher';
  const select = (
    <Select
      id={id}
      aria-label={t('customerShown')}
      className={className}
      value={params.get(screen.param) ?? ''}
      options={[{ value: '', label: t('allCustomers') }, ...customers.map(({ value, label }) => ({ value, label }))]}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
      style={{ minWidth: 220, maxWidth: '100%' }}
      onChange={(customer: string) => {
        const next = new URLSearchParams(params);
        for (const key of [screen.param, 'page', ...screen.clears]) next.delete(key);
        if (customer) next.set(screen.param, customer);
        go(next.toString());
        onChosen?.();
      }}
    />
  );
  return labelled ? (
    <>
      <label htmlFor={id} className={styles.switcherLabel}>
        {t('customerShown')}
      </label>
      {select}
    </>
  ) : (
    select
  );
}
