import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { manifest } from './app/pwa/manifest';

const apiTarget = process.env.API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  root: fileURLToPath(new URL('./app', import.meta.url)),
  publicDir: fileURLToPath(new URL('./public', import.meta.url)),
  resolve: { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } },
  plugins: [
    react(),
    // The service worker precaches the app shell and portraits; chats come from Dexie, so
    // nothing under /api is ever cached or answered by it (STYLE.md §11: updates prompt).
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      manifest,
      workbox: {
        globPatterns: ['**/*.{js,css,html,svg,png,ico,webmanifest,woff2}'],
        globIgnores: ['ocr/**', 'screenshots/**'],
        navigateFallback: 'index.html',
        // /api is data, never the app; the reset page must come from the server, whose answer
        // carries Referrer-Policy: no-referrer (its URL holds the reset token).
        navigateFallbackDenylist: [/^\/api\//, /^\/reset-password/],
        runtimeCaching: [],
        cleanupOutdatedCaches: true,
      },
    }),
  ],
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    port: 5173,
    // Same Host and Origin reach the API in dev, so its cross-origin check passes.
    proxy: { '/api': { target: apiTarget, changeOrigin: false } },
  },
});
