'use client';

import { Card, Skeleton } from 'antd';

/** A section's place while its server calls answer (the figures above a list, a form's choices). */
export function CardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Card style={{ marginBottom: 16 }}>
      <Skeleton active paragraph={{ rows }} />
    </Card>
  );
}
