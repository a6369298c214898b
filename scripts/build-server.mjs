// Compiles the server once (issue 31: a restart must not compile TypeScript again): server/main.ts and what
// it imports from server/, src/ and node_modules become one JavaScript file, dist-server/main.mjs.
// `npm run build` runs it; `npm start` runs it when the bundle is missing or older than a source.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_BUNDLE = path.join(root, 'dist-server', 'main.mjs');
const SOURCE_DIRS = ['server', 'src'].map((d) => path.join(root, d));

function newestSource(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestSource(full));
    else if (/\.(ts|tsx|js|mjs|json)$/.test(entry.name)) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

/** True when the bundle is missing, or a file of server/ or src/ (or package.json) changed after it. */
export function serverBundleStale() {
  if (!fs.existsSync(SERVER_BUNDLE)) return true;
  const built = fs.statSync(SERVER_BUNDLE).mtimeMs;
  const sources = Math.max(
    ...SOURCE_DIRS.map(newestSource),
    fs.statSync(path.join(root, 'package.json')).mtimeMs,
  );
  return sources > built;
}

/**
 * Builds the bundle (default dist-server/main.mjs; it must stay inside the project, beside node_modules).
 * Packages are bundled too: one file to read instead of hundreds of modules (half a start's time). Only the
 * native SQLite driver and pg's optional native binding stay outside.
 */
export async function buildServer(outfile = SERVER_BUNDLE) {
  // Written beside, then renamed: a server starting meanwhile never reads half a file.
  const temporary = path.join(path.dirname(outfile), `.build-${process.pid}`);
  fs.mkdirSync(path.dirname(outfile), { recursive: true });
  await build({
    entryPoints: [path.join(root, 'server', 'main.ts')],
    outfile: path.join(temporary, 'main.mjs'),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    external: ['better-sqlite3', 'pg-native'],
    sourcemap: true,
    logLevel: 'warning',
    // CommonJS packages inside an ES module still call require() for Node's own modules.
    banner: {
      js: [
        '// Built by scripts/build-server.mjs from server/main.ts: do not edit.',
        "import { createRequire as __createRequire } from 'node:module';",
        'const require = __createRequire(import.meta.url);',
      ].join('\n'),
    },
  });
  fs.renameSync(path.join(temporary, 'main.mjs.map'), `${outfile}.map`);
  fs.renameSync(path.join(temporary, 'main.mjs'), outfile);
  fs.rmSync(temporary, { recursive: true, force: true });
}

// `node scripts/build-server.mjs [outfile]` (tests build their own copy, inside the project).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url))
  await buildServer(process.argv[2] ? path.resolve(process.argv[2]) : SERVER_BUNDLE);
