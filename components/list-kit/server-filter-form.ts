import { FilterForm } from './FilterForm';

export type ServerFilterForm = typeof FilterForm | null;

// The filter form for the server's render of a list (FilterIsland.tsx). In the browser's bundle this
// module is server-filter-form.browser.ts (next.config.ts), so that the form's code is not in a
// list page's first load.
export const SERVER_FILTER_FORM: ServerFilterForm = FilterForm;
