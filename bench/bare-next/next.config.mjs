// The minimal reproduction the portal's figures are measured beside: the same Next.js, standalone,
// with nothing of the portal (no proxy, session, intl, antd, logger, metrics or tracing).
const root = new URL('../..', import.meta.url).pathname;
const config = { output: 'standalone', poweredByHeader: false, outputFileTracingRoot: root, turbopack: { root } };
export default config;
