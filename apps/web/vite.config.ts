import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-precompress';

const api = 'http://127.0.0.1:10000';

// In development the API server runs on 10000 and Vite proxies to it.
export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/publicKey': api,
      '/notice': api,
      '/search': api,
      '/router': api,
      '/ws': { target: api, ws: true },
    },
  },
  build: { outDir: 'dist', emptyOutDir: true, manifest: true },
});
