import { ROLE_IDS } from '../accounts/codes';
import { DEFAULT_PAGE_SIZES, defineList, type ListColumn } from '../list-kit/definition';

const column = (id: string, field: string, rest: Partial<ListColumn> = {}): ListColumn => ({ id, label: `accounts.fields.${id}`, field, ...rest });

/** The organisation's accounts (spec section 3's user list query), for the account administrator. */
export const accountsList = defineList({
  id: 'accounts',
  title: 'accounts.title',
  menu: 'accountStatus',
  filters: [
    { key: 'userName', label: 'accounts.filters.userName', kind: 'text', max: 254 },
    { key: 'email', label: 'accounts.filters.email', kind: 'text', max: 254 },
    { key: 'role', label: 'accounts.filters.role', kind: 'code', codes: ROLE_IDS.map(String), names: 'accounts.roleNames' },
  ],
  sorts: ['userId', 'account', 'roleId', 'status'],
  defaultSort: 'userId',
  defaultDir: 'desc',
  pageSizes: DEFAULT_PAGE_SIZES,
  columns: [
    column('account', 'account', { sort: 'account' }),
    column('contactName', 'contactName', { long: true }),
    column('contactEmail', 'contactEmail', { long: true }),
    // The role's name in the user's language, as the services give it (roleName, roleTName, roleCName).
    column('role', 'roleLabel', { sort: 'roleId', long: true }),
    // A sub account's merchant, "name (number)"; empty for a user of the main account.
    column('merchant', 'merchantLabel', { long: true }),
    column('contactNumber', 'contactNumber', { optional: true, format: 'phone' }),
    column('jobTitle', 'jobTitle', { optional: true }),
    column('department', 'department', { optional: true }),
    column('lastPwdDate', 'lastPwdDate', { optional: true }),
    column('status', 'status', { names: 'accounts.statusNames', sort: 'status', pinned: true }),
  ],
  details: [
    column('userId', 'userId'),
    column('account', 'account'),
    column('contactName', 'contactName'),
    column('appellation', 'appellation', { names: 'accounts.appellations' }),
    column('contactEmail', 'contactEmail'),
    column('contactNumber', 'contactNumber', { format: 'phone' }),
    column('role', 'roleLabel'),
    column('jobTitle', 'jobTitle'),
    column('department', 'department'),
    column('type', 'type', { names: 'accounts.types' }),
    column('merchant', 'merchantLabel'),
    column('assignedBy', 'assignedBy'),
    column('lastPwdDate', 'lastPwdDate'),
    column('status', 'status', { names: 'accounts.statusNames' }),
  ],
  detailTitle: 'accounts.title',
  rowKey: 'userId',
  choices: ['merchants'],
  exportable: true,
});
