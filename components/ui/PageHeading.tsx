import type { ReactNode } from 'react';
import text from '@/components/text/text.module.css';

/** A page's one h1 and its optional lead line. */
export function PageHeading({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <header style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <h1 className={text.pageTitle}>{title}</h1>
        {extra}
      </div>
      {subtitle && <p className={text.secondary} style={{ margin: '8px 0 0' }}>{subtitle}</p>}
    </header>
  );
}
