'use client';

import { usePathname, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ChoiceSelect } from '@/components/list-kit/ChoiceSelect';
import { useListNavigation } from '@/components/list-kit/use-list-navigation';
import type { FilterOption } from '@/lib/list-kit/narrow';
import type { CustomerScreen } from '@/lib/shell/customer-screens';
import styles from './shell.module.css';

interface Props {
  /** The first page of the partner's customers (the rest are searched as the user types). */
  customers: FilterOption[];
  screens: CustomerScreen[];
  className?: string;
  /** Shown with its label above it (the drawer); the top bar's says what it is by its value and its accessible name. */
  labelled?: boolean;
  /** Told after a choice (the drawer closes). */
  onChosen?: () => void;
}

const NO_SCOPE = {};

/**
 * A partner's customer switcher, searched on the server as the user types (a partner may serve
 * hundreds of customers: the page carries the first of them only), on the screens that show one customer or all (the lists with a
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
    <ChoiceSelect
      source="customers"
      scope={NO_SCOPE}
      known={customers}
      lead={{ value: '', label: t('allCustomers') }}
      id={id}
      look={{ 'aria-label': t('customerShown'), className, style: { minWidth: 220, maxWidth: '100%' }, popupMatchSelectWidth: false }}
      value={params.get(screen.param) ?? ''}
      onChange={(customer) => {
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
