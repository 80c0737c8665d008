/** Runs once when a portal server starts (Node.js runtime only: see lib/startup-checks.ts). */
export async function register() {
  if (process.env.NEXT_RUNTIME === 'nodejs') {
    await import('./lib/startup-checks');
    // Traces only when OTEL_EXPORTER_OTLP_ENDPOINT is set (lib/telemetry/tracing.ts).
    (await import('./lib/telemetry/tracing')).startTracing('merchant-portal');
    (await import('./lib/server/render-gate')).gateRenders();
  }
}
