import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A request's route pattern for metric labels: the build's own route list (Next.js's routes
 * manifest, beside the server in the standalone output), so that `/api/gateway/customerInfo` is
 * `/api/gateway/[call]` and an unknown path the catch-all's pattern. A label never holds what a
 * client wrote: a path no route matches, or one outside a build, is `other`.
 */
interface Manifest {
  staticRoutes: { page: string }[];
  dynamicRoutes: { page: string; regex: string }[];
}

export interface RouteTable {
  exact: Set<string>;
  patterns: { page: string; regex: RegExp }[];
}

export function routeTable(manifest: Manifest): RouteTable {
  return { exact: new Set(manifest.staticRoutes.map((r) => r.page)), patterns: manifest.dynamicRoutes.map((r) => ({ page: r.page, regex: new RegExp(r.regex) })) };
}

let table: RouteTable | null | undefined;

function builtTable(): RouteTable | null {
  if (table !== undefined) return table;
  try {
    table = routeTable(JSON.parse(readFileSync(join(process.cwd(), '.next', 'routes-manifest.json'), 'utf8')) as Manifest);
  } catch {
    table = null;
  }
  return table;
}

export function routeLabel(url: string | undefined, routes: RouteTable | null = builtTable()): string {
  const path = (url ?? '/').split('?')[0] || '/';
  if (path.startsWith('/_next/')) return '/_next';
  if (!routes) return 'other';
  const clean = path.length > 1 ? path.replace(/\/$/, '') : path;
  if (routes.exact.has(clean)) return clean;
  return routes.patterns.find((route) => route.regex.test(clean))?.page ?? 'other';
}
