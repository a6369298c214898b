// npm run test:budgets: what the login screen downloads stays small, and heavy libraries stay out of it.
// Builds the app into a temporary directory (or reads --dist <dir>), then walks dist/index.html's entry
// scripts, modulepreload links and their static imports: that set is what the browser fetches before the
// login screen can run. Dynamic import() targets are loaded on demand and are not counted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

export const LOGIN_JS_BUDGET_GZIP_BYTES = 170 * 1024;
/** Libraries that must be loaded on demand only, recognised by strings their code always contains. */
export const FORBIDDEN_IN_LOGIN = [
  { name: 'SheetJS (xlsx)', marker: /SheetJS|\bXLSX\.version\b|\bxlsx\.full\b/ },
  { name: 'maplibre-gl', marker: /maplibregl|maplibre-gl/ },
  { name: 'PDF code', marker: /%PDF-|pdfjs|jspdf|pdf-lib/i },
];

const STATIC_IMPORT = /(?:\bimport|\bexport)\s*(?:[\w${},*\s]+?\s*from\s*)?["']([^"']+\.js)["']/g;

/** The entry scripts and modulepreload links of index.html, and every chunk they statically import. */
export function loginChunks(distDir) {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const queue = [];
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) queue.push(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) queue.push(m[1]);
  return staticClosure(distDir, queue);
}

/** Chunk URLs (/assets/x.js) and everything they import statically, as absolute file paths. */
function staticClosure(distDir, urls, seen = new Set()) {
  const queue = [...urls];
  while (queue.length > 0) {
    const url = queue.shift();
    const file = path.join(distDir, url.replace(/^\//, ''));
    if (seen.has(file)) continue;
    seen.add(file);
    const code = fs.readFileSync(file, 'utf8');
    for (const m of code.matchAll(STATIC_IMPORT)) {
      queue.push(path.posix.join(path.posix.dirname(url), m[1]));
    }
  }
  return [...seen];
}

/**
 * A brand-new device also waits for the start-up chunk (remote store validation and migrations, sync
 * engine) before its first login screen; a returning device loads it in the background (src/app/app.tsx).
 */
export function firstVisitExtraGzipBytes(distDir) {
  const login = new Set(loginChunks(distDir));
  const startUp = fs.readdirSync(path.join(distDir, 'assets')).filter((f) => /^bootstrap-.*\.js$/.test(f));
  const extra = staticClosure(
    distDir,
    startUp.map((f) => `/assets/${f}`),
    new Set(login),
  );
  return [...extra]
    .filter((file) => !login.has(file))
    .reduce((sum, file) => sum + zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length, 0);
}

export function measure(distDir) {
  const files = loginChunks(distDir).map((file) => {
    const code = fs.readFileSync(file);
    return {
      file: path.relative(distDir, file),
      rawBytes: code.length,
      gzipBytes: zlib.gzipSync(code, { level: 9 }).length,
      code: code.toString('utf8'),
    };
  });
  const gzipBytes = files.reduce((sum, f) => sum + f.gzipBytes, 0);
  const forbidden = FORBIDDEN_IN_LOGIN.filter(({ marker }) => files.some((f) => marker.test(f.code)));
  return { files, gzipBytes, forbidden };
}

function build() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-budget-'));
  execFileSync('npx', ['vite', 'build', '--logLevel', 'error', '--outDir', outDir, '--emptyOutDir'], {
    stdio: 'inherit',
  });
  return outDir;
}

function main() {
  const distArg = process.argv.indexOf('--dist');
  const distDir = distArg > 0 ? path.resolve(process.argv[distArg + 1]) : build();
  const { files, gzipBytes, forbidden } = measure(distDir);
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log('JavaScript de l’écran de connexion (gzip):');
  for (const f of files) console.log(`  ${f.file}  ${kb(f.rawBytes)} brut, ${kb(f.gzipBytes)} gzip`);
  console.log(`  total: ${kb(gzipBytes)} / budget ${kb(LOGIN_JS_BUDGET_GZIP_BYTES)}`);
  const extra = firstVisitExtraGzipBytes(distDir);
  console.log(`  premier démarrage d’un nouvel appareil: + ${kb(extra)} (démarrage et synchronisation)`);
  let failed = false;
  if (gzipBytes > LOGIN_JS_BUDGET_GZIP_BYTES) {
    console.error(`ÉCHEC: ${kb(gzipBytes)} dépasse le budget de ${kb(LOGIN_JS_BUDGET_GZIP_BYTES)}.`);
    failed = true;
  }
  for (const lib of forbidden) {
    console.error(`ÉCHEC: ${lib.name} est chargé avec l’écran de connexion; chargez-le à la demande.`);
    failed = true;
  }
  if (distArg < 0) fs.rmSync(distDir, { recursive: true, force: true });
  if (failed) process.exit(1);
  console.log('Budgets respectés.');
}

if (import.meta.url === `file://${process.argv[1]}`) main();
