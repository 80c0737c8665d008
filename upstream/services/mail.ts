import type { Queryable } from '../db/database';
import { createLogger } from '../../lib/log/logger';

const mailLog = createLogger('upstream');

/** Mail goes to the outbox table (read at GET /dev/outbox in demo and test mode) and the console. */
export async function sendMail(db: Queryable, to: string, subject: string, body: string, now: string) {
  await db.query('INSERT INTO outbox (to_address, subject, body, created_at) VALUES ($1, $2, $3, $4)', [to, subject, body, now]);
  mailLog.info({ to, subject }, 'mail');
}
