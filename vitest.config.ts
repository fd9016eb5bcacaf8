import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    exclude: ['node_modules/**', 'out/**', 'dist/**', 'test/fixtures/**'],
    environment: 'node',
    // The CLI suites run the built command: rebuilt here when its sources changed.
    globalSetup: ['test/setup/build-cli.ts'],
    pool: 'forks',
    testTimeout: 30_000,
    hookTimeout: 30_000,
  },
});
