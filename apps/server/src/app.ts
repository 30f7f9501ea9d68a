import { sql } from 'kysely';
import crypto from 'node:crypto';
import { Role } from '@anxun/shared/constants';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { SERVER_ROOT } from './server-root.js';
import formbody from '@fastify/formbody';
import multipart from '@fastify/multipart';
import proxyAddr from '@fastify/proxy-addr';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import helmet from 'helmet';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Redis } from 'ioredis';
import { z } from 'zod';
import type { AppContext } from './app-context.js';
import { authRoutes } from './features/auth/auth.routes.js';
import { devRoutes } from './features/dev/dev.routes.js';
import { examsRoutes } from './features/exams/exams.routes.js';
import { filesRoutes } from './features/files/files.routes.js';
import { healthRoutes } from './features/health/health.routes.js';
import { createFaceGate } from './features/identity/face-gate.js';
import { createExamFaceGate } from './features/identity/exam-face-gate.js';
import { identityRoutes } from './features/identity/identity.routes.js';
import { schedulePhotoRetention } from './features/identity/photo-retention.js';
import { settleOverdueAttempts } from './features/exams/exam.service.js';
import { scheduleExamSettlement } from './features/exams/exam-settlement.js';
import { purgeRejections } from './core/registration-rejection.repository.js';
import { purgeRotatedTokens } from './core/session.repository.js';
import { onlineRoutes } from './features/online/online.routes.js';
import { orgRoutes } from './features/org/org.routes.js';
import { realtimeRoutes } from './features/realtime/realtime.routes.js';
import { scheduleSocketRecheck } from './features/realtime/socket-recheck.js';
import { SocketRegistry } from './features/realtime/socket-registry.js';
import { createMetrics } from './infra/metrics.js';
import { metricsRoutes, serveMetrics } from './features/health/metrics.routes.js';
import { shellRoutes } from './features/shell/shell.routes.js';
import { certificatesRoutes } from './features/certificates/certificates.routes.js';
import { classRoutes } from './features/training/class.routes.js';
import { courseBookRoutes, coursewarePreviewRoutes } from './features/training/course-book.routes.js';
import { intendedRoutes } from './features/training/intended.routes.js';
import { trainingRoutes } from './features/training/training.routes.js';
import { vodRoutes } from './features/training/vod.routes.js';
import { clientErrorResponse, frameworkErrorHandler, installErrorHandler } from './http/error-handler.js';
import { pageScriptSources } from './http/inline-script-hashes.js';
import { requestSerializer } from './http/log-redaction.js';
import type { AppConfig } from './infra/config.js';
import { migrateToLatest, openDatabase } from './infra/database.js';
import { faceModelsDir, tfjsWasmDir } from './infra/face/model-files.js';
import { createWorkerFaceEngine } from './infra/face/worker-face-engine.js';
import { createDiskFileStore } from './infra/file-store.js';
import { loadOrCreateKeys, type ServerKeys } from './infra/keys.js';
import { createLimiter } from './infra/rate-limit.js';
import { createLocalBus, createRedisBus, type BusEvent } from './infra/realtime-bus.js';
import { reaching } from './infra/startup-error.js';
import { checkServerKeys, serverKeysRecorded } from './core/server-keys.js';
import { createSms } from './infra/sms.js';
import { seedDemoLearning } from './seed/demo-learning-seed.js';
import { seedDemoData } from './seed/demo-seed.js';
import { setRecordTimeZone } from './core/record-time.js';
import { checkIdCardKeys, idCardKeysRecorded } from './core/id-cards.js';
import { PersonCache } from './core/person-cache.js';
import { SessionCache } from './core/session-cache.js';
import { flushSessionTouches } from './core/session.service.js';
import { auditRoutes } from './features/audit/audit.routes.js';
import { classesRoutes } from './features/classes/classes.routes.js';
import { departmentsRoutes } from './features/departments/departments.routes.js';
import { learnersRoutes } from './features/learners/learners.routes.js';
import { roleScope } from './http/role-guard.js';
import { noticesRoutes } from './features/notices/notices.routes.js';
import { questionBankRoutes } from './features/exams/question-bank.routes.js';
import { examPaperRoutes } from './features/exams/exam-paper.routes.js';
import { courseBooksRoutes } from './features/course-books/course-books.routes.js';
import { registrationsRoutes } from './features/learners/registrations.routes.js';
import { retentionRoutes } from './features/retention/retention.routes.js';
import { faceAdminRoutes } from './features/identity/face-admin.routes.js';
import { organisationsRoutes } from './features/organisations/organisations.routes.js';
import { courseUnitsRoutes } from './features/course-books/units.routes.js';
import { sharedBooksRoutes } from './features/course-books/shared-books.routes.js';
import { reportsRoutes } from './features/reports/reports.routes.js';
import { certificateAdminRoutes } from './features/certificates/certificate-admin.routes.js';
import { certificateTemplateRoutes } from './features/certificates/certificate-template.routes.js';
import { archivesRoutes } from './features/reports/archives.routes.js';
import { faceReviewRoutes } from './features/identity/face-review.routes.js';
import { certificateIssueJob } from './features/certificates/certificate-issue.job.js';
import { classArchiveJob } from './features/reports/class-archive.job.js';
import { examResultsArchivePart } from './features/exams/exam-results-export.service.js';
import { faceChecksArchivePart } from './features/identity/face-check-export.service.js';
import { examReviewAdminRoutes } from './features/exams/exam-review-admin.routes.js';
import { courseUploadRoutes } from './features/course-books/upload.routes.js';
import { transcodeJob } from './features/course-books/transcode.job.js';
import { WsCloseCode, WsCode } from '@anxun/shared/constants';
import type { JobProgressMessage } from '@anxun/shared/schemas/courseware';
import { createJobRunner, type JobRow } from './infra/job-queue.js';
import { mediaTools, type MediaTools } from './infra/media.js';
import { plainValidationText } from './http/validation-texts.js';

