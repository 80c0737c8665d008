import type { Database, Queryable } from '../db/database';
import { ServiceError } from './errors';

/**
 * Runs a state-changing call in one database transaction, so that a change and its activity-log
 * entry are committed together or not at all. A refusal (ServiceError) is an answer, not a fault:
 * what the call did before refusing (a failed sign-in counted, and its entry) is committed, as it
 * was when each statement committed on its own. Any other error rolls everything back.
 */
export async function runWrites<T>(db: Database, work: (conn: Database) => Promise<T>): Promise<T> {
  let refusal: ServiceError | undefined;
  const result = await db.transaction(async (tx) => {
    try {
      return await work(withinTransaction(db.kind, tx));
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      refusal = error;
      return undefined;
    }
  });
  if (refusal) throw refusal;
  return result as T;
}

/**
 * The call's view of the database inside its transaction: every query on the transaction's
 * connection (PGlite would wait for itself on any other), and a nested `transaction` as a
 * savepoint, so a service's own all-or-nothing step still rolls back alone.
 */
function withinTransaction(kind: Database['kind'], tx: Queryable): Database {
  let savepoints = 0;
  const conn: Database = {
    kind,
    query: (sql, params) => tx.query(sql, params),
    async exec(sql) {
      await tx.query(sql);
    },
    async transaction(work) {
      const name = `call_step_${++savepoints}`;
      await tx.query(`SAVEPOINT ${name}`);
      try {
        const result = await work(conn);
        await tx.query(`RELEASE SAVEPOINT ${name}`);
        return result;
      } catch (error) {
        await tx.query(`ROLLBACK TO SAVEPOINT ${name}`);
        throw error;
      }
    },
    close: () => Promise.reject(new Error('A call cannot close the database')),
  };
  return conn;
}
