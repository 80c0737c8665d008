'use client';

import { Skeleton } from 'antd';
import { Surface } from './Surface';

/** A section's place while its server calls answer (the figures above a list, a form's choices). */
export function CardSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <Surface style={{ marginBottom: 16 }}>
      <Skeleton active paragraph={{ rows }} />
    </Surface>
  );
}
