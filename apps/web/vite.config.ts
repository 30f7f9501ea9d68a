import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { firstPagePreload } from './vite-first-page';
import { precheckFiles } from './vite-precheck-files';
import { precompress } from './vite-precompress';

const api = 'http://127.0.0.1:10000';

// React Router's package sends every bundler its development build (its `exports` name no
// production condition): warnings checked on every render of <Routes>, and the texts of them
// and of a developer's error page, in what phones download. The build takes its production
// build, the same code with those off; `npm run dev` keeps the warnings.
const routerProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router')),
  '../production/index.mjs',
);
if (!fs.existsSync(routerProduction)) throw new Error(`React Router's production build is not at ${routerProduction}`);

// In development the API server runs on 10000 and Vite proxies to it.
export default defineConfig(({ command }) => ({
  plugins: [react(), firstPagePreload(), precheckFiles(), precompress()],
  resolve: command === 'build' ? { alias: [{ find: /^react-router$/, replacement: routerProduction }] } : {},
  server: {
    port: 5173,
    proxy: {
      '/api': api,
      '/publicKey': api,
      '/notice': api,
      '/search': api,
      '/router': api,
      '/ws': { target: api, ws: true },
      // the face pre-check's model and WASM binaries, and pdf.js's maps and fonts, are the server's
      '/face-models': api,
      '/tfjs-wasm': api,
      '/pdfjs': api,
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // A first visit's code in a few files rather than thirty: on a phone each file asked
        // for costs main-thread time of its own (~7 ms at Lighthouse's 4× slowdown). What the
        // app's start imports is one file; what only the layout with 首页, or only the login
        // page, uses is one file each (no other page downloads them); what pages share keeps
        // rolldown's own split.
        codeSplitting: {
          groups: [
            { name: 'start', tags: ['$initial'], priority: 5 },
            // libraries antd's own code shares with the layout: a file of their own, so that
            // antd (a toast on the login page) never needs the layout's file
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/, priority: 4 },
            {
              name: 'icon-base',
              test: /node_modules[\\/](clsx|@ant-design[\\/]icons[\\/]es[\\/](components|utils|renderUtils|cssUtils))/,
              priority: 4,
            },
            // what the plain pages share (the login page, 首页, the certificate check, the
            // phone's face photo): files of their own, so that the pages a QR code opens need
            // neither the login page's file nor the layout's
            {
              name: 'plain',
              test: /src[\\/](lib[\\/]format\.ts|components[\\/]plain-(controls\.css|notice\.tsx))$/,
              priority: 4,
            },
            { name: 'page-texts', test: /src[\\/]lib[\\/]locales[\\/]page-texts/, priority: 4 },
            { name: 'login', test: /src[\\/]features[\\/]auth[\\/]pages[\\/]login-page\.tsx$/, priority: 3 },
            {
              name: 'home',
              test: /src[\\/](shell[\\/]shell-layout|features[\\/]courses[\\/]pages[\\/]index-page)\.tsx$/,
              priority: 2,
            },
          ],
        },
      },
    },
  },
}));
