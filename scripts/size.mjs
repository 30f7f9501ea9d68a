// `npm run size`: the gzipped JavaScript and CSS a first visit to /#/login downloads —
// the entry chunk, the login page chunk, and everything they import statically — read
// from Vite's build manifest. Budget (issue: web shell): 200 KB.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

const BUDGET_KB = 200;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const files = new Set();
const visit = (key) => {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const dep of chunk.imports ?? []) visit(dep);
};
const entry = Object.keys(manifest).find((k) => manifest[k].isEntry);
visit(entry);
const login = Object.keys(manifest).find((k) => k.endsWith('features/auth/pages/login-page.tsx'));
visit(login);

let total = 0;
const rows = [];
for (const file of files) {
  const gz = zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += gz;
  rows.push([file, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [file, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${file}`);
console.log(`first visit to /#/login: ${(total / 1024).toFixed(1)} KB gzipped (budget ${BUDGET_KB} KB)`);
if (total / 1024 > BUDGET_KB) process.exitCode = 1;
