// Drives relearn's dashboard in Debian's headless chromium through playwright-core:
// loads it, runs a search, clicks thumbs-up on the first result, and waits for the stats to
// show it; then rates five more results (past the warm-up) and checks that the weights' chart
// shows the change; the trust chart says "prior" until a fitted trust draws its line. Saves a
// screenshot. Run by DashboardBrowserTest:
//   node dashboard.test.mjs <dashboard url> <screenshot path>
// Exit code 0 when every check passed; otherwise a message on stderr and exit code 1.
import {chromium} from 'playwright-core';
import {mkdtempSync, rmSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';

const [url, screenshot] = process.argv.slice(2);
if (!url || !screenshot) {
  console.error('usage: node dashboard.test.mjs <dashboard url> <screenshot path>');
  process.exit(2);
}
const QUERY = 'rotate signing keys';
const executablePath = process.env.RELEARN_CHROMIUM || '/usr/bin/chromium';
const userDataDir = mkdtempSync(join(tmpdir(), 'relearn-chromium-'));
const origin = new URL(url).origin;
const problems = [];
// how long any one step may take: a liveness bound far above the normal (a second or so),
// for a loaded CI machine
const WAIT = 60000;

function check(condition, message) {
  if (!condition) {
    throw new Error(message);
  }
}

// A second page on a faked clock: an index without chunks (no model yet) is shown without a
// "null"; when the server stops answering, the next refresh says so instead of leaving old
// figures up as if current, and the one after it comes back clears that.
async function checkEmptyIndexAndLostServer() {
  const page = await context.newPage();
  await page.clock.install();
  await page.route('**/api/health', (route) => route.fulfill({json: {status: 'ok',
    read_only: false, writable: true, index: '/tmp/empty', model: null, dimension: 0, chunks: 0,
    uptime_ms: 1}}));
  await page.goto(url, {waitUntil: 'load'});
  await page.waitForSelector('body[data-refreshed]', {timeout: WAIT});
  const info = await page.textContent('#index-info');
  check(info === '0 chunks · /tmp/empty', `an empty index should show as such, got: ${info}`);
  await page.unroute('**/api/health');
  await page.route('**/api/health', (route) => route.fulfill({json: {status: 'ok',
    read_only: true, writable: false, index: '/tmp/held', model: 'hashing', dimension: 8,
    chunks: 3, uptime_ms: 1}}));
  await page.clock.runFor(16000);
  await page.waitForFunction(() =>
    document.getElementById('index-info').textContent.startsWith('3 chunks'), null,
  {timeout: WAIT});
  await page.fill('#query', QUERY);
  await page.click('#search-button');
  await page.waitForSelector('#results .result', {timeout: WAIT});
  check(await page.locator('#results .thumb-up:disabled').count()
    === await page.locator('#results .result').count(),
  'a read-only server should offer no thumbs to click');
  await page.unroute('**/api/health');
  await page.route('**/api/**', (route) => route.abort('connectionrefused'));
  await page.clock.runFor(16000);
  await page.waitForFunction(() =>
    document.getElementById('index-info').textContent.startsWith('Cannot reach the server'),
  null, {timeout: WAIT});
  check(await page.locator('#index-info.offline').count() === 1,
    'an unreachable server should be marked');
  await page.unroute('**/api/**');
  await page.clock.runFor(16000);
  await page.waitForFunction(() => /\d+ chunks · /.test(
    document.getElementById('index-info').textContent), null, {timeout: WAIT});
  check(await page.locator('#index-info.offline').count() === 0,
    'the mark should go when the server answers again');
  await page.close();
}

// A third page whose weights answer carries a fitted trust with two refits: the trust chart
// draws their line and its caption gives the weight now (the real server has too few clicks).
async function checkFittedTrustChart() {
  const page = await context.newPage();
  await page.route('**/api/feedback/weights', async (route) => {
    const response = await route.fetch();
    const json = await response.json();
    json.trust = {fitted: true, strength: 0.441, gain: 4187.3, queries: 4000, events: 500,
      history: [{millis: 1795331847840, queries: 40, strength: null, gain: 0},
        {millis: 1795331907840, queries: 3890, strength: 0.43, gain: 3900.2},
        {millis: 1795331967840, queries: 4000, strength: 0.441, gain: 4187.3}]};
    await route.fulfill({response, json});
  });
  await page.goto(url, {waitUntil: 'load'});
  await page.waitForSelector('body[data-refreshed]', {timeout: WAIT});
  const line = await page.locator('#trust-chart path.series').getAttribute('d');
  check(line.split('L').length === 2,
    `the trust chart should join its 2 fitted refits (not the prior one), got: ${line}`);
  const note = await page.textContent('#trust-note');
  check(note === 'Trust now: 0.441 nats per preference (fit on 4,000 queries, held-out gain'
    + ' 4187.3 nats); 3 refits.', `the trust caption should give the strength now, got: ${note}`);
  await page.locator('#trust-chart')
    .screenshot({path: screenshot.replace(/\.png$/, '-trust.png')});
  await page.close();
}

// headless: true makes playwright pass --headless; the rest keep chromium off the network
// (this machine has none) and out of any existing profile.
const context = await chromium.launchPersistentContext(userDataDir, {
  executablePath,
  headless: true,
  timeout: 2 * WAIT,
  viewport: {width: 1280, height: 900},
  args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
    '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
context.setDefaultTimeout(WAIT);
let failed = false;
try {
  const page = context.pages()[0] || await context.newPage();
  page.on('console', (message) => {
    if (message.type() === 'error') {
      problems.push(`console error: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) {
      problems.push(`request outside the server: ${request.url()}`);
    }
  });

  await page.goto(url, {waitUntil: 'load'});
  await page.waitForSelector('body[data-refreshed]', {timeout: WAIT});
  const positivesBefore = Number(await page.textContent('#stat-positives'));
  const eventsBefore = Number(await page.textContent('#stat-events'));
  check(await page.locator('#weights-chart path.series').count() === 3,
    'the weights chart should draw 3 lines (bm25, vector, learned)');
  check(await page.locator('#accuracy-table tbody tr').count() === 4,
    'the accuracy table should have a row per query class');
  const trustNote = await page.textContent('#trust-note');
  check(trustNote === 'Trust now: prior (too few clicks to fit yet); no refit yet.',
    `without clicks the trust caption should say "prior", got: ${trustNote}`);
  check(await page.locator('#trust-chart path.series').count() === 0,
    'the trust chart should draw no line before any refit');

  await page.fill('#query', QUERY);
  await page.click('#search-button');
  await page.waitForSelector('#results .result', {timeout: WAIT});
  const results = await page.locator('#results .result').count();
  check(results > 0, 'the search should show results');
  const status = await page.textContent('#search-status');
  const queryClass = /query class (\w+)/.exec(status)?.[1];
  check(queryClass, `the search status should name the query class, got: ${status}`);

  await page.locator('#results .result').first().locator('.thumb-up').click();
  await page.waitForFunction((expected) =>
    document.getElementById('stat-positives').textContent === String(expected),
  positivesBefore + 1, {timeout: WAIT});
  const eventsAfter = Number(await page.textContent('#stat-events'));
  check(eventsAfter === eventsBefore + 1,
    `feedback events should go from ${eventsBefore} to ${eventsBefore + 1}, got ${eventsAfter}`);
  check(await page.locator('#results .result .thumb-up.chosen').count() === 1,
    'the clicked thumb should show as chosen');
  const row = page.locator(`#accuracy-table tbody tr[data-class="${queryClass}"] td`);
  check(await row.nth(2).textContent() === '1',
    `the accuracy table should count 1 thumbs-up for ${queryClass}`);
  check(await row.nth(4).textContent() === '100%',
    `the accuracy of ${queryClass} should be 100%, got ${await row.nth(4).textContent()}`);
  const recent = page.locator('#recent-table tbody tr').first().locator('td');
  check(await recent.nth(1).textContent() === queryClass,
    'the newest recent event should show the query class');
  check(await recent.nth(4).textContent() === 'up',
    'the newest recent event should be a thumbs up');
  const recentText = await page.textContent('#recent-table');
  check(!recentText.includes(QUERY), 'recent events must never show the query text');

  // past the warm-up: five more ratings make the class's weights move, and the chart shows it
  const ratings = ['up', 'down', 'up', 'up', 'down'];
  for (let i = 0; i < ratings.length && i + 1 < results; i++) {
    const before = Number(await page.textContent(`#stat-${ratings[i] === 'up'
      ? 'positives' : 'negatives'}`));
    await page.locator('#results .result').nth(i + 1).locator(`.thumb-${ratings[i]}`).click();
    await page.waitForFunction(([id, expected]) =>
      document.getElementById(id).textContent === String(expected),
    [`stat-${ratings[i] === 'up' ? 'positives' : 'negatives'}`, before + 1], {timeout: WAIT});
  }
  if (results >= 6) {
    await page.waitForFunction(() =>
      /[1-9]\d* weight changes/.test(document.getElementById('chart-note').textContent),
    null, {timeout: WAIT});
    const line = await page.locator('#weights-chart path.series').first().getAttribute('d');
    check(line.split('L').length > 2, `the chart should show the weights' changes, got: ${line}`);
    const labels = await page.locator('#weights-chart text.axis').allTextContents();
    const xLabels = labels.filter((label) => label === 'start' || label.startsWith('#'));
    check(xLabels.length > 1 && new Set(xLabels).size === xLabels.length,
      `the weights chart's time labels should tell the points apart, got: ${xLabels}`);
  }

  await page.screenshot({path: screenshot, fullPage: true});
  check(problems.length === 0, `the page had problems:\n  ${problems.join('\n  ')}`);
  await checkEmptyIndexAndLostServer();
  await checkFittedTrustChart();
  console.log(`dashboard test passed: thumbs up ${positivesBefore} -> ${positivesBefore + 1},`
    + ` events ${eventsBefore} -> ${eventsAfter}, ${results} results (${queryClass})`);
  console.log(`dashboard screenshot: ${screenshot}`);
} catch (error) {
  failed = true;
  console.error(`dashboard test failed: ${error.message}`);
  try {
    const page = context.pages()[0];
    if (page) {
      await page.screenshot({path: screenshot, fullPage: true});
      console.error(`screenshot of the failure: ${screenshot}`);
    }
  } catch (screenshotError) {
    console.error(`no screenshot: ${screenshotError.message}`);
  }
} finally {
  await context.close();
  rmSync(userDataDir, {recursive: true, force: true});
}
process.exit(failed ? 1 : 0);
