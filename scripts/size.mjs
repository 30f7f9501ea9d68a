// `npm run size`: the bytes a first visit receives, as the server sends them. Starts the built
// server on a fresh data folder, opens /#/login and, in a new profile, the guest home /#/index
// in Chromium (a phone's viewport), and adds up every response's bytes on the wire (Chrome's
// encodedDataLength: headers and body after Content-Encoding) until the page is quiet.
// Budgets (issue: performance): 200 KB for /#/login, 300 KB for /#/index; over budget exits 1.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUDGETS = { '/#/login': 200, '/#/index': 300 };
const CHROMIUM = process.env.CHROME_PATH || '/usr/bin/chromium';
const verbose = process.argv.includes('--verbose');

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });

async function startServer() {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'anxun-size-'));
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    if (server.exitCode !== null) throw new Error(`the server exited (${server.exitCode})`);
    try {
      if ((await fetch(`${base}/api/health/ready`)).ok) return { base, server, dataDir };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not become ready in 60 s');
}

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

const { base, server, dataDir } = await startServer();
let failed = false;
try {
  const browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
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
} finally {
  server.kill('SIGTERM');
  fs.rmSync(dataDir, { recursive: true, force: true });
}
if (failed) process.exitCode = 1;
