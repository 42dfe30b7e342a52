import { defineConfig } from 'vitest/config';

// The packaged app (test/package/): electron-builder's output checked and run from the package alone.
export default defineConfig({
  test: {
    include: ['test/package/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: 'forks',
    globalSetup: ['test/package/setup.ts'],
  },
});
