'use client';

import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { fittedFontSize } from '@/lib/format/fit';

/** antd's figure size (its Statistic's `contentFontSize` token). */
const FIGURE_SIZE = 24;

/**
 * A summary card's figure that always fits its card: the amount keeps its size while it fits and
 * shrinks when the card is narrower (a partner's year of "29,777,922.70" in a quarter of a 1024 px
 * window, or half a phone's). It never wraps and is never cut.
 */
export function FitStatistic({ title, value }: { title: ReactNode; value: string }) {
  return (
    <Statistic
      title={title}
      value={value}
      styles={{ root: { containerType: 'inline-size' }, content: { fontSize: fittedFontSize(value, FIGURE_SIZE), whiteSpace: 'nowrap' } }}
    />
  );
}
