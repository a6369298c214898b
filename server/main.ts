import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { isPrimary, superviseWorkers, WorkersError, workersFromEnv } from './cluster';
import { ConfigError, configFromEnv, type ServerConfig } from './config';
import { bufferedStdout } from './log-buffer';
import { startupFailureMessage } from './startup-failure';
import { redactDatabaseUrl } from './storage/open-storage';

let config: ServerConfig;
let workers: number;
try {
  config = configFromEnv();
  workers = workersFromEnv(process.env, config.databaseUrl);
} catch (error) {
  // A configuration that would be unsafe (e.g. SMTP_URL without PUBLIC_URL): refuse to start, say why.
  if (!(error instanceof ConfigError) && !(error instanceof WorkersError)) throw error;
  process.stderr.write(`Configuration refusée : ${error.message}\n`);
  process.exit(1);
}

/** The setup code of this start, shown plainly in the terminal (whoever reads it owns the server). */
function printSetupCode(code: string): void {
  const lines = [
    '',
    '============================================================',
    `  Code d’installation : ${code}`,
    '  À saisir dans la zone « administrateur de secours » de l’écran',
    '  de connexion pour créer une école. Il reste valable aux',
    '  démarrages suivants (SETUP_CODE le remplace).',
    '============================================================',
    '',
  ];
  process.stdout.write(lines.join('\n'));
}

/** One server process: the app on the port (alone, or one of WORKERS sharing it: cluster.ts). */
async function serve(): Promise<void> {
  let app: FastifyInstance;
  try {
    app = await buildApp({ config, logger: true, logStream: bufferedStdout(), onSetupCode: printSetupCode });
    await app.listen({ port: config.port, host: config.host });
  } catch (error) {
    // Data directory unwritable, database unreachable, migration failed, port taken: one line, exit 1.
    process.stderr.write(`${startupFailureMessage(error, config)}\n`);
    process.exit(1);
  }
  const shutdown = () => {
    void app.close().then(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
  if (!isPrimary()) return;
  app.log.info(
    config.databaseUrl
      ? `Données: PostgreSQL ${redactDatabaseUrl(config.databaseUrl)}`
      : `Données: ${config.dataFile}`,
  );
}

if (workers > 1 && isPrimary()) {
  superviseWorkers(workers, (line) => process.stdout.write(`${line}\n`));
  if (config.databaseUrl)
    process.stdout.write(`Données: PostgreSQL ${redactDatabaseUrl(config.databaseUrl)}\n`);
} else await serve();
