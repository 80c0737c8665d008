'use client';

import { createContext, useContext } from 'react';

/** The rows selected in a list (definition.selection), for the page's actions in the list's toolbar. */
export interface ListSelection {
  rows: Record<string, unknown>[];
  clear(): void;
}

export const ListSelectionContext = createContext<ListSelection>({ rows: [], clear: () => undefined });

/** An action of a list page (passed to ListScreen as `actions`) reads the selected rows here. */
export const useListSelection = () => useContext(ListSelectionContext);
