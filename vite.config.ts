import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Tells builds apart (the update prompt's end-to-end test builds twice with different ids).
const BUILD_ID = process.env.APP_BUILD_ID ?? process.env.npm_package_version ?? 'dev';

/**
 * Writes brotli and gzip copies of text assets next to them; the server sends them (preCompressed), so
 * a phone on a slow network downloads about a third of the bytes. Runs after the service worker is built.
 */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const walk = (dir: string): string[] =>
          fs
            .readdirSync(dir, { withFileTypes: true })
            .flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));
        for (const file of walk(outDir)) {
          if (!/\.(js|mjs|css|html|svg|webmanifest|json)$/.test(file)) continue;
          const content = fs.readFileSync(file);
          if (content.length < 1024) continue;
          fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
          fs.writeFileSync(
            `${file}.br`,
            zlib.brotliCompressSync(content, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
        }
      },
    },
  };
}

/**
 * Libraries of a few screens, recognised by strings their code always contains: maplibre (the attendance
 * map) and SheetJS (timetable import, payroll export). The service worker does not precache the files that
 * hold them; it caches them on first use (sw/sw.ts), so a teacher's phone never downloads them.
 */
export const ON_FIRST_USE_MARKERS = [
  /maplibregl/,
  /SheetJS|\bXLSX\.version\b/,
  // The payroll statement's PDF (jsPDF) and the optional libraries jsPDF imports itself (never used here).
  /\bjsPDF\b|html2canvas|DOMPurify|canvg/,
];

/**
 * The sheet worker's own chunks, which only ever run with SheetJS: cached with it, on first use. Not the
 * 100-byte module that starts it (`sheet-worker-*.js`): screens a teacher opens offline import it with the
 * payroll code (Mes heures' statement), and a missing chunk there broke the whole page offline.
 */
export const ON_FIRST_USE_FILES = /^assets\/(sheet\.worker|read-sheet-request|write-sheet-file)-/;

let builtOutDir = path.resolve('dist');

/** Records the build's output directory (it may come from --outDir) for the precache filter below. */
function rememberOutDir(): Plugin {
  return {
    name: 'remember-out-dir',
    apply: 'build',
    configResolved(config) {
      builtOutDir = path.resolve(config.root, config.build.outDir);
    },
  };
}

/** Precache entries minus the files of a library of a few screens (ON_FIRST_USE_MARKERS and _FILES). */
function withoutOnFirstUse<T extends { url: string }>(entries: T[]): { manifest: T[]; warnings: string[] } {
  const manifest = entries.filter((entry) => {
    if (!/\.(js|css)$/.test(entry.url)) return true;
    if (ON_FIRST_USE_FILES.test(entry.url)) return false;
    const file = path.join(builtOutDir, entry.url);
    if (!fs.existsSync(file)) return true;
    const code = fs.readFileSync(file, 'utf8');
    return !ON_FIRST_USE_MARKERS.some((marker) => marker.test(code));
  });
  return { manifest, warnings: [] };
}

export default defineConfig({
  define: { __APP_BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    rememberOutDir(),
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself with workbox-window (src/app/pwa/register-sw.ts).
      injectRegister: false,
      injectManifest: {
        // Every chunk of every route, the shell, icons and fonts: the app starts and runs offline. Except
        // maplibre and SheetJS, cached on first use (withoutOnFirstUse, sw/sw.ts).
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
        manifestTransforms: [(entries) => Promise.resolve(withoutOnFirstUse(entries))],
        // Store screenshots are for install dialogs only, not worth a place in every device's cache.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 5_000_000,
      },
      manifest: {
        id: '/',
        name: 'Émargement et plannings',
        short_name: 'Émargement',
        description: 'Plannings, émargements, volumes horaires et contrats des enseignants, même hors ligne.',
        lang: 'fr',
        dir: 'ltr',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: '#1d4ed8',
        background_color: '#f8fafc',
        categories: ['education'],
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          {
            src: '/screenshots/login-narrow.png',
            sizes: '540x1200',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Écran de connexion sur téléphone',
          },
          {
            src: '/screenshots/login-wide.png',
            sizes: '1280x800',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Écran de connexion sur ordinateur',
          },
        ],
      },
    }),
    precompress(),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // No <link rel="modulepreload"> per dependency of each lazy chunk: the helper appended them one by one on
    // the main thread as each screen loaded (~35 ms of a known device's start, ~140 ms of Lighthouse's blocking
    // time at its 4x slowdown). Chunks come from the service worker's precache on an installed device, and the
    // sign-in prefetches the app's chunks itself (session/login-runtime); a lazy chunk's CSS still loads first.
    modulePreload: false,
  },
  // ES module workers (every worker is created with type: 'module'): a worker's dynamic imports become chunks
  // of their own, so the sheet worker (src/services/sheets) holds the one SheetJS copy of the build in a
  // chunk that its reader and its writer share, and an export never downloads the timetable reader.
  worker: { format: 'es' },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
