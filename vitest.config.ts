import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['apps/**/*.test.{ts,tsx}', 'packages/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['**/node_modules/**', '**/dist/**', '**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files run in parallel workers; each server has its own DATA_DIR, schema and Redis prefix.
    fileParallelism: true,
    // two, not Vitest's default of cores − 1 (one file at a time on this two-core machine): the
    // suites wait on PostgreSQL, Redis, sockets and timers much of the time. All 87 files: 703 s
    // in one worker, 496 s in two (2026-11-27); CI must stay under 30 minutes.
    maxWorkers: 2,
    reporters: ['default'],
  },
});
