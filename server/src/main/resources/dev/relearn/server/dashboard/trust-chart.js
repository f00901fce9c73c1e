// The trust in the vote of similar past queries, fit from clicks, over its refits.
import {drawLineChart} from './line-chart.js';

const COLOR = '#7c3aed';
const time = (millis) => new Date(millis).toLocaleTimeString([], {hour12: false});

/** From 0 to a round value above every strength, in 4 or 5 steps of 1, 2 or 5 times 10^n. */
function yRange(points) {
  const top = Math.max(0.1, ...points.map((p) => p.strength));
  const magnitude = 10 ** Math.floor(Math.log10(top / 4));
  const step = [1, 2, 5, 10].map((m) => m * magnitude).find((s) => s * 5 >= top);
  const yMax = Math.ceil(top / step) * step;
  const yTicks = [];
  for (let i = 0; i * step <= yMax + step / 1e6; i++) {
    yTicks.push(Math.round(i * step * 1e6) / 1e6);
  }
  return {yMin: 0, yMax, yTicks};
}

/** The trust now, as `relearn weights` says it: its strength, or "prior" until it is fitted. */
function describe(trust) {
  if (!trust.fitted) {
    return 'prior (too few clicks to fit yet)';
  }
  return `${trust.strength.toFixed(3)} nats per preference (fit on ${trust.queries.toLocaleString('en-US')} queries,`
    + ` held-out gain ${trust.gain.toFixed(1)} nats)`;
}

/**
 * Draws the trust's history (its strength after each refit, by refit time) into `svg`
 * and says the trust now in `note`.
 *
 * @param trust the `trust` object of GET /api/feedback/weights
 */
export function drawTrust(svg, note, trust) {
  const points = trust.history.filter((p) => p.strength !== null); // fitted refits only
  drawLineChart(svg, [{name: 'trust (nats per preference)', color: COLOR, dashed: false,
    points: points.map((p, i) => ({x: i, y: p.strength}))}], {
    ...yRange(points),
    xTicks: Math.min(4, Math.max(1, points.length - 1)),
    xLabel: (x) => (points.length > 0 ? time(points[Math.round(x)].millis) : ''),
  });
  const count = trust.history.length;
  const refits = count === 0 ? 'no refit yet' : `${count} refit${count === 1 ? '' : 's'}`;
  note.textContent = `Trust now: ${describe(trust)}; ${refits}.`;
}
