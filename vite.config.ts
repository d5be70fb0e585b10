import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { antdStyles } from './build/antd-styles.ts';
import { precompress } from './build/precompress.ts';

/** Formily's grid imports a ResizeObserver polyfill that watches the whole page: the browser's own is used instead (src/shims/resize-observer.ts). */
export const nativeResizeObserver = { '@juggle/resize-observer': fileURLToPath(new URL('./src/shims/resize-observer.ts', import.meta.url)) };

const apiPort = process.env.API_PORT ?? '8080';

export default defineConfig({
  plugins: [react(), antdStyles(), precompress()],
  resolve: { alias: nativeResizeObserver },
  server: {
    port: 5173,
    proxy: { '/api': { target: `http://127.0.0.1:${apiPort}`, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // the SQL editor's chunk (Monaco, about 3 MB) loads only with a form that has a SQL field
    chunkSizeWarningLimit: 4000,
  },
});
