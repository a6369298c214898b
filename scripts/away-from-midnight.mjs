/**
 * Before the end-to-end run (scripts/e2e.mjs) and the server suite (`npm run test:server`): several tests time
 * their courses by the real clock (a check-in is timed by the server, which a page's fake clock does not move),
 * kept within the current UTC day. A run that straddled midnight would see today's course become yesterday's.
 * When the run would start within its margin of midnight (the end-to-end run: 20 min; the server suite, about
 * 6 min long: 10 min), it waits for the new day (a condition, polled, not a fixed delay), and says so.
 * From the command line: `node scripts/away-from-midnight.mjs <name> <margin in minutes>`.
 */
import { pathToFileURL } from 'node:url';

const RUN_MARGIN_MIN = 20;
const DAY_MS = 24 * 60 * 60_000;

export async function awayFromMidnight(marginMin = RUN_MARGIN_MIN, name = 'E2E') {
  const now = Date.now();
  const nextMidnight = Math.ceil(now / DAY_MS) * DAY_MS;
  if (nextMidnight - now > marginMin * 60_000) return;
  const resumeAt = nextMidnight + 30_000;
  console.log(
    `${name} : ${new Date(now).toISOString()} est à moins de ${marginMin} min de minuit UTC ; ` +
      `la suite attend ${new Date(resumeAt).toISOString()} (cours datés du jour réel).`,
  );
  while (Date.now() < resumeAt) await new Promise((resolve) => setTimeout(resolve, 5_000));
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [name = 'Tests', margin = String(RUN_MARGIN_MIN)] = process.argv.slice(2);
  const minutes = Number(margin);
  if (!Number.isFinite(minutes) || minutes < 0) {
    console.error(`away-from-midnight : marge invalide « ${margin} » (minutes attendues)`);
    process.exit(2);
  }
  await awayFromMidnight(minutes, name);
}
