// Finds a Chromium for Playwright. Playwright's own download cannot run here (closed network), so we use
// Debian's package: found on PATH, else installed with apt-get when we are root, else a loud failure.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [
  process.env.CHROMIUM_PATH,
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
];

function found() {
  return CANDIDATES.find((p) => p && fs.existsSync(p)) ?? null;
}

export function findChromium() {
  let path = found();
  if (path) return path;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot) {
    console.log('Chromium absent: installation du paquet Debian « chromium »…');
    try {
      execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit' });
      execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], {
        stdio: 'inherit',
        env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      });
    } catch (error) {
      console.error('apt-get install chromium a échoué:', error instanceof Error ? error.message : error);
    }
    path = found();
    if (path) return path;
  }
  console.error(
    [
      '',
      'ÉCHEC: aucun navigateur Chromium disponible pour les tests de bout en bout.',
      'Installez-le (Debian: `apt-get install -y chromium`) ou indiquez son chemin dans CHROMIUM_PATH.',
      'Les tests ne sont pas ignorés: ils échouent tant qu’aucun navigateur n’est disponible.',
      '',
    ].join('\n'),
  );
  process.exit(1);
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(findChromium());
