import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';

// Tells builds apart (the update prompt's end-to-end test builds twice with different ids).
const BUILD_ID = process.env.APP_BUILD_ID ?? process.env.npm_package_version ?? 'dev';

export default defineConfig({
  define: { __APP_BUILD_ID__: JSON.stringify(BUILD_ID) },
  plugins: [
    react(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // The app registers the worker itself with workbox-window (src/app/pwa/register-sw.ts).
      injectRegister: false,
      injectManifest: {
        // Every chunk of every route, the shell, icons and fonts: the app starts and runs offline.
        globPatterns: ['**/*.{js,css,html,svg,png,webmanifest,woff2}'],
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
  ],
  build: { target: 'es2022', sourcemap: false },
  server: { proxy: { '/api': 'http://localhost:8080' } },
});
