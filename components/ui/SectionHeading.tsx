'use client';

import { Typography } from 'antd';

/** A section's h2 inside a page (the list under a page's figures or form). */
export function SectionHeading({ title }: { title: string }) {
  return (
    <Typography.Title level={2} style={{ fontSize: 18 }}>
      {title}
    </Typography.Title>
  );
}
