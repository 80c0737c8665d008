/** Runs once when a portal server starts (Node.js runtime only: see lib/startup-checks.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/startup-checks');
    (await import('./lib/server/render-gate')).gateRenders();
  }
}
