import { beforeEach } from 'vitest';

// A test that passes on its retry shows no error in vitest's report: its first attempt's error
// is printed here, so a run's log says why a browser test needed the retry.
beforeEach((ctx) => {
  ctx.onTestFailed(({ task }) => {
    for (const error of task.result?.errors ?? []) {
      console.error(`[attempt ${task.result?.retryCount ?? 0} failed] ${task.name}\n${error.stack ?? error.message}`);
    }
  });
});
