import os from 'node:os';
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
    // At least two, where Vitest would take one on a two-core machine (cores − 1): a file spends
    // much of its time waiting on PostgreSQL, disk flushes, ffmpeg and HTTP round trips, so two
    // workers on two cores ran the suite in 252 s against 402 s with one (2026-11-28).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    reporters: ['default'],
  },
});
