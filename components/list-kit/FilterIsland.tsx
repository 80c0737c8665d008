'use client';

import { createElement, lazy, useEffect, useState, type ComponentProps } from 'react';
import { announceUpdate } from '@/lib/client/update-signal';
import { useHydrated } from '@/lib/client/use-hydrated';
import { whenIdle } from '@/lib/client/when-idle';
import { SERVER_FILTER_FORM } from '@/components/list-kit/server-filter-form';
import type { FilterForm } from './FilterForm';
import styles from './list-view.module.css';

type Form = typeof FilterForm;

// The server renders the form from its own module (server-filter-form.ts, imported by the name that
// next.config.ts aliases to server-filter-form.browser.ts in the browser's bundle, which holds none of
// it); the browser loads the form from a chunk of its own when it is idle after the page.
let loaded: Form | null = SERVER_FILTER_FORM;
const load = () => import('./FilterForm').then((m) => (loaded = m.FilterForm));
const LazyForm = lazy(() => load().then((form) => ({ default: form })));

/** A form that waits for its code: out of reach (inert) and, for tools that read the page, a disabled group. */
const WAITING = { inert: true, role: 'group', 'aria-disabled': true } as const;

/**
 * A list's filter form as an island: the server's HTML is kept as painted while the page hydrates
 * without the form's code (its date picker, form engine and inputs), which then loads when the
 * browser is idle, after the page's first paint and its hydration. React keeps the server's markup of
 * an element whose content it is told is `dangerouslySetInnerHTML`; a Suspense boundary would not do:
 * React sends one of more than 500 bytes after the rest of a large page (docs/performance.md,
 * `npm run bench -- islands`). Until the code has come the form is `inert` and marked disabled, so
 * that nothing is typed into fields about to be replaced: it looks the same and does nothing, as a
 * server-rendered antd form did before hydration.
 */
export function FilterIsland({ formKey, ...props }: ComponentProps<Form> & { formKey: string }) {
  // True on the server and in the render that hydrates its HTML.
  const hydrating = !useHydrated();
  // The server's markup is kept only from the render that hydrated it.
  const [kept] = useState(() => hydrating && loaded === null);
  const [form, setForm] = useState<Form | null>(() => loaded);
  useEffect(() => {
    // A chunk that cannot be fetched is most often one a newer deployment has replaced: the reader is
    // asked to reload (the update prompt), and the list stays readable meanwhile.
    if (kept && !form) return whenIdle(() => void load().then((component) => setForm(() => component), announceUpdate));
  }, [kept, form]);

  if (kept && !form) {
    // React leaves the server's form in place and does not hydrate inside it (see above); until its code has come, the form waits.
    return <div className={styles.island} {...WAITING} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />;
  }
  return (
    // The server's render waits as the browser's kept markup does (the attributes must be the same for React to remove them).
    <div className={styles.island} {...(hydrating ? WAITING : {})}>
      {/* A list opened in the browser before the code has come: LazyForm suspends with no boundary of its own, so the navigation waits for it as it waits for the page's code, and nothing pops in after. */}
      {form ? createElement(form, { key: formKey, ...props }) : <LazyForm key={formKey} {...props} />}
    </div>
  );
}
