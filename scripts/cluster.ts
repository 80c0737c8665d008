// `npm run cluster`: the fleet (scripts/fleet.ts) with CLUSTER_INSTANCES portal instances (3)
// behind HAProxy on CLUSTER_PORT (3000), the instances on the next ports, the reference services
// on UPSTREAM_PORT (4000). Each process that dies is started again; Ctrl-C stops it all.
import { join } from 'node:path';
import { FleetError, startFleet } from './fleet';
import { ensureBuild, ROOT } from './portal-build.mjs';

async function main() {
  const instances = Number(process.env.CLUSTER_INSTANCES || 3);
  const port = Number(process.env.CLUSTER_PORT || 3000);
  const upstreamPort = Number(process.env.UPSTREAM_PORT || 4000);
  if (!Number.isInteger(instances) || instances < 1 || instances > 32) throw new FleetError('CLUSTER_INSTANCES must be a number of instances from 1 to 32.');
  ensureBuild();
  const dataDir = process.env.UPSTREAM_DATA_DIR || join(ROOT, '.data', 'cluster');
  const fleet = await startFleet({ instances, port, upstreamPort, dataDir, restart: true, stdio: 'inherit' });
  let stopping = false;
  const stopAll = () => {
    if (stopping) return;
    stopping = true;
    void fleet.stop().then(() => process.exit(0));
  };
  process.on('SIGINT', stopAll);
  process.on('SIGTERM', stopAll);
  console.log(`
The fleet:            ${fleet.url}  (HAProxy, round robin over ${instances} instances)
Instances:            ${fleet.instanceUrls.join(', ')}
Reference services:   ${fleet.upstreamUrl}  (PostgreSQL)
Metrics:              GET /api/metrics on each instance, /metrics on the services, with
                      Authorization: Bearer <METRICS_TOKEN> (${process.env.METRICS_TOKEN ? 'as set' : `in ${join(dataDir, 'secrets.json')}`})
Demo users (password Portal#2026): admin, maker@demo.test, checker@demo.test, viewer@demo.test,
  wxali@demo.test, assets@demo.test, partner@demo.test, newcomer@demo.test, other@demo.test
Two-step verification: secure@demo.test (authenticator key KRUGS4ZANFZSAYJAMRSW233TMVRXEZLU; see README.md)
`);
}

main().catch((error: unknown) => {
  console.error(error instanceof FleetError ? error.message : error);
  process.exit(1);
});
