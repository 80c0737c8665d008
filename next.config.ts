import { execFileSync } from 'node:child_process';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { PAGE_BODY_BYTES } from './lib/http/page-body';
import { API_CSP, staticSecurityHeaders } from './lib/security/headers';

/**
 * One id per build: BUILD_ID when the pipeline gives one, else the commit plus the build time (two
 * builds of one commit with local changes must not share cached manifests).
 */
function resolveBuildId(): string {
  if (process.env.BUILD_ID) return process.env.BUILD_ID;
  const time = Date.now().toString(36);
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { stdio: ['ignore', 'pipe', 'ignore'] });
    return `${commit.toString().trim()}-${time}`;
  } catch {
    return `build-${time}`;
  }
}

const buildId = resolveBuildId();

const nextConfig: NextConfig = {
  output: 'standalone',
  poweredByHeader: false,
  // `npm run dev` answers on 127.0.0.1 as on localhost: Next blocks its hot-reload socket for any
  // other host name by default, and a page opened there never hydrated.
  allowedDevOrigins: ['127.0.0.1'],
  // pdfkit reads its font metrics from its own folder at run time: it must stay a real package.
  // prom-client's process metrics and OpenTelemetry's global registrations are per module: one
  // module for the whole process (the instrumentation hook, the proxy and the routes alike).
  serverExternalPackages: ['pdfkit', 'prom-client', '@opentelemetry/api', '@opentelemetry/sdk-trace', '@opentelemetry/context-async-hooks', '@opentelemetry/core', '@opentelemetry/resources', '@opentelemetry/exporter-trace-otlp-http'],
  reactStrictMode: true,
  generateBuildId: async () => buildId,
  // `npm test` type-checks the whole project (tests included) before its end-to-end build; checking
  // the app again inside that build would spend half a minute of CI's two cores on the same answer.
  // Every other build (`npm run build`, `npm start`, the Dockerfile) checks its types.
  typescript: { ignoreBuildErrors: process.env.TYPES_CHECKED === '1' },
  env: { APP_BUILD_ID: buildId },
  experimental: {
    // A page takes no body but a server action's (the language switch sends a few bytes): what the
    // proxy copies of a body, and what an action reads, stop there (docs/decisions.md, "Bodies").
    proxyClientMaxBodySize: PAGE_BODY_BYTES,
    serverActions: { bodySizeLimit: PAGE_BODY_BYTES },
  },
  turbopack: {
    // A list's filter form is rendered by the server and loaded by the browser after the page (components/list-kit/FilterIsland.tsx).
    resolveAlias: { '@/components/list-kit/server-filter-form': { browser: '@/components/list-kit/server-filter-form.browser' } },
    rules: {
      // antd's style functions, which its zero-runtime theme never calls, out of the browser's bundle (see the loader).
      '*.js': {
        condition: { all: ['browser', 'foreign', { path: /node_modules[\\/]antd[\\/]es[\\/].*style/ }] },
        loaders: ['./scripts/antd-client-styles.cjs'],
      },
      // antd's colour class and helpers without the colour picker's components (see the loader).
      'color.js': {
        condition: { all: ['browser', 'foreign', { path: /node_modules[\\/]antd[\\/]es[\\/]color-picker[\\/]color\.js$/ }] },
        loaders: ['./scripts/antd-color-module.cjs'],
      },
      'util.js': {
        condition: { all: ['browser', 'foreign', { path: /node_modules[\\/]antd[\\/]es[\\/]color-picker[\\/]util\.js$/ }] },
        loaders: ['./scripts/antd-color-module.cjs'],
      },
      // antd's form context without the rest of @rc-component/form (see the loader).
      'context.js': {
        condition: { all: ['browser', 'foreign', { path: /node_modules[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/ }] },
        loaders: ['./scripts/antd-form-context.cjs'],
      },
    },
  },
  async headers() {
    return [
      { source: '/:path*', headers: staticSecurityHeaders(process.env.NODE_ENV === 'production') },
      { source: '/api/:path*', headers: [{ key: 'Content-Security-Policy', value: API_CSP }] },
    ];
  },
};

/**
 * The message files are compiled at build time (next-intl's `precompile`): no ICU parser in the
 * browser's bundle, and formatting without parsing on both sides. Every import of `messages/*.json`
 * in the build gets the compiled form, which only next-intl's formatters read; tests/unit/i18n
 * holds the compiled messages to the same output as the parsed ones.
 */
export default createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
})(nextConfig);
