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
  },
});
