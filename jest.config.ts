import type { Config } from 'jest';
import { availableParallelism } from 'node:os';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared: Config = {
  // 'server-only' throws outside React's server build; under jest every module is server code.
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1', '^server-only$': '<rootDir>/tests/server-only-stub.ts' },
  modulePathIgnorePatterns: ['<rootDir>/.next/'],
};

/**
 * Node for server and shared code, jsdom for components (*.test.tsx). ES-module-only packages
 * (next-intl, @formatjs, antd's helpers) load through Node's require(esm), which jest uses when
 * run with --experimental-vm-modules (see the test:unit script).
 */
const config: Config = {
  // Jest's default (cores less one) is a single worker on CI's two cores; the suites spend much of
  // their time waiting on the services, the databases and the DOM, so two overlap well there
  // (integration 328 s -> 182 s on the two-core machine).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    await createJestConfig({
      ...shared,
      displayName: 'unit',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/unit/**/*.test.ts'],
    })(),
    await createJestConfig({
      ...shared,
      displayName: 'components',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/tests/unit/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/tests/unit/setup-dom.ts'],
    })(),
    await createJestConfig({
      ...shared,
      // A fleet of the production build (npm run test:fleet builds it first): one suite, one at a time.
      displayName: 'fleet',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/fleet/**/*.test.ts'],
      setupFilesAfterEnv: ['<rootDir>/tests/fleet/setup.ts'],
      // The launchers' ES modules (scripts/*.mjs) load as Node runs them: compiled, they became CommonJS inside an ES module.
      transformIgnorePatterns: ['<rootDir>/scripts/.*\\.mjs$'],
    })(),
    await createJestConfig({
      ...shared,
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/integration/services-global.ts',
      globalTeardown: '<rootDir>/tests/integration/services-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/integration/setup.ts'],
    })(),
  ],
};

export default config;
