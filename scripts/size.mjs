// `npm run size`: the bytes a first visit receives, as the server sends them. Starts the built
// server on a fresh data folder, opens /#/login and, each in a new profile, the guest home
// /#/index, the certificate check /#/card and the phone's face photo /#/camera in Chromium (a
// phone's viewport), and adds up every response's bytes on the wire (Chrome's
// encodedDataLength: headers and body after Content-Encoding) until the page is quiet. Budgets
// (issue: performance): 200 KB for /#/login, /#/card and /#/camera, 300 KB for /#/index; over
// budget exits 1. Then what a phone downloads once its camera opens, the face pre-check (the
// library, tfjs's WASM binary as Chromium picks it, the detector model), as the server sends
// each file to a browser that takes brotli: 750 KB.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startMeasuredServer } from './measure-server.mjs';

// a QR code opens the certificate check and the face photo on a phone: first visits too
const BUDGETS = { '/#/login': 200, '/#/index': 300, '/#/card': 200, '/#/camera': 200 };
const PRECHECK_BUDGET = 750;
const verbose = process.argv.includes('--verbose');

/** The pre-check's files: the library's chunk (from the build's manifest) and its fixed files. */
function precheckFiles() {
  const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/dist');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const library = Object.entries(manifest).find(([source]) => source.endsWith('@vladmandic/human/dist/human.esm.js'));
  if (!library) throw new Error('the face pre-check library is not in the build');
  return [
    `/${library[1].file}`,
    '/tfjs-wasm/tfjs-backend-wasm-simd.wasm',
    '/face-models/blazeface.json',
    '/face-models/blazeface.bin',
  ];
}

/** A file's bytes on the wire (headers and body as sent, encoded) and its Content-Encoding. */
const onTheWire = (url) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': 'br, gzip' } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () => {
          if (res.statusCode !== 200) return reject(new Error(`${url}: ${res.statusCode}`));
          const headers = res.rawHeaders.reduce((sum, h) => sum + h.length + 2, 0);
          resolve({ bytes: bytes + headers, encoding: res.headers['content-encoding'] ?? '' });
        });
      })
      .on('error', reject);
  });

async function firstVisit(browser, url) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 }, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const requests = new Map();
  cdp.on('Network.responseReceived', ({ requestId, response }) => {
    requests.set(requestId, {
      url: response.url,
      encoding: response.headers['content-encoding'] ?? response.headers['Content-Encoding'] ?? '',
      bytes: 0,
    });
  });
  cdp.on('Network.loadingFinished', ({ requestId, encodedDataLength }) => {
    const r = requests.get(requestId);
    if (r) r.bytes = encodedDataLength;
  });
  await page.goto(url, { waitUntil: 'networkidle' });
  await page.waitForTimeout(500);
  await context.close();
  return [...requests.values()].filter((r) => !r.url.startsWith('data:'));
}

const { base, stop } = await startMeasuredServer();
let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: CHROMIUM_ARGS,
  });
  try {
    for (const [route, budget] of Object.entries(BUDGETS)) {
      const responses = await firstVisit(browser, base + route);
      responses.sort((a, b) => b.bytes - a.bytes);
      const total = responses.reduce((s, r) => s + r.bytes, 0) / 1024;
      for (const r of verbose ? responses : responses.slice(0, 8)) {
        const name = r.url.replace(base, '');
        console.log(`${(r.bytes / 1024).toFixed(1).padStart(7)} KB  ${(r.encoding || '-').padEnd(4)} ${name}`);
      }
      console.log(
        `first visit to ${route}: ${total.toFixed(1)} KB over the wire in ${responses.length} responses (budget ${budget} KB)\n`,
      );
      if (total > budget) failed = true;
    }
  } finally {
    await browser.close();
  }
  let precheck = 0;
  for (const file of precheckFiles()) {
    const { bytes, encoding } = await onTheWire(base + file);
    precheck += bytes;
    console.log(`${(bytes / 1024).toFixed(1).padStart(7)} KB  ${(encoding || '-').padEnd(4)} ${file}`);
  }
  console.log(
    `the face pre-check, once a camera opens: ${(precheck / 1024).toFixed(1)} KB over the wire (budget ${PRECHECK_BUDGET} KB)`,
  );
  if (precheck / 1024 > PRECHECK_BUDGET) failed = true;
} finally {
  await stop();
}
if (failed) process.exitCode = 1;