// Server-side validation texts default to Chinese, like the rest of the product; the commonest
// in plainer words than the locale's (http/validation-texts).
z.config(z.locales.zhCN());
z.config({ customError: plainValidationText });

const WEB_DIST = path.resolve(SERVER_ROOT, '../web/dist');

/** Files served as they are, not documents: they carry only the headers that apply to a file. */
const STATIC_FILE = /^\/(assets|face-models|tfjs-wasm|pdfjs)\/|^\/favicon\.(svg|ico)$/;

/** JSON and form bodies are small; uploads go through multipart with their own limits. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** A request's path as the router reads it: percent-decoded (undecodable: as sent), no query. */
function decodedPath(url: string): string {
  const path = url.split('?', 1)[0] ?? '';
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export interface BuildOptions {
  /** Where the console SMS provider prints; tests pass a no-op. */
  printSms?: (line: string) => void;
  now?: () => number;
  /** Where request logs go (default stdout); tests capture them to prove redaction. */
  logStream?: NodeJS.WritableStream;
}

export interface BuiltApp {
  app: FastifyInstance;
  ctx: AppContext;
  sockets: SocketRegistry;
  /** true when this start created the demo data */
  seeded: boolean;
}

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<BuiltApp> {
  const fromProxy: (address: string, hop: number) => boolean = Array.isArray(config.trustProxy)
    ? proxyAddr.compile(config.trustProxy)
    : () => config.trustProxy !== false && config.trustProxy !== 0;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(options.logStream ? { stream: options.logStream } : {}),
      serializers: { req: requestSerializer },
      redact: { paths: ['req.headers.authorization', 'headers.authorization'], censor: '[REDACTED]' },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    // a request's id: the proxy's X-Request-Id when it is a plain token (nginx's $request_id) and
    // it came from a trusted proxy (TRUST_PROXY: a hop count, or a list the peer's address is
    // in; else the header is the client's, who must not pick the id a study event and the logs
    // carry), else a new UUID — unique across nodes
    requestIdHeader: false,
    genReqId: (req) => {
      const given = fromProxy(req.socket.remoteAddress ?? '', 0) ? req.headers['x-request-id'] : undefined;
      return typeof given === 'string' && /^[A-Za-z0-9_-]{8,64}$/.test(given) ? given : crypto.randomUUID();
    },
    // A hop count n trusts the n proxies nearest to us; X-Forwarded-For beyond them is the client's.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    routerOptions: { maxParamLength: 200 },
    // a request that arrives while the node closes is answered as usual (the database stays
    // open until the last connection ends), with `Connection: close` (below), not a bare 503
    return503OnClosing: false,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler: (_err, socket) => {
      if (socket.writable) socket.end(clientErrorResponse());
      else socket.destroy();
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // 1. Infrastructure: database (migrated), keys, files, SMS, Redis, bus, limiters.
  setRecordTimeZone(config.study.timeZone);
  const onDatabaseError = (err: Error) => app.log.warn({ err }, 'a database connection failed');
  // the first query reaches the database: a wrong DATABASE_URL stops the start, saying so
  const database = await (config.databaseUrl
    ? reaching('DATABASE_URL', config.databaseUrl, () => openDatabase(config, onDatabaseError))
    : openDatabase(config, onDatabaseError));
  if (config.databaseUrl) {
    // reached before anything is written to DATA_DIR (keys made for a database never opened)
    await reaching('DATABASE_URL', config.databaseUrl, () => sql`select 1`.execute(database.db)).catch(
      async (err: unknown) => {
        await database.close().catch(() => undefined);
        throw err;
      },
    );
  }
  let keys: ServerKeys;
  try {
    keys = loadOrCreateKeys(config.dataDir, {
      idCards: !(await idCardKeysRecorded(database.db)),
      server: !(await serverKeysRecorded(database.db)),
    });
    await migrateToLatest(database.db, database.dialect, { idCards: keys.idCards }, config.databaseSchema);
    await checkIdCardKeys(database.db, keys.idCards);
    await checkServerKeys(database.db, keys);
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
  // Commands fail at once while Redis is away (no offline queue, a short timeout), so the
  // rate limiters fall back to memory instead of holding logins for seconds.
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { maxRetriesPerRequest: 1, enableOfflineQueue: false, commandTimeout: 1_000 })
    : undefined;
  redis?.on('error', (err: unknown) => app.log.warn({ err }, 'redis error'));
  const onBusError = (err: unknown, event: BusEvent) =>
    app.log.error({ err, event: event.type }, 'a realtime event could not be handled');
  const bus = config.redisUrl
    ? await reaching('REDIS_URL', config.redisUrl, () =>
        createRedisBus(config.redisUrl!, config.redisPrefix, onBusError),
      ).catch(async (err: unknown) => {
        redis?.disconnect();
        await database.close();
        throw err;
      })
    : createLocalBus(onBusError);
  const jobs = createJobRunner(database.db, database.dialect, {
    concurrency: config.jobs.concurrency,
    leaseMs: config.jobs.leaseMs,
    pollMs: config.jobs.pollMs,
    now: options.now ?? Date.now,
    // the person who queued a job sees it move on, on whichever node holds their socket
    onChange: (job: JobRow) => {
      if (!job.created_by) return;
      const data: JobProgressMessage = {
        jobId: job.id,
        subjectId: job.subject_id,
        status: job.status,
        percent: job.percent,
        error: job.error,
      };
      void bus
        .publish({ type: 'person.message', personId: job.created_by, message: { code: WsCode.JOB_PROGRESS, data } })
        .catch(() => undefined);
    },
    onError: (err, job) => app.log.error({ err, jobId: job?.id }, 'background job error'),
  });
  const limiter = (name: keyof AppConfig['rateLimits']) =>
    createLimiter(name, config.rateLimits[name], redis, config.redisPrefix, (err) =>
      app.log.warn({ err }, 'rate limit'),
    );
  const ctx: AppContext = {
    config,
    db: database.db,
    dialect: database.dialect,
    groupCommit: database.groupCommit,
    keys,
    bus,
    sessions: new SessionCache(options.now ?? Date.now),
    people: new PersonCache(options.now ?? Date.now),
    sms: createSms(config.sms, options.printSms ?? ((line) => console.log(line))),
    files: createDiskFileStore(config.dataDir),
    jobs,
    faces: createWorkerFaceEngine(),
    redis,
    limiters: {
      loginPerIp: limiter('loginPerIp'),
      loginPerAccount: limiter('loginPerAccount'),
      loginFailuresPerAddress: limiter('loginFailuresPerAddress'),
      checkCodePerIp: limiter('checkCodePerIp'),
      checkCodePerPhone: limiter('checkCodePerPhone'),
      checkCodePerPhoneDaily: limiter('checkCodePerPhoneDaily'),
      checkCodeDaily: limiter('checkCodeDaily'),
      checkCodeDailyNewNumbers: limiter('checkCodeDailyNewNumbers'),
      checkCodePerIpDaily: limiter('checkCodePerIpDaily'),
      registerPerIp: limiter('registerPerIp'),
      postPerPerson: limiter('postPerPerson'),
      facePerPerson: limiter('facePerPerson'),
      certificateVerifyPerIp: limiter('certificateVerifyPerIp'),
      orgCodeMissesPerIp: limiter('orgCodeMissesPerIp'),
      intentPerIp: limiter('intentPerIp'),
      refreshPerIp: limiter('refreshPerIp'),
    },
    log: app.log,
    metrics: createMetrics(config.metrics.onApiPort || config.metrics.port !== undefined),
    now: options.now ?? Date.now,
  };
  const seeded = config.demoSeed ? await seedDemoData(ctx) : false;
  if (config.demoSeed) await seedDemoLearning(ctx);

  const sockets = new SocketRegistry();
  bus.subscribe((event) => sockets.handle(event));
  bus.subscribe((event) => {
    ctx.sessions.handle(event);
    ctx.people.handle(event);
    // the node that revoked (or rotated) waits for every node's word that its cache forgot
    if ((event.type === 'session.revoked' || event.type === 'session.changed') && event.ack) {
      bus.publish({ type: 'session.forgotten', ack: event.ack }).catch(() => undefined);
    }
  });
  // events published while the bus was away are lost: start the cache afresh
  bus.onReconnect(() => {
    ctx.sessions.clear();
    ctx.people.clear();
  });
  ctx.metrics.gauge('anxun_websockets_open', 'Websockets this node holds', () => sockets.size);
  ctx.metrics.gauge(
    'anxun_face_queue',
    'Photos waiting for the face model, and the one it is on',
    () => ctx.faces.queued,
  );
  ctx.metrics.gauge('anxun_jobs_queued', 'Background jobs waiting to run (all nodes)', async () =>
    Number(
      (
        await ctx.db
          .selectFrom('jobs')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .where('status', '=', 'queued')
          .executeTakeFirstOrThrow()
      ).n,
    ),
  );

  // 2. External plugins: security headers, body parsers, websocket, OpenAPI.
  // helmet's middleware is made once: @fastify/helmet rebuilt it (and re-parsed the CSP) on
  // every request, a measurable share of a cheap route's time.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // the face pre-check compiles the tfjs WebAssembly backend; the page's own inline
        // script (its first page's preload) by its hash
        scriptSrc: ["'self'", "'wasm-unsafe-eval'", pageScriptSources(path.join(WEB_DIST, 'index.html'))],
        // antd writes its CSS-in-JS into <style> tags at run time
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    // Same-origin resources only; the camera page and video need no cross-origin isolation.
    crossOriginEmbedderPolicy: false,
    // said below, and only over HTTPS: over plain HTTP a browser ignores it, and it would pin a
    // development host (localhost) to HTTPS
    strictTransportSecurity: false,
  });
  // Once closing begins, every answer ends its connection: a player's next report opens a new
  // one, which reaches another node (this one no longer listens), and the close need not wait
  // out keep-alive connections that never go idle.
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (closing) void reply.header('connection', 'close');
    done(null, payload);
  });
  app.addHook('onRequest', (request, reply, done) => {
    // A script, style, model or icon needs no policy of a document's: the page's CSP governs
    // it. Only what applies to the file itself, so the ~40 files of a first visit do not each
    // carry ~0.7 KB of headers.
    if (STATIC_FILE.test(request.url)) {
      void reply.header('x-content-type-options', 'nosniff').header('cross-origin-resource-policy', 'same-origin');
      return done();
    }
    // the request's id travels back to the client, so a report of a failure finds its log lines
    void reply.header('x-request-id', request.id);
    // JSON is never a page: a policy that allows nothing, instead of the pages' long one. Told
    // by the route matched or the decoded path (the router decodes: /%61pi/… is /api/…; an
    // unknown /api/… path matches the pages' catch-all), not by the raw URL alone
    const api = (p: string) => p.startsWith('/api/') && !p.startsWith('/api/docs');
    // the decoding only when the route does not tell (a study report's does)
    if (api(request.routeOptions.url ?? '') || api(decodedPath(request.url))) {
      if (request.protocol === 'https')
        void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
      void reply
        .header('content-security-policy', "default-src 'none'; frame-ancestors 'none'")
        .header('x-content-type-options', 'nosniff')
        .header('cross-origin-resource-policy', 'same-origin')
        .header('referrer-policy', 'no-referrer');
      return done();
    }
    // request.protocol is https directly, or behind TRUST_PROXY when the proxy says so
    if (request.protocol === 'https')
      void reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    securityHeaders(request.raw, reply.raw, (err) => done(err instanceof Error ? err : undefined));
  });
  if (ctx.metrics.enabled) {
    app.addHook('onResponse', (request, reply, done) => {
      ctx.metrics.request(
        request.method,
        request.routeOptions.url ?? 'unmatched',
        reply.statusCode,
        reply.elapsedTime / 1000,
      );
      done();
    });
  }
  // Added before any route: Fastify runs onClose hooks last-added first, so the routes' own
  // (the credit batch writing the reports it holds) run while the database is still open.
  let stopRetention = () => {};
  let stopRecheck = () => {};
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined = undefined;
  app.addHook('onClose', async () => {
    await metricsServer?.close();
    await jobs.stop();
    stopRetention();
    stopRecheck();
    await ctx.faces.close();
    await bus.close();
    redis?.disconnect();
    await flushSessionTouches(ctx);
    await database.close();
  });

  await app.register(formbody, { bodyLimit: BODY_LIMIT_BYTES });
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1, fields: 10 } });
  await app.register(websocket, {
    options: { maxPayload: 4096 },
    // a frame the protocol refuses (too long, malformed: ws's WS_ERR_* codes) is the client's
    // doing — anyone can send one before his token is checked — not the server's error: a line
    // without a stack, and the socket ends as ws closed it (1009, 1002)
    errorHandler(error, socket, request) {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
        request.log.warn({ wsError: code }, 'websocket frame refused');
      } else request.log.error({ err: error }, 'websocket error');
      socket.terminate();
    },
    // On close, every socket is told why (1001: the web reconnects, to another node or to this
    // one restarted) rather than cut with no code; the server's close then need not wait.
    preClose(done) {
      // a keep-alive connection whose request was in flight when closing began becomes idle
      // after its answer: close those as they go, rather than wait out the grace period
      const idle = setInterval(() => app.server.closeIdleConnections(), 100);
      idle.unref();
      app.server.once('close', () => clearInterval(idle));
      sockets.closeAll();
      for (const client of this.websocketServer.clients) client.close(WsCloseCode.SERVER_SHUTDOWN, 'server restarting');
      this.websocketServer.close();
      done();
    },
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'anxun API', description: '安训 — 在线安全生产培训系统 API', version: '0.1.0' },
      components: { securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } } },
      security: [{ token: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  // 3. The one error model.
  installErrorHandler(app);

  // 4. Routes, one plugin per feature.
  await app.register(healthRoutes(ctx));
  await app.register(authRoutes(ctx));
  await app.register(orgRoutes(ctx));
  await app.register(filesRoutes(ctx));
  await app.register(shellRoutes(ctx));
  // the identity feature's face checks gate the training feature's credit
  await app.register(trainingRoutes(ctx, { faceGate: createFaceGate(ctx.dialect) }));
  await app.register(classRoutes(ctx));
  await app.register(courseBookRoutes(ctx));
  // a spec §7 path for managers only: the role guard declared for it, not inside its handler
  // a unit's preview: a manager's for his books, the operator's for the platform's
  await app.register(roleScope(ctx, [Role.ADMIN, Role.SUPER], [coursewarePreviewRoutes(ctx)]));
  await app.register(intendedRoutes(ctx));
  await app.register(vodRoutes(ctx));
  await app.register(onlineRoutes(ctx));
  await app.register(identityRoutes(ctx));
  await app.register(examsRoutes(ctx, { faceGate: createExamFaceGate(ctx.dialect) }));
  await app.register(certificatesRoutes(ctx));
  await app.register(realtimeRoutes(ctx, sockets));
  // a learner's record and 一人一档 close his overdue exams before they are read (exams' work)
  const settleExams = (trainPersonIds: readonly string[]) => settleOverdueAttempts(ctx, undefined, trainPersonIds);
  // The console's API: every route under /api/manage is for the organisation's training
  // managers only, declared once here (401 anonymous, 403 another role).
  await app.register(
    roleScope(
      ctx,
      [Role.ADMIN],
      [
        departmentsRoutes(ctx),
        learnersRoutes(ctx),
        registrationsRoutes(ctx),
        faceAdminRoutes(ctx),
        classesRoutes(ctx),
        noticesRoutes(ctx),
        sharedBooksRoutes(ctx),
        examPaperRoutes(ctx),
        reportsRoutes(ctx, { settleExams }),
        certificateAdminRoutes(ctx),
        certificateTemplateRoutes(ctx),
        faceReviewRoutes(ctx, { settleExams }),
        archivesRoutes(ctx, { settleExams }),
        examReviewAdminRoutes(ctx),
        retentionRoutes(ctx),
      ],
    ),
    {
      prefix: '/api/manage',
    },
  );
  // The platform operator's part of the console: organisations and their training managers.
  await app.register(roleScope(ctx, [Role.SUPER], [organisationsRoutes(ctx)]), { prefix: '/api/manage' });
  // 操作日志: a manager reads his organisation's, the operator the platform's.
  await app.register(roleScope(ctx, [Role.ADMIN, Role.SUPER], [auditRoutes(ctx)]), { prefix: '/api/manage' });
  // Course books, their courseware and question banks: a training manager's for his
  // organisation's books, the platform operator's for the platform's shared books
  // (core/book-owner decides whose books a caller works on).
  await app.register(
    roleScope(
      ctx,
      [Role.ADMIN, Role.SUPER],
      [courseBooksRoutes(ctx), courseUnitsRoutes(ctx), courseUploadRoutes(ctx), questionBankRoutes(ctx)],
    ),
    { prefix: '/api/manage' },
  );
  if (ctx.sms.outbox && !config.isProduction) await app.register(devRoutes(ctx));
  if (config.metrics.onApiPort) await app.register(metricsRoutes(ctx));

  // 5. Static files: the face pre-check's detector model and WASM binaries, then the built web
  // app at /. The build holds copies of the former with their brotli and gzip files (half the
  // bytes a phone downloads); without a build, the packages' own files are sent as they are.
  // Their addresses are the same from one release to the next while the library's code (a
  // hashed file) is not: a phone asks again each time (ETag → 304), so a new library never
  // runs an old model or binary.
  const builtOr = (dir: string, installed: () => string) => ({
    ...(fs.existsSync(path.join(WEB_DIST, dir))
      ? { root: path.join(WEB_DIST, dir), preCompressed: true }
      : { root: installed() }),
    cacheControl: false as const,
    setHeaders: (reply: FastifyReply) => void reply.header('cache-control', 'no-cache'),
  });
  await app.register(fastifyStatic, {
    ...builtOr('face-models', faceModelsDir),
    prefix: '/face-models/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/blazeface\.(json|bin)$/.test(pathName),
  });
  await app.register(fastifyStatic, {
    ...builtOr('tfjs-wasm', tfjsWasmDir),
    prefix: '/tfjs-wasm/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/tfjs-backend-wasm(-simd|-threaded-simd)?\.wasm$/.test(pathName),
  });
  // pdf.js's character maps and standard fonts, for PDF units whose fonts are not embedded
  const pdfjsDir = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'));
  await app.register(fastifyStatic, {
    root: path.join(pdfjsDir, 'cmaps'),
    prefix: '/pdfjs/cmaps/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/[\w.-]+\.bcmap$/.test(pathName),
    maxAge: '7d',
  });
  await app.register(fastifyStatic, {
    root: path.join(pdfjsDir, 'standard_fonts'),
    prefix: '/pdfjs/standard_fonts/',
    decorateReply: false,
    allowedPath: (pathName) => /^\/[\w.-]+\.(pfb|ttf)$/.test(pathName),
    maxAge: '7d',
  });
  if (fs.existsSync(path.join(WEB_DIST, 'index.html'))) {
    // Vite names every asset by its content: cached for a year, never asked again. index.html
    // (and the few unhashed files) are revalidated every time (ETag → 304). Brotli and gzip
    // copies are made at build time and sent as they are.
    await app.register(fastifyStatic, {
      root: WEB_DIST,
      // a list: with preCompressed, a plain string finds no index for `/` (@fastify/static 10)
      index: ['index.html'],
      preCompressed: true,
      cacheControl: false,
      // the ETag revalidates index.html; ranges and dates only add bytes to ~40 small files
      acceptRanges: false,
      lastModified: false,
      setHeaders: (reply, filePath) => {
        const hashed = filePath.startsWith(path.join(WEB_DIST, 'assets') + path.sep);
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  } else {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .type('text/plain; charset=utf-8')
        .send('anxun API is running. The web app is not built: run `npm run build`.'),
    );
  }

  // 6. Background jobs: ffmpeg is looked up when the first job needs it.
  let tools: MediaTools | undefined;
  jobs.register(transcodeJob(ctx, () => (tools ??= mediaTools(config.media))));
  jobs.register(classArchiveJob(ctx, [examResultsArchivePart, faceChecksArchivePart], settleExams));
  jobs.register(certificateIssueJob(ctx));
  jobs.start();

  const stopPhotos = schedulePhotoRetention(ctx);
  const stopExams = scheduleExamSettlement(ctx);
  // rejected registrations' password hashes go once no login is told of them (30 days);
  // rotated refresh tokens once older than any refresh token's life
  const purgeOld = async () => {
    const now = ctx.now();
    await purgeRejections(ctx.db, now).catch((err: unknown) => ctx.log.error({ err }, 'rejection purge failed'));
    await purgeRotatedTokens(ctx.db, now - config.refreshTokenSeconds * 1000).catch((err: unknown) =>
      ctx.log.error({ err }, 'rotated token purge failed'),
    );
  };
  await purgeOld(); // before the first request: a restart after a long stop starts clean
  const purgeTimer = setInterval(() => void purgeOld(), 6 * 3600_000);
  purgeTimer.unref();
  stopRetention = () => {
    stopPhotos();
    stopExams();
    clearInterval(purgeTimer);
  };
  stopRecheck = scheduleSocketRecheck(ctx, sockets);
  metricsServer = config.metrics.port ? await serveMetrics(ctx, config.metrics.port, config.host) : undefined;

  return { app, ctx, sockets, seeded };
}
