/**
 * Which pages a pager offers: antd's choice (rc-pagination's, with its buffer of two pages), so
 * that the portal's own pager (components/data-table/Pager.tsx) shows what antd's did. Every page
 * when there are at most 7; else the first, the last, the current one with two at either side, and
 * a jump of 5 pages where pages are left out.
 */
export interface PagerItem {
  kind: 'page' | 'jump-prev' | 'jump-next';
  page: number;
}

const BUFFER = 2;
export const JUMP = 5;

export const pageCount = (total: number, size: number) => Math.max(1, Math.ceil(total / size));

export function pagerItems(asked: number, total: number, size: number): PagerItem[] {
  const pages = pageCount(total, size);
  // A page past the last (an old link, rows since removed) offers the pages there are.
  const current = Math.min(Math.max(asked, 1), pages);
  const page = (n: number): PagerItem => ({ kind: 'page', page: n });
  if (pages <= 3 + BUFFER * 2) return Array.from({ length: pages }, (_, i) => page(i + 1));
  let left = Math.max(1, current - BUFFER);
  let right = Math.min(current + BUFFER, pages);
  if (current - 1 <= BUFFER) right = 1 + BUFFER * 2;
  if (pages - current <= BUFFER) left = pages - BUFFER * 2;
  const jumpPrev = current - 1 >= BUFFER * 2 && current !== 1 + 2;
  const jumpNext = pages - current >= BUFFER * 2 && current !== pages - 2;
  if (jumpPrev && right !== pages) left += 1;
  if (jumpNext && left !== 1) right -= 1;
  const items: PagerItem[] = [];
  if (left !== 1) items.push(page(1));
  if (jumpPrev) items.push({ kind: 'jump-prev', page: Math.max(1, current - JUMP) });
  for (let n = left; n <= right; n++) items.push(page(n));
  if (jumpNext) items.push({ kind: 'jump-next', page: Math.min(pages, current + JUMP) });
  if (right !== pages) items.push(page(pages));
  return items;
}
