// `npm run seed -- [--profile demo|large] [--transactions N] [--stores N] [--terminals N] [--customers N] [--seed S]`:
// migrates and reseeds the reference database; a figure given beside a profile replaces the profile's.
import { parseArgs } from 'node:util';
import { factorKeyOf, loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrate } from '../db/migrate';
import { DEFAULT_SEED, seedDatabase } from './generate';
import { SEED_PROFILES, type SeedProfile } from './scale';

const USAGE = 'usage: npm run seed -- [--profile demo|large] [--transactions N] [--stores N] [--terminals N] [--customers N] [--seed S]  (whole numbers)';

function fail(): never {
  console.error(USAGE);
  process.exit(2);
}

async function main() {
  const figure = { type: 'string' } as const;
  const { values } = parseArgs({ options: { profile: figure, transactions: figure, stores: figure, terminals: figure, customers: figure, seed: figure } });
  const whole = (text: string | undefined) => {
    if (text === undefined) return undefined;
    const value = Number(text);
    return Number.isInteger(value) && value >= 0 ? value : fail();
  };
  const profile = values.profile ?? 'demo';
  if (!Object.hasOwn(SEED_PROFILES, profile)) fail();
  const scale = { ...SEED_PROFILES[profile as SeedProfile], ...Object.fromEntries((['stores', 'terminals', 'customers'] as const).flatMap((k) => (values[k] === undefined ? [] : [[k, whole(values[k])]]))) };
  const transactions = whole(values.transactions) ?? DEFAULT_SEED.transactions;
  const seed = values.seed === undefined ? DEFAULT_SEED.seed : Number.isInteger(Number(values.seed)) ? Number(values.seed) : fail();
  const config = loadConfig();
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  try {
    await migrate(db);
    const result = await seedDatabase(db, { transactions, seed, scale, factorKey: factorKeyOf(config) }, (line) => console.log(`seed: ${line}`));
    console.log(`seed: ${result.transactions} transactions up to ${result.anchor} in ${db.kind}`);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
