// `npm run seed -- --transactions N [--seed S]`: migrates and reseeds the reference database.
import { parseArgs } from 'node:util';
import { factorKeyOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DEFAULT_SEED, seedDatabase } from './generate';

async function main() {
  const { values } = parseArgs({
    options: { transactions: { type: 'string' }, seed: { type: 'string' } },
  });
  const transactions = Number(values.transactions ?? DEFAULT_SEED.transactions);
  const seed = Number(values.seed ?? DEFAULT_SEED.seed);
  if (!Number.isInteger(transactions) || transactions < 0 || !Number.isInteger(seed)) {
    console.error('usage: npm run seed -- [--transactions N] [--seed S]  (whole numbers)');
    process.exit(2);
  }
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  try {
    await migrate(db);
    const result = await seedDatabase(db, { transactions, seed, factorKey: factorKeyOf(config) }, (line) => console.log(`seed: ${line}`));
    console.log(`seed: ${result.transactions} transactions up to ${result.anchor} in ${db.kind}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
