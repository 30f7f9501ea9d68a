// `npm run size`: the bytes a first visit receives, as the server sends them. Starts the built
// server on a fresh data folder, opens /#/login and, each in a new profile, the guest home
// /#/index, the certificate check /#/card and the phone's face photo /#/camera in Chromium (a
// phone's viewport), and adds up every response's bytes on the wire (Chrome's
// encodedDataLength: headers and body after Content-Encoding) until the page is quiet. Budgets
// (issue: performance): 200 KB for /#/login, /#/card and /#/camera, 300 KB for /#/index; over
// budget exits 1.
import { chromium } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS, startMeasuredServer } from './measure-server.mjs';

// a QR code opens the certificate check and the face photo on a phone: first visits too
const BUDGETS = { '/#/login': 200, '/#/index': 300, '/#/card': 200, '/#/camera': 200 };
const verbose = process.argv.includes('--verbose');

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
} finally {
  await stop();
}
if (failed) process.exitCode = 1;
