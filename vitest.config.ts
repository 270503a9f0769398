import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

const resolve = { alias: { '@shared': fileURLToPath(new URL('./shared', import.meta.url)) } };

export default defineConfig({
  resolve,
  test: {
    projects: [
      {
        resolve,
        test: {
          name: 'server',
          environment: 'node',
          include: [
            'bench/**/*.test.ts',
            'shared/**/*.test.ts',
            'sync-server/**/*.test.ts',
            'tests/integration/**/*.test.ts',
          ],
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
      {
        resolve,
        plugins: [react()],
        test: {
          name: 'app',
          environment: 'jsdom',
          include: ['app/**/*.test.{ts,tsx}'],
          setupFiles: ['app/test-setup.ts'],
          // A screen test waits for a push, a reply stream and a pull, each given up to 5 s
          // on a busy 2-core machine: the default 5 s for the whole test cut one off (CI).
          testTimeout: 15_000,
        },
      },
    ],
  },
});
