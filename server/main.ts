import { buildApp } from './app';
import { configFromEnv } from './config';
import { redactDatabaseUrl } from './storage/open-storage';

const config = configFromEnv();
const app = await buildApp({ config, logger: true });
const shutdown = () => {
  void app.close().then(() => process.exit(0));
};
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
await app.listen({ port: config.port, host: config.host });
app.log.info(
  config.databaseUrl
    ? `Données: PostgreSQL ${redactDatabaseUrl(config.databaseUrl)}`
    : `Données: ${config.dataFile}`,
);
