import 'server-only';
import { z } from 'zod';
import { GATEWAY_ERROR_CODES, type GatewayErrorCode } from '../gateway/errors';
import { metrics } from '../metrics/registry';
import { sharedStore } from '../store/shared-store';

/**
 * One export at a time per session, and its progress for the browser to poll. Both live in the
 * shared store (memory, or Redis when several portal instances run), keyed by the session id, so
 * a second instance sees the first one's export.
 */
export const exportProgressSchema = z.object({
  written: z.number().int().min(0),
  total: z.number().int().min(0),
  done: z.boolean(),
  cancelled: z.boolean(),
  failed: z.boolean(),
  /** Why a failed export stopped, when the upstream stopped it (a refusal, a malformed or cut stream). */
  error: z.enum(GATEWAY_ERROR_CODES).optional(),
});
export type ExportProgress = z.infer<typeof exportProgressSchema>;

/** The claim outlives a crashed export by this much at most; every batch renews it. */
const CLAIM_TTL_MS = 5 * 60_000;
/** Progress stays readable this long after its last update, so the page can see how the export ended. */
const PROGRESS_TTL_MS = 10 * 60_000;
/**
 * Rows written are saved at most this often: rows arrive a few dozen at a time, and a store write
 * (a Redis round trip) for each would cost more than the rows. The page asks every 500 ms.
 */
const SAVE_EVERY_MS = 250;

const claimKey = (sid: string) => `export:running:${sid}`;
const progressKey = (sid: string, id: string) => `export:progress:${sid}:${id}`;

export async function readProgress(sid: string, id: string): Promise<ExportProgress | null> {
  const text = await sharedStore().get(progressKey(sid, id));
  if (text === null) return null;
  try {
    const parsed = exportProgressSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export type ExportOutcome = 'done' | 'cancelled' | 'failed';

export class ExportJob {
  private progress: ExportProgress = { written: 0, total: 0, done: false, cancelled: false, failed: false };
  private over = false;
  private savedAt = 0;
  /** Counted in the exports-in-flight gauge from its start to its end. */
  private counted = false;

  private constructor(
    private readonly sid: string,
    private readonly id: string,
  ) {}

  /** The session's export slot, or null while another export of the session runs. */
  static async claim(sid: string, id: string): Promise<ExportJob | null> {
    return (await sharedStore().claim(claimKey(sid), CLAIM_TTL_MS)) ? new ExportJob(sid, id) : null;
  }

  /** The export starts: progress becomes readable. */
  async begin(total: number) {
    this.progress = { ...this.progress, total };
    metrics().exportsInFlight.inc();
    this.counted = true;
    await this.save();
  }

  /** Rows handed to the file; saved (and the claim renewed) every SAVE_EVERY_MS. Nothing after the end. */
  async wrote(rows: number) {
    if (this.over) return;
    this.progress.written += rows;
    const now = Date.now();
    if (now - this.savedAt < SAVE_EVERY_MS) return;
    this.savedAt = now;
    await Promise.all([this.save(), sharedStore().put(claimKey(this.sid), '1', CLAIM_TTL_MS)]);
  }

  /** The first ending counts: a cancel after the last row does not undo "done". */
  async end(outcome: ExportOutcome, error?: GatewayErrorCode) {
    if (this.over) return;
    this.over = true;
    this.uncount();
    this.progress = { ...this.progress, done: outcome === 'done', cancelled: outcome !== 'done', failed: outcome === 'failed', error };
    try {
      await this.save();
    } finally {
      await sharedStore().release(claimKey(this.sid));
    }
  }

  /** Refused before any row: the slot is free again and no progress is left behind. */
  async abandon() {
    this.over = true;
    this.uncount();
    await sharedStore().release(claimKey(this.sid));
  }

  private uncount() {
    if (this.counted) metrics().exportsInFlight.dec();
    this.counted = false;
  }

  private save() {
    return sharedStore().put(progressKey(this.sid, this.id), JSON.stringify(this.progress), PROGRESS_TTL_MS);
  }
}
