import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { LONG_VITEST_FILES, selectedTier } from './scripts/test-tiers.mjs';

const ALL = ['test/unit/**/*.test.{ts,tsx}', 'test/integration/**/*.test.ts'];
const tier = selectedTier();

export default defineConfig({
  test: {
    // The tier (scripts/test-tiers.mjs): npm test runs the quick one, CI both; unset, everything.
    include: tier === 'long' ? LONG_VITEST_FILES : ALL,
    exclude: ['**/node_modules/**', ...(tier === 'quick' ? LONG_VITEST_FILES : [])],
    environment: 'node',
    // A safety net against a hang, not a speed verdict: a busy two-core machine (a newcomer's laptop,
    // CI beside other jobs) ran tests that take 10 s quietly past 30 s (issue 47).
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Vitest's default is one fork fewer than the cores: one on a two-core laptop, where most files
    // wait on child processes (the decoding worker, kill -9 loops, R) as much as they compute. Two
    // forks there took the suite from 880 s to 527 s unloaded (docs/testing.md).
    maxWorkers: Math.max(2, availableParallelism() - 1),
    // The CLI's tests run its bundle, as shipped.
    globalSetup: ['test/support/build-cli.ts'],
  },
});
