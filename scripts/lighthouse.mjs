/* global location, sessionStorage -- read inside the page (page.evaluate, waitForFunction) */
// `npm run lighthouse`: Lighthouse 12 (performance only) in Debian's Chromium against the built
// server on a fresh data folder — mobile (Lighthouse's throttled phone) and desktop — for
// /#/login, the guest home /#/index and a course's page /#/course and, signed in as the demo
// learner, 我的学习 /#/study, a class's progress, the player (/#/show), a course's exams and
// the personal centre. Prints a table of scores and the timings behind them; asserts nothing
// (scores move from run to run; CI checks bytes instead, `npm run size`).
import fs from 'node:fs';
import path from 'node:path';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, CHROMIUM_ARGS, startMeasuredServer } from './measure-server.mjs';

const { base, stop } = await startMeasuredServer();
let browser;
try {
  browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const rows = [];
  let benchmarkIndex = 0;
  // `npm run lighthouse -- login mobile`: only the pages and forms named (any part of the route)
  const only = process.argv.slice(2);
  const forms = ['mobile', 'desktop'].filter(
    (f) => !only.some((o) => o === 'mobile' || o === 'desktop') || only.includes(f),
  );
  // BOOK, MEMBERSHIP and COURSE: the demo's first course book, and the demo learner's first
  // class and first course in it, asked as the pages ask
  const pages = [
    ['/#/login', false],
    ['/#/index', false],
    ['/#/course?id=BOOK', false],
    ['/#/study', true],
    ['/#/progress?trainPersonId=MEMBERSHIP', true],
    ['/#/show?classCourseId=COURSE', true],
    ['/#/exams?course=COURSE', true],
    ['/#/setting/personalCenter', true],
  ];
  const named = only.filter((o) => o !== 'mobile' && o !== 'desktop');
  for (let [route, signedIn] of pages.filter(([r]) => named.length === 0 || named.some((n) => r.includes(n)))) {
    for (const form of forms) {
      // a fresh profile per run: nothing cached, nobody signed in
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      if (signedIn) {
        // signed in through the login page, in the tab Lighthouse then measures (the session
        // lives in this tab's sessionStorage)
        await page.goto(`${base}/#/login`, { waitUntil: 'networkidle0' });
        await page.type('input[placeholder="用户名/身份证号/手机号"]', 'demo');
        await page.type('input[placeholder="密码"]', 'demo1234');
        await page.click('[data-testid="login-submit"]');
        await page.waitForFunction(() => location.hash.startsWith('#/study'));
      }
      if (/BOOK|MEMBERSHIP|COURSE/.test(route)) route = await withIds(route, signedIn ? page : undefined);
      // away from the app first: a page still on it would take Lighthouse's visit to another
      // route as a change of the hash, not a load (its trace then has no navigation to measure);
      // the tab's sessionStorage keeps the session across the two
      if (signedIn) await page.goto('about:blank');
      const result = await lighthouse(
        base + route,
        { output: 'json', logLevel: 'error', onlyCategories: ['performance'], disableStorageReset: signedIn },
        form === 'desktop' ? desktopConfig : undefined,
        page,
      );
      await context.close();
      // LIGHTHOUSE_REPORTS=folder keeps each full report (JSON) for a closer look
      if (process.env.LIGHTHOUSE_REPORTS) {
        fs.mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
        const name = `${route.replace(/\W+/g, '_').replace(/^_|_$/g, '')}-${form}.json`;
        fs.writeFileSync(path.join(process.env.LIGHTHOUSE_REPORTS, name), JSON.stringify(result.lhr));
      }
      benchmarkIndex = result.lhr.environment.benchmarkIndex;
      const a = result.lhr.audits;
      const ms = (id) => `${(a[id].numericValue / 1000).toFixed(1)} s`;
      rows.push({
        page: route.replace(/=[\w-]{20,}/, '=…'),
        form,
        score: Math.round(result.lhr.categories.performance.score * 100),
        FCP: ms('first-contentful-paint'),
        LCP: ms('largest-contentful-paint'),
        TBT: `${Math.round(a['total-blocking-time'].numericValue)} ms`,
        CLS: a['cumulative-layout-shift'].numericValue.toFixed(3),
        bytes: `${Math.round(a['total-byte-weight'].numericValue / 1024)} KB`,
      });
    }
  }
  console.table(rows);
  // Lighthouse's measure of this machine's speed (higher is faster): compare runs only at similar values
  console.log(`benchmarkIndex ${Math.round(benchmarkIndex)}`);
} finally {
  await browser?.close();
  await stop();
}

/** The route with the demo's ids in place of BOOK, MEMBERSHIP and COURSE (signed in: the tab's own session). */
async function withIds(route, page) {
  const token = await page?.evaluate(() => JSON.parse(sessionStorage.getItem('anxun-session') ?? '{}').state?.token);
  const get = async (url) =>
    (await (await fetch(base + url, { headers: token ? { Authorization: token } : {} })).json()).data;
  if (route.includes('BOOK')) {
    const [book] = (await get('/api/course/book/select-page?size=1')).records;
    return route.replace('BOOK', book.courseBookId);
  }
  const [membership] = (await get('/api/train/person/select-page?size=1')).records;
  if (route.includes('MEMBERSHIP')) return route.replace('MEMBERSHIP', membership.trainPersonId);
  const [course] = (await get(`/api/train/cls_course/select-page?size=1&trainPersonId=${membership.trainPersonId}`))
    .records;
  return route.replace('COURSE', course.trainClassCourseId);
}
