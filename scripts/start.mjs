// npm start: builds the app when no build exists, then serves it with the API over the embedded SQLite file
// (or PostgreSQL with DATABASE_URL). The server runs as JavaScript compiled once (dist-server/main.mjs, rebuilt
// only when a source changed): a restart answers within a second or so, instead of compiling TypeScript again.
import { execFileSync, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServer, SERVER_BUNDLE, serverBundleStale } from './build-server.mjs';

// The database driver is native code: loaded in a child first, since a driver built for another Node
// crashes the process that loads it (a segmentation fault cannot be caught).
const probe = spawnSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], {
  encoding: 'utf8',
});
if (probe.status !== 0) {
  const why = probe.signal
    ? `arrêt ${probe.signal}`
    : (probe.stderr
        .trim()
        .split('\n')
        .find((l) => /Error/.test(l)) ?? '');
  const [major, minor] = process.versions.node.split('.').map(Number);
  const recentEnough = major > 22 || (major === 22 && minor >= 14);
  console.error(
    `Le pilote de base de données (better-sqlite3) ne se charge pas avec Node ${process.versions.node}${why ? ` (${why})` : ''}. ` +
      (recentEnough
        ? 'Lancez « npm rebuild better-sqlite3 » (ou « npm install ») avec ce Node, puis « npm start ».'
        : 'Il faut Node 22.14 ou plus récent (22 ou 24 LTS) : installez-le, lancez « npm install » avec lui, puis « npm start ».'),
  );
  process.exit(1);
}

// The default static directory (dist/) is built when missing; STATIC_DIR names another one (or none, '').
const staticDir = process.env.STATIC_DIR ?? 'dist';
if (
  staticDir !== '' &&
  path.resolve(staticDir) === path.resolve('dist') &&
  !fs.existsSync('dist/index.html')
) {
  console.log('Aucune version compilée: compilation de l’application…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
if (serverBundleStale()) {
  console.log('Compilation du serveur…');
  await buildServer();
}
const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
