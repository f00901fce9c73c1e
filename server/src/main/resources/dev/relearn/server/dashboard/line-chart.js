// A small SVG line chart: no library, nothing loaded from elsewhere.
const SVG = 'http://www.w3.org/2000/svg';

function el(name, attrs, text) {
  const node = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attrs || {})) {
    node.setAttribute(key, String(value));
  }
  if (text !== undefined) {
    node.textContent = text;
  }
  return node;
}

/**
 * Draws series of points into an <svg>, replacing what it held.
 *
 * @param svg the <svg> element (its rendered size sets the drawing's size)
 * @param series [{name, color, dashed, points: [{x, y}]}], x increasing
 * @param options {yMin, yMax, yTicks: [..], xLabel(x) -> string, xTicks: count}
 */
export function drawLineChart(svg, series, options) {
  const width = svg.clientWidth || 600;
  const height = svg.clientHeight || 260;
  svg.setAttribute('viewBox', `0 0 ${width} ${height}`);
  svg.replaceChildren();
  const pad = {left: 44, right: 16, top: 28, bottom: 30};
  const plotW = width - pad.left - pad.right;
  const plotH = height - pad.top - pad.bottom;
  const xs = series.flatMap((s) => s.points.map((p) => p.x));
  let xMin = Math.min(...xs);
  let xMax = Math.max(...xs);
  if (!isFinite(xMin)) {
    xMin = 0;
    xMax = 1;
  }
  if (xMax === xMin) {
    xMax = xMin + 1;
  }
  const {yMin, yMax} = options;
  const px = (x) => pad.left + ((x - xMin) / (xMax - xMin)) * plotW;
  const py = (y) => pad.top + (1 - (y - yMin) / (yMax - yMin)) * plotH;

  for (const tick of options.yTicks) {
    svg.append(el('line', {class: 'grid', x1: pad.left, x2: pad.left + plotW,
      y1: py(tick), y2: py(tick)}));
    svg.append(el('text', {class: 'axis', x: pad.left - 6, y: py(tick) + 4,
      'text-anchor': 'end'}, tick.toFixed(2)));
  }
  const xTicks = Math.max(1, options.xTicks || 4);
  for (let i = 0; i <= xTicks; i++) {
    const x = xMin + ((xMax - xMin) * i) / xTicks;
    const anchor = i === 0 ? 'start' : i === xTicks ? 'end' : 'middle';
    svg.append(el('text', {class: 'axis', x: px(x), y: height - 8, 'text-anchor': anchor},
      options.xLabel(x)));
  }

  let legendX = pad.left;
  for (const s of series) {
    if (s.points.length > 0) {
      const d = s.points.map((p, i) => `${i === 0 ? 'M' : 'L'}${px(p.x).toFixed(1)},`
        + `${py(p.y).toFixed(1)}`).join(' ');
      // dashes keep a line visible where it runs on top of another
      svg.append(el('path', {class: 'series', d, stroke: s.color,
        'stroke-dasharray': s.dashed ? '7 5' : 'none'}));
      const last = s.points[s.points.length - 1];
      svg.append(el('circle', {cx: px(last.x), cy: py(last.y), r: 3.5, fill: s.color}));
    }
    svg.append(el('line', {x1: legendX, x2: legendX + 16, y1: 10, y2: 10, stroke: s.color,
      'stroke-width': 3, 'stroke-dasharray': s.dashed ? '5 3' : 'none'}));
    const label = el('text', {class: 'legend', x: legendX + 20, y: 14}, s.name);
    svg.append(label);
    legendX += 20 + s.name.length * 8 + 24;
  }
}
