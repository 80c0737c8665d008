import { AsyncLocalStorage } from 'node:async_hooks';

const scope = new AsyncLocalStorage<true>();

/** Runs `work` marked as inside a database transaction (every step it awaits is). */
export const inTransactionScope = <T>(work: () => Promise<T>): Promise<T> => scope.run(true, work);

/**
 * True while the calling code runs inside a database transaction: what must not hold one (a
 * password hash, ~45 ms of scrypt, would hold PGlite's only connection or one of PostgreSQL's pool)
 * checks it.
 */
export const insideTransaction = (): boolean => scope.getStore() === true;
