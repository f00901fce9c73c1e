// relearn's dashboard: search with thumbs, and what feedback has taught. Talks to /api only.
import {drawLineChart} from './line-chart.js';
import {drawTrust} from './trust-chart.js';

const COLORS = {bm25: '#d97706', vector: '#2563eb', learned: '#059669'};
const $ = (id) => document.getElementById(id);
const session = (crypto.randomUUID && crypto.randomUUID()) || String(Math.random()).slice(2);
const state = {selectedClass: null, weights: null, lastQuery: null, readOnly: false};

async function api(method, path, body) {
  const init = {method, headers: {}};
  if (body !== undefined) {
    init.headers['Content-Type'] = 'application/json';
    init.body = JSON.stringify(body);
  }
  const response = await fetch(path, init);
  const json = await response.json().catch(() => ({error: `HTTP ${response.status}`}));
  if (!response.ok) {
    throw new Error(json.error || `HTTP ${response.status}`);
  }
  return json;
}

function node(tag, attrs, ...children) {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (key === 'class') {
      element.className = value;
    } else {
      element.setAttribute(key, value);
    }
  }
  for (const child of children) {
    element.append(child);
  }
  return element;
}

function thumbIcon(down) {
  const svg = document.createElementNS('http://www.w3.org/2000/svg', 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  const path = document.createElementNS('http://www.w3.org/2000/svg', 'path');
  path.setAttribute('d', 'M7 10v11H3V10h4zm0 0l4-8c1.7 0 3 1.3 3 3v4h5.5c1.2 0 2.1 1.1 1.9 2.3'
    + 'l-1.4 8c-.2 1-1 1.7-2 1.7H7');
  path.setAttribute('stroke-linejoin', 'round');
  if (down) {
    path.setAttribute('transform', 'rotate(180 12 12)');
  }
  svg.append(path);
  return svg;
}

const percent = (value) => (value === null || value === undefined
  ? '–' : `${Math.round(value * 100)}%`);
const fixed = (value) => value.toFixed(3);
const time = (millis) => new Date(millis).toLocaleTimeString([], {hour12: false});

// --- search -------------------------------------------------------------------------------

async function search(event) {
  event.preventDefault();
  const query = $('query').value.trim();
  if (!query) {
    return;
  }
  const body = {query, k: 10};
  if ($('mode').value) {
    body.mode = $('mode').value;
  }
  $('search-status').textContent = 'Searching…';
  try {
    const result = await api('POST', '/api/search', body);
    state.lastQuery = query;
    $('search-status').textContent = `${result.hits.length} results · mode ${result.mode}`
      + ` · query class ${result.query_class} · ${result.took_ms.toFixed(1)} ms`;
    renderResults(query, result.hits);
    selectClass(result.query_class);
  } catch (error) {
    $('search-status').textContent = `Search failed: ${error.message}`;
  }
}

function renderResults(query, hits) {
  const list = $('results');
  list.replaceChildren();
  for (const hit of hits) {
    const lines = hit.start_line > 0 ? `:${hit.start_line}-${hit.end_line}` : '';
    const up = node('button', {type: 'button', class: 'thumb-up', title: 'Helpful',
      'aria-label': 'Thumbs up'}, thumbIcon(false));
    const down = node('button', {type: 'button', class: 'thumb-down', title: 'Not helpful',
      'aria-label': 'Thumbs down'}, thumbIcon(true));
    const item = node('li', {class: 'result', 'data-chunk-id': hit.chunk_id},
      node('div', {class: 'where'}, `${hit.path}${lines}`),
      node('div', {class: 'thumbs'}, up, down),
      node('div', {class: 'headings'}, hit.heading_path.join(' › ')),
      node('p', {class: 'snippet'}, hit.snippet),
      node('div', {class: 'score'}, `score ${hit.score.toFixed(4)}`));
    up.addEventListener('click', () => rate(query, hit.chunk_id, '+1', up, down));
    down.addEventListener('click', () => rate(query, hit.chunk_id, '-1', down, up));
    if (state.readOnly) { // a second server on an index another process writes: feedback is off
      for (const button of [up, down]) {
        button.disabled = true;
        button.title = 'Read-only server: feedback is off';
      }
    }
    list.append(item);
  }
  if (hits.length === 0) {
    list.append(node('li', {class: 'muted'}, 'No results.'));
  }
}

async function rate(query, chunkId, rating, chosen, other) {
  chosen.disabled = true;
  other.disabled = true;
  try {
    const ack = await api('POST', '/api/feedback',
      {query, used: [chunkId], rating, session});
    chosen.classList.add('chosen');
    $('search-status').textContent = `Recorded ${rating === '+1' ? 'thumbs up' : 'thumbs down'}`
      + ` (${ack.query_class}: ${ack.samples} ratings, ${ack.total_feedback} events in all)`;
    await refresh();
  } catch (error) {
    chosen.disabled = false;
    other.disabled = false;
    $('search-status').textContent = `Feedback failed: ${error.message}`;
  }
}

// --- statistics ---------------------------------------------------------------------------

function renderStats(stats) {
  $('stat-events').textContent = stats.store ? stats.store.events : '–';
  $('stat-positives').textContent = stats.ratings.positives;
  $('stat-negatives').textContent = stats.ratings.negatives;
  $('stat-accuracy').textContent = percent(stats.ratings.accuracy);
  const distribution = $('distribution');
  distribution.replaceChildren();
  for (const row of stats.classes) {
    const rated = row.positives + row.negatives;
    const bar = node('div', {class: 'bar'});
    if (rated > 0) {
      // CSSOM, not style attributes: the page's Content-Security-Policy forbids inline styles
      const up = node('span', {class: 'up'});
      up.style.width = `${(100 * row.positives) / rated}%`;
      const down = node('span', {class: 'down'});
      down.style.width = `${(100 * row.negatives) / rated}%`;
      bar.append(up, down);
    }
    distribution.append(node('div', {class: 'row', 'data-class': row.query_class},
      node('span', {}, row.query_class), bar,
      node('span', {class: 'muted'}, `${row.positives} / ${row.negatives}`)));
  }
  const body = $('accuracy-table').tBodies[0];
  body.replaceChildren();
  for (const row of stats.classes) {
    const weights = state.weights ? state.weights.classes[row.query_class].weights : null;
    body.append(node('tr', {'data-class': row.query_class},
      node('td', {}, row.query_class),
      node('td', {class: 'num'}, String(row.samples)),
      node('td', {class: 'num'}, String(row.positives)),
      node('td', {class: 'num'}, String(row.negatives)),
      node('td', {class: 'num'}, percent(row.accuracy)),
      node('td', {class: 'num'}, weights ? fixed(weights.bm25) : ''),
      node('td', {class: 'num'}, weights ? fixed(weights.vector) : ''),
      node('td', {class: 'num'}, weights ? fixed(weights.learned) : '')));
  }
  $('read-only').hidden = !stats.read_only;
}

function renderRecent(recent) {
  const body = $('recent-table').tBodies[0];
  body.replaceChildren();
  for (const event of recent.events) {
    const rating = event.rating === null ? '' : event.rating;
    body.append(node('tr', {},
      node('td', {}, time(event.millis)),
      node('td', {}, event.query_class),
      node('td', {}, event.signal.replace('_', ' ')),
      node('td', {}, event.outcome),
      node('td', {class: rating === 'up' ? 'rating-up' : rating === 'down' ? 'rating-down' : ''},
        rating),
      node('td', {class: 'num'}, String(event.used))));
  }
  $('recent-empty').hidden = recent.events.length > 0;
}

// --- weights chart ------------------------------------------------------------------------

function selectClass(name) {
  state.selectedClass = name;
  for (const tab of $('class-tabs').children) {
    tab.setAttribute('aria-selected', String(tab.dataset.class === name));
  }
  drawWeights();
}

function renderTabs(weights) {
  const tabs = $('class-tabs');
  if (tabs.children.length === 0) {
    for (const name of Object.keys(weights.classes)) {
      const tab = node('button', {type: 'button', role: 'tab', 'data-class': name}, name);
      tab.addEventListener('click', () => selectClass(name));
      tabs.append(tab);
    }
  }
  if (!state.selectedClass) {
    const rated = Object.values(weights.classes)
      .filter((c) => c.last_millis !== null)
      .sort((a, b) => b.last_millis - a.last_millis);
    state.selectedClass = rated.length > 0 ? rated[0].query_class : 'keywords';
  }
  selectClass(state.selectedClass);
}

/** A y range around the weights, in steps of 0.05, so that small moves stay visible. */
function yRange(points) {
  const values = points.flatMap((p) => [p.bm25, p.vector, p.learned]);
  const yMin = Math.max(0, Math.floor((Math.min(...values) - 0.02) * 20) / 20);
  const yMax = Math.min(1, Math.ceil((Math.max(...values) + 0.02) * 20) / 20);
  const step = yMax - yMin > 0.4 ? 0.1 : 0.05;
  const yTicks = [];
  for (let tick = yMin; tick <= yMax + 1e-9; tick += step) {
    yTicks.push(Math.round(tick * 100) / 100);
  }
  return {yMin, yMax, yTicks};
}

function drawWeights() {
  const weights = state.weights;
  if (!weights || !state.selectedClass) {
    return;
  }
  const data = weights.classes[state.selectedClass];
  const points = [{label: 'start', ...weights.initial}, ...data.history];
  if (data.history.length === 0) {
    points.push({label: 'now', ...data.weights});
  }
  const series = ['bm25', 'vector', 'learned'].map((name) => ({
    name, color: COLORS[name], dashed: name === 'vector',
    points: points.map((p, i) => ({x: i, y: p[name]})),
  }));
  drawLineChart($('weights-chart'), series, {
    ...yRange(points),
    xTicks: Math.min(4, Math.max(1, points.length - 1)),
    xLabel: (x) => {
      const point = points[Math.round(x)];
      return point.label || `#${Math.round(x)} ${time(point.millis)}`; // ratings in a second
    },
  });
  const warmUp = data.samples < weights.min_samples
    ? ` The weights start moving after ${weights.min_samples} ratings (warm-up).` : '';
  $('chart-note').textContent = `${state.selectedClass}: ${data.samples} ratings, `
    + `${data.history.length} weight changes.${warmUp}`;
}

function drawTrustChart() {
  if (state.weights) {
    drawTrust($('trust-chart'), $('trust-note'), state.weights.trust);
  }
}

// --- refresh ------------------------------------------------------------------------------

async function refresh() {
  const [health, weights, stats, recent] = await Promise.all([
    api('GET', '/api/health'), api('GET', '/api/feedback/weights'),
    api('GET', '/api/feedback/stats'), api('GET', '/api/feedback/recent?limit=15')]);
  // an index with no chunks yet has no model
  $('index-info').textContent = [`${health.chunks} chunks`, health.model, health.index]
    .filter((part) => part).join(' · ');
  $('index-info').classList.remove('offline');
  state.readOnly = health.read_only;
  state.weights = weights;
  renderStats(stats);
  renderTabs(weights);
  drawTrustChart();
  renderRecent(recent);
  document.body.dataset.refreshed = String(Date.now());
}

async function reset() {
  const name = state.selectedClass;
  if (!name || !window.confirm(`Forget what ratings taught the ${name} weights?`)) {
    return;
  }
  try {
    await api('POST', '/api/feedback/reset', {query_class: name});
    await refresh();
  } catch (error) {
    $('chart-note').textContent = `Reset failed: ${error.message}`;
  }
}

$('search-form').addEventListener('submit', search);
$('reset-button').addEventListener('click', reset);
window.addEventListener('resize', () => {
  drawWeights();
  drawTrustChart();
});
refresh().catch((error) => {
  $('index-info').textContent = `Cannot reach the server: ${error.message}`;
});
setInterval(() => {
  if (document.visibilityState === 'visible') {
    refresh().catch((error) => {
      // say so rather than go on showing old figures as if they were current
      const since = document.body.dataset.refreshed;
      $('index-info').textContent = `Cannot reach the server (${error.message}); retrying.`
        + (since ? ` The figures below are from ${time(Number(since))}.` : '');
      $('index-info').classList.add('offline');
    });
  }
}, 15000);
