'use client';

import { Statistic } from 'antd';
import type { ReactNode } from 'react';
import { fittedFontSize } from '@/lib/format/fit';

/** antd's figure size (its Statistic's `contentFontSize` token). */
const FIGURE_SIZE = 24;
/** antd's gap between a figure's prefix and its value (4 px), in em at the smallest size a figure shrinks to. */
const PREFIX_GAP = '  ';

/**
 * A summary card's figure that always fits its card: the amount keeps its size while it fits and
 * shrinks when the card is narrower (a partner's year of "29,777,922.70" in a quarter of a 1024 px
 * window, or half a phone's). It never wraps and is never cut.
 */
export function FitStatistic({ title, value, prefix }: { title: ReactNode; value: string; prefix?: string }) {
  const text = prefix ? `${prefix}${PREFIX_GAP}${value}` : value;
  return (
    <Statistic
      title={title}
      value={value}
      prefix={prefix}
      styles={{ root: { containerType: 'inline-size' }, content: { fontSize: fittedFontSize(text, FIGURE_SIZE), whiteSpace: 'nowrap' } }}
    />
  );
}
