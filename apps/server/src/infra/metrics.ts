import client from 'prom-client';

/**
 * What a dashboard scrapes (issue: resilience, operations): `/metrics` in Prometheus's text
 * format — HTTP requests by route (rate and latency), the event loop's delay and the
 * process's own figures (prom-client's defaults), open websockets, credit batches (size and
 * commit time), the face model's queue and the background jobs waiting. Off unless METRICS=1
 * (on the API's port; keep /metrics from the internet) or METRICS_PORT (a port of its own).
 */
export interface Metrics {
  readonly enabled: boolean;
  /** one answered HTTP request; `route` is the route's pattern, never the URL (no ids, no tokens) */
  request(method: string, route: string, status: number, seconds: number): void;
  /** one committed credit batch */
  batch(size: number, seconds: number): void;
  /** figures read when scraped */
  gauge(name: string, help: string, read: () => number | Promise<number>): void;
  render(): Promise<{ contentType: string; body: string }>;
}

export function createMetrics(enabled: boolean): Metrics {
  if (!enabled) {
    return {
      enabled,
      request() {},
      batch() {},
      gauge() {},
      render: async () => ({ contentType: 'text/plain', body: '' }),
    };
  }
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'anxun_', eventLoopMonitoringPrecision: 10 });
  const http = new client.Histogram({
    name: 'anxun_http_request_duration_seconds',
    help: 'HTTP requests answered, by method, route pattern and status',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const batchSize = new client.Histogram({
    name: 'anxun_credit_batch_size',
    help: 'Study reports decided and written in one credit batch',
    buckets: [1, 2, 5, 10, 20, 50, 100, 200, 500],
    registers: [registry],
  });
  const batchSeconds = new client.Histogram({
    name: 'anxun_credit_batch_commit_seconds',
    help: 'Time to decide and commit one credit batch',
    buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  return {
    enabled,
    request(method, route, status, seconds) {
      http.observe({ method, route, status: String(status) }, seconds);
    },
    batch(size, seconds) {
      batchSize.observe(size);
      batchSeconds.observe(seconds);
    },
    gauge(name, help, read) {
      new client.Gauge({
        name,
        help,
        registers: [registry],
        async collect() {
          this.set(await read());
        },
      });
    },
    async render() {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}
