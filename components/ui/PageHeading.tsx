'use client';

import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's one h1 and its optional lead line (client side: antd's sub-components are client-only). */
export function PageHeading({ title, subtitle, extra }: { title: ReactNode; subtitle?: ReactNode; extra?: ReactNode }) {
  return (
    <header style={{ marginBottom: 16 }}>
      <div style={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', gap: 16, flexWrap: 'wrap' }}>
        <Typography.Title level={1} style={{ fontSize: 24, margin: 0 }}>
          {title}
        </Typography.Title>
        {extra}
      </div>
      {subtitle && (
        <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
          {subtitle}
        </Typography.Paragraph>
      )}
    </header>
  );
}
