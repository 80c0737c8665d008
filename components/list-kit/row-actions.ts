import type { FilterOptions } from '@/lib/list-kit/narrow';

/**
 * What a list's own actions get: the row of the open drawer (or none, for the toolbar), and a way to
 * close the drawer. A page hands its list's actions component to ListScreen (`rowActions`), so the
 * kit names no screen and a new screen touches no kit file.
 */
export interface RowActionProps {
  row: Record<string, unknown> | null;
  onDone: () => void;
  /** The list's choices (its definition's `choices` and its filters'). */
  options: FilterOptions;
}
