/**
 * Before the end-to-end run (scripts/e2e.mjs): several specs time their courses by the real clock (a check-in is timed by the server, which a
 * page's fake clock does not move), kept within the current UTC day. A run that straddled midnight would see
 * today's course become yesterday's. When the run would start within RUN_MARGIN_MIN of midnight, it waits for
 * the new day (a condition, polled, not a fixed delay), and says so.
 */
const RUN_MARGIN_MIN = 20;
const DAY_MS = 24 * 60 * 60_000;

export async function awayFromMidnight() {
  const now = Date.now();
  const nextMidnight = Math.ceil(now / DAY_MS) * DAY_MS;
  if (nextMidnight - now > RUN_MARGIN_MIN * 60_000) return;
  const resumeAt = nextMidnight + 30_000;
  console.log(
    `E2E : ${new Date(now).toISOString()} est à moins de ${RUN_MARGIN_MIN} min de minuit UTC ; ` +
      `la suite attend ${new Date(resumeAt).toISOString()} (cours datés du jour réel).`,
  );
  while (Date.now() < resumeAt) await new Promise((resolve) => setTimeout(resolve, 5_000));
}
