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
    // A poll waits for a condition and ends as soon as it holds; vitest's default ceiling (1 s) is
    // a fast machine's: on CI's loaded 2-core runner a page's answer or a kept edit took longer.
    expect: { poll: { timeout: 5_000 } },
  },
});
