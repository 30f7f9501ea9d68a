import http from 'node:http';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../app-context.js';

/** `/metrics` on the API's port (METRICS=1): Prometheus's text format, hidden from the API docs. */
export const metricsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
      const { contentType, body } = await ctx.metrics.render();
      return reply.type(contentType).header('cache-control', 'no-store').send(body);
    });
  };

/** `/metrics` on a port of its own (METRICS_PORT), for a scraper on the private network only. */
export async function serveMetrics(ctx: AppContext, port: number, host: string): Promise<{ close(): Promise<void> }> {
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== '/metrics') {
      res.writeHead(404).end();
      return;
    }
    ctx.metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      (err: unknown) => {
        ctx.log.error({ err }, 'metrics failed');
        res.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(port, host, resolve));
  return {
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
