import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { installSetupCode } from './auth/setup-code';
import { registerSessionPurge, SessionService } from './auth/sessions';
import { SMALL_BODY_LIMIT_BYTES, type ServerConfig } from './config';
import { registerHttpHooks } from './http-hooks';
import { OneLinePerRequest, redactingLogger } from './log-redaction';
import { createMailer } from './mail';
import { registerAuthRoutes } from './routes/auth';
import { registerBackupRoute } from './routes/backup';
import { registerCalendarRoutes } from './routes/calendar';
import { registerCredentialRoutes } from './routes/credentials';
import { registerEmergencyRoute } from './routes/emergency';
import { registerHealthRoute } from './routes/health';
import { registerLiveRoute } from './routes/live';
import { registerLostWorkRoute } from './routes/lost-work';
import { registerOrgSession } from './routes/org-session';
import { registerPasswordResetRoutes } from './routes/password-reset';
import { registerStaticFiles } from './routes/static';
import { registerStoreRoutes } from './routes/store';
import { registerSyncRoutes } from './routes/sync';
import { openStorage } from './storage/open-storage';
import type { SyncStorage } from './storage/sync-storage';
import { watchWrites, WriteHealth } from './storage/write-health';

export interface BuildOptions {
  config: ServerConfig;
  storage?: SyncStorage;
  logger?: boolean;
  /** Where the log lines go (default: pino's stdout, a write per line; main.ts buffers them, log-buffer.ts). */
  logStream?: { write(line: string): void };
  /** Where the setup code generated at start goes (main.ts prints it in the terminal); default: the log. */
  onSetupCode?: (code: string) => void;
  /** Heartbeat and session re-check of live streams (GET /api/live); tests shorten it. */
  liveHeartbeatMs?: number;
}

/** The server: one storage, one session service, then each area's hooks and routes (server/routes/). */
export async function buildApp({
  config,
  storage,
  logger = false,
  logStream,
  liveHeartbeatMs,
  onSetupCode,
}: BuildOptions): Promise<FastifyInstance> {
  // TRUST_PROXY: a hop count or the proxies' addresses, never "every hop" (a client's own X-Forwarded-For).
  // Fastify 5 ignores a bare number (fails closed), so a hop count becomes the equivalent trust function.
  const hops = config.trustProxy;
  const trustProxy: FastifyServerOptions['trustProxy'] =
    typeof hops === 'number' ? (_address: string, hop: number) => hop < hops : hops;
  // Small bodies everywhere (sign-in, reset, emergency area…): a stranger's request stays cheap whatever it
  // sends. Only PUT /api/store and POST /api/mutations take BODY_LIMIT_BYTES, once their session is decided.
  const bodyLimit = Math.min(SMALL_BODY_LIMIT_BYTES, config.bodyLimitBytes);
  // Request lines and messages never carry a query string's values (a reset token): log-redaction.ts.
  const app = Fastify({
    logger: redactingLogger(logger, logStream),
    logController: new OneLinePerRequest(),
    bodyLimit,
    trustProxy,
  });
  const opened = storage ?? (await openStorage(config, (error) => app.log.error(error, 'database')));
  // Write transactions watched for /api/health (a database that reads but cannot write: full disk…).
  const writeHealth = new WriteHealth();
  const store = watchWrites(opened, writeHealth);
  app.addHook('onClose', () => store.close());
  // Only the owner of the server creates organisations and emergency administrators: the setup code.
  const generatedSetupCode = await installSetupCode(store, config.setupCode);
  if (generatedSetupCode)
    (onSetupCode ?? ((code: string) => app.log.warn(`Code d’installation : ${code}`)))(generatedSetupCode);
  else if (!config.setupCode)
    app.log.warn(
      'Code d’installation : inchangé (celui affiché au premier démarrage ; SETUP_CODE le remplace)',
    );

  const sessions = new SessionService(store);
  const limits = config.rateLimits;

  registerHttpHooks(app, config, writeHealth);
  registerSessionPurge(app, store);
  registerOrgSession(app, { sessions });
  registerHealthRoute(app, { storage: store, writeHealth });
  registerAuthRoutes(app, {
    storage: store,
    limits,
    sessions,
    hashIterations: config.acceptedHashIterations,
  });
  registerEmergencyRoute(app, {
    storage: store,
    initialPassword: config.initialPassword,
    limits,
    allowNewOrgs: config.allowNewOrgs,
  });
  registerPasswordResetRoutes(app, { storage: store, config, mailer: createMailer(config) });
  registerCredentialRoutes(app, { storage: store, config });
  registerBackupRoute(app, { storage: store });
  registerLostWorkRoute(app, { storage: store });
  registerCalendarRoutes(app, { storage: store, config });
  registerLiveRoute(app, {
    storage: store,
    ...(liveHeartbeatMs === undefined ? {} : { heartbeatMs: liveHeartbeatMs }),
  });
  registerStoreRoutes(app, { storage: store, config });
  registerSyncRoutes(app, { storage: store, sessions, config });
  await registerStaticFiles(app, config.staticDir);
  return app;
}
