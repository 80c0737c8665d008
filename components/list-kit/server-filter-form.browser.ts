import type { ServerFilterForm } from './server-filter-form';

// The browser's side of server-filter-form.ts: no form; FilterIsland.tsx loads it from its own chunk.
export const SERVER_FILTER_FORM: ServerFilterForm = null;
