import { defineConfig } from 'vitest/config';

// `npm run test:browser`: real Chromium against the real server, a browser and a server per
// file. Two files at a time: much of a browser test is real time passing (videos played at
// 1×, a token left to expire, a delayed report), so two on two cores ran the suite in 489 s
// against 811 s one at a time (2026-11-29), the CI run's largest part.
export default defineConfig({
  test: {
    include: ['apps/web/e2e/**/*.browser.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    maxWorkers: 2,
    // A real browser on a busy two-core machine now and then misses a 30 s wait (seen: a
    // drawer still animating, an exam page still loading) and passes when run again; one
    // retry keeps such a miss from hiding the run's result. A test that fails twice fails.
    retry: 1,
    setupFiles: ['apps/web/e2e/failed-attempt.ts'],
    // expect.poll waits 5 s, not vitest's 1 s: what a page shows "soon" (a route's tab, a menu
    // closing) can take over a second while another file's browser plays a video beside it
    expect: { poll: { timeout: 5_000 } },
  },
});
