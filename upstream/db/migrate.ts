import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Database } from './database';

const MIGRATIONS_DIR = join(__dirname, 'migrations');

/** Applies, in name order, every migration not yet recorded; each in its own transaction. */
export async function migrate(db: Database): Promise<string[]> {
  await db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamp NOT NULL DEFAULT now())');
  const applied = new Set((await db.query<{ name: string }>('SELECT name FROM schema_migrations')).map((r) => r.name));
  const pending = readdirSync(MIGRATIONS_DIR)
    .filter((name) => name.endsWith('.sql') && !applied.has(name))
    .sort();
  for (const name of pending) {
    const sql = readFileSync(join(MIGRATIONS_DIR, name), 'utf8');
    await db.transaction(async (tx) => {
      for (const statement of splitStatements(sql)) await tx.query(statement);
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [name]);
    });
  }
  return pending;
}

/**
 * Splits a migration on the semicolons that end lines, except inside dollar-quoted bodies
 * (`$$ ... $$`, as functions have): PGlite's and pg's parameterised queries take one statement each.
 */
export function splitStatements(sql: string): string[] {
  const statements: string[] = [];
  let current: string[] = [];
  let inBody = false;
  for (const line of sql.split('\n')) {
    if (!inBody && line.trim().startsWith('--')) continue;
    current.push(line);
    // An odd number of $$ on a line opens or closes a body.
    if ((line.match(/\$\$/g)?.length ?? 0) % 2 === 1) inBody = !inBody;
    if (!inBody && /;\s*$/.test(line)) {
      statements.push(current.join('\n').replace(/;\s*$/, ''));
      current = [];
    }
  }
  statements.push(current.join('\n'));
  return statements.map((statement) => statement.trim()).filter(Boolean);
}
