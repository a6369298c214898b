import { probePostgres } from './helpers';

/**
 * `npm run test:server` runs this first: it says which storage engines the server suite covers (SQLite, and PostgreSQL when one is available),
 * with the same probe the test files use, and fails early when TEST_DATABASE_URL is set but does not answer.
 */
const { url, note } = await probePostgres();
process.stdout.write(
  url ? `backends: sqlite, postgres (${note})\n` : `backends: sqlite only — PostgreSQL skipped: ${note}\n`,
);
