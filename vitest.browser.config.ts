import { defineConfig } from 'vitest/config';

// `npm run test:browser`: real Chromium against the real server. One file at a time: a
// browser and a server per file are plenty for two cores.
export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
    // A real browser on a busy two-core machine now and then misses a 30 s wait (seen: a
    // drawer still animating, an exam page still loading) and passes when run again; one
    // retry keeps such a miss from hiding the run's result. A test that fails twice fails.
    retry: 1,
  },
});
