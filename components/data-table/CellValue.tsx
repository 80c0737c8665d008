'use client';

import { Tag } from 'antd';
import { cellText, type CodeTranslator } from '@/lib/list-kit/cells';
import type { ListColumn } from '@/lib/list-kit/definition';

/**
 * A cell as the table and the details drawer show it: its text, and for a code with a tone (a store
 * that is inactive, a registration about to expire) a coloured tag around its name, so a state that
 * needs attention stands out. The tone only adds colour: the name says the state in words.
 */
export function CellValue({ column, row, names }: { column: ListColumn; row: Record<string, unknown>; names: CodeTranslator }) {
  const text = cellText(column, row, names);
  const tone = column.tones?.[String(row[column.field])];
  return tone ? <Tag color={tone} style={{ marginInlineEnd: 0 }}>{text}</Tag> : text;
}
