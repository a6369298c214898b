import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IMMUTABLE_CACHE_CONTROL, isHashedAsset } from '../../server/routes/static';
import { startServer, tempDataFile, type RunningServer } from './helpers';

/**
 * Cache headers of the built application: files whose name carries their content's hash are kept a year
 * (spec: light start; a returning device asks nothing again), the shell, the service worker and the
 * manifest are revalidated on each use so that a new version reaches every device.
 */
describe('static files', () => {
  let dir: string;
  let db: { file: string; cleanup: () => void };
  let server: RunningServer;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'emargement-static-'));
    fs.mkdirSync(path.join(dir, 'assets'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Émargement</title>');
    fs.writeFileSync(path.join(dir, 'sw.mjs'), 'self.addEventListener("fetch", () => {});');
    fs.writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Émargement"}');
    const script = 'export const hello = "bonjour";'.repeat(100);
    fs.writeFileSync(path.join(dir, 'assets', 'index-B7s-_WJD.js'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'index-B7s-_WJD.js.br'), script);
    fs.writeFileSync(path.join(dir, 'assets', 'base-DhN_0-CG.css'), 'body{margin:0}');
    db = tempDataFile();
    server = await startServer(db.file, { staticDir: dir });
  });
  afterAll(async () => {
    await server.app.close();
    db.cleanup();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it.each([
    ['/assets/index-B7s-_WJD.js', {}],
    ['/assets/index-B7s-_WJD.js', { 'accept-encoding': 'br' }],
    ['/assets/base-DhN_0-CG.css', {}],
  ])('keeps the hashed asset %s a year (%o)', async (file, headers) => {
    const response = await fetch(`${server.url}${file}`, { headers });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(IMMUTABLE_CACHE_CONTROL);
  });

  it.each(['/', '/index.html', '/sw.mjs', '/manifest.webmanifest', '/users'])(
    'revalidates %s on each use',
    async (file) => {
      const response = await fetch(`${server.url}${file}`);
      expect(response.status).toBe(200);
      expect(response.headers.get('cache-control')).toBe('no-cache');
    },
  );

  it('tells hashed build files from the others', () => {
    expect(isHashedAsset('assets/Form-DhN_0-CG.js')).toBe(true);
    expect(isHashedAsset('assets/maplibre-gl-CmWZrT3a.css')).toBe(true);
    expect(isHashedAsset('index.html')).toBe(false);
    expect(isHashedAsset('sw.mjs')).toBe(false);
    expect(isHashedAsset('assets/readme.txt')).toBe(false);
    expect(isHashedAsset('icons/icon-192.png')).toBe(false);
  });
});
