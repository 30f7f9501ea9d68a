import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPagePreload } from './vite-first-page';
import { precompress } from './vite-precompress';

const api = 'http://127.0.0.1:10000';

// In development the API server runs on 10000 and Vite proxies to it.
export default defineConfig({
  plugins: [react(), firstPagePreload(), precompress()],
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
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // A first visit's code in a few files rather than thirty: on a phone each file asked
        // for costs main-thread time of its own (~7 ms at Lighthouse's 4× slowdown), more than
        // the few kilobytes a finer split would save a later page. What the app's start needs
        // is one file; the layout with 首页 (and all they import) another; the login page a third.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 3 },
            {
              name: 'home',
              test: /src[\\/](shell[\\/]shell-layout|features[\\/]courses[\\/]pages[\\/]index-page)\.tsx$/,
              priority: 1,
            },
            { name: 'login', test: /src[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/, priority: 2 },
          ],
        },
      },
    },
  },
});
