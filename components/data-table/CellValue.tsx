'use client';

import { Tag } from 'antd';
import { cellText, type CodeTranslator } from '@/lib/list-kit/cells';
import type { ListColumn } from '@/lib/list-kit/definition';

/**
 * A cell as the table and the details drawer show it: its text, and for a code with a tone (a store
 * that is inactive, a registration about to expire) a coloured tag around its name, so a state that
 * needs attention stands out. The tone only adds colour: the name says the state in words.
 * In the table (`table`, its classes), a long name is cut to its lines with its whole text on
 * hover, and a date may go above its time; the drawer shows every value whole on its line.
 */
export function CellValue({ column, row, names, table }: { column: ListColumn; row: Record<string, unknown>; names: CodeTranslator; table?: { long: string; part: string } }) {
  const text = cellText(column, row, names);
  const tone = column.tones?.[String(row[column.field])];
  if (tone) return <Tag color={tone} style={{ marginInlineEnd: 0 }}>{text}</Tag>;
  if (!table) return text;
  if (column.long)
    return (
      <div className={table.long} title={text}>
        {text}
      </div>
    );
  // A line may break between the date and the time, never inside the date (Chrome breaks "2026-11-" from "24").
  const space = column.format === 'timestamp14' ? text.indexOf(' ') : -1;
  return space > 0 ? (
    <>
      <span className={table.part}>{text.slice(0, space)}</span> <span className={table.part}>{text.slice(space + 1)}</span>
    </>
  ) : (
    text
  );
}
