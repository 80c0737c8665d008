import type { EditAccount } from './rules';

/** The fields an edit sends back unchanged when only some change (the status, or the form's). */
export function editPayload(row: Record<string, unknown>): EditAccount {
  return {
    userId: Number(row.userId),
    contactNumber: String(row.contactNumber ?? ''),
    contactName: String(row.contactName ?? ''),
    contactEmail: String(row.contactEmail ?? ''),
    roleId: Number(row.roleId),
    status: Number(row.status) === 1 ? 1 : 0,
    jobTitle: String(row.jobTitle ?? ''),
    department: String(row.department ?? ''),
    appellation: row.appellation === 'MS' ? 'MS' : 'MR',
  };
}
