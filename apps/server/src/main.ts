import { buildApp } from './app.js';
import { loadConfig } from './infra/config.js';
import { StartupError } from './infra/startup-error.js';
import { DEMO_ADMIN, DEMO_LEARNER, DEMO_OPERATOR, DEMO_ORG } from './seed/demo-accounts.js';

const config = loadConfig();
const { app, ctx } = await buildApp(config).catch((err: unknown) => {
  // a database or Redis out of reach: the message names the setting, no stack to read through
  if (!(err instanceof StartupError)) throw err;
  console.error(err.message);
  process.exit(1);
});

let closing = false;
const shutdown = (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info(`${signal} received, closing`);
  // In-flight requests get a grace period; a connection still open after it is cut.
  setTimeout(() => app.server.closeAllConnections(), 10_000).unref();
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      app.log.error({ err }, 'error while closing');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => shutdown('SIGTERM'));
process.on('SIGINT', () => shutdown('SIGINT'));
// Started by scripts/start.mjs: when the wrapper dies (even by SIGKILL) its IPC channel
// closes, and the server goes too rather than hold the port as an orphan.
if (process.send) process.on('disconnect', () => shutdown('wrapper exited'));

await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
const port = typeof address === 'object' && address ? address.port : config.port;
const shownHost = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;

const lines = [
  '',
  `  安训 anxun is running at http://${shownHost}:${port}/`,
  `  API docs: http://${shownHost}:${port}/api/docs`,
  `  database: ${ctx.dialect}${ctx.dialect === 'sqlite' ? ` (${config.dataDir})` : ''}, realtime: ${ctx.redis ? 'redis' : 'single node'}`,
];
if (config.demoSeed) {
  lines.push(
    `  demo organisation ${DEMO_ORG.code} (${DEMO_ORG.name})`,
    `  demo learner: ${DEMO_LEARNER.account} / ${DEMO_LEARNER.password}  (phone ${DEMO_LEARNER.phone}${config.sms.printCodes ? '; SMS codes print here' : ''})`,
    `  demo admin:   ${DEMO_ADMIN.account} / ${DEMO_ADMIN.password}`,
    `  platform operator: ${DEMO_OPERATOR.account} / ${DEMO_OPERATOR.password}  (creates organisations)`,
  );
}
console.log(lines.join('\n') + '\n');
