import 'server-only';
import { callUpstream } from '../gateway/client';
import type { SessionData } from '../session/session';
import type { ActivityOutcome } from './actions';
import { ACCOUNT_CALLS } from '../accounts/calls';

export interface RecordedFile {
  action: 'file.export' | 'file.download';
  /** What the file holds, as the user sees it: its file name. */
  target: string;
  format?: 'csv' | 'xlsx' | 'pdf';
  rows?: number;
  outcome: ActivityOutcome;
}

/** How an export ended (lib/export/job.ts) as the activity log's outcome. */
export const EXPORT_OUTCOMES = { done: 'success', cancelled: 'cancelled', failed: 'failed' } as const satisfies Record<string, ActivityOutcome>;

/**
 * Files are made by the portal, so the portal records them in the activity log for the signed-in
 * user (the services write every other entry themselves). A failure to record is logged, not
 * shown: the file has already gone to the user.
 */
export async function recordFile(session: SessionData, file: RecordedFile, address: string) {
  const result = await callUpstream(ACCOUNT_CALLS.recordFile, file, session, { address });
  if (!result.ok) console.error(`portal: the activity log did not record ${file.action}: ${result.error.code}`);
}
