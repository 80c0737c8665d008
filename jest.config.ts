import type { Config } from 'jest';
import nextJest from 'next/jest.js';

const createJestConfig = nextJest({ dir: './' });

const shared: Config = {
  moduleNameMapper: { '^@/(.*)$': '<rootDir>/$1' },
  modulePathIgnorePatterns: ['<rootDir>/.next/'],
};

/**
 * Node for server and shared code, jsdom for components (*.test.tsx). ES-module-only packages
 * (next-intl, @formatjs, antd's helpers) load through Node's require(esm), which jest uses when
 * run with --experimental-vm-modules (see the test:unit script).
 */
const config: Config = {
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
      displayName: 'integration',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/integration/**/*.test.ts'],
      globalSetup: '<rootDir>/tests/integration/postgres-global.ts',
      globalTeardown: '<rootDir>/tests/integration/postgres-teardown.ts',
      setupFilesAfterEnv: ['<rootDir>/tests/integration/setup.ts'],
    })(),
  ],
};

export default config;
