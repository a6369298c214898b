// npm start: builds the app when no build exists, then serves it with the API over the embedded SQLite file.
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';

if (!fs.existsSync('dist/index.html')) {
  console.log('Aucune version compilée: compilation de l’application…');
  execFileSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
}
const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
