// Shared by every page: the navigation, the API call, and the SVG charts (no libraries).
"use strict";

const PAGES = [["play", "Play"], ["review", "Review"], ["policy", "Policy explorer"],
               ["simultaneous", "Simultaneous game"], ["variant", "Variant builder"]];
const SVG = "http://www.w3.org/2000/svg";

function header(current) {
  const nav = PAGES.map(([p, t]) =>
    `<a href="/${p}"${p === current ? ' class="here"' : ""}>${t}</a>`).join("");
  document.querySelector("header").innerHTML =
    `<strong>jeopardy</strong><nav>${nav}<a href="/docs">API</a></nav>`;
}

// GET (or POST with a JSON body) an API path; resolves to the JSON, or rejects
// with the server's one-line error.
async function api(path, body) {
  const options = body === undefined ? {} :
    {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const response = await fetch(path, options);
  const data = await response.json();
  if (!response.ok) {
    const error = new Error(data.error || `HTTP ${response.status}`);
    error.data = data;
    throw error;
  }
  return data;
}

function query(params) {
  return Object.entries(params).filter(([, v]) => v !== "" && v !== null && v !== undefined)
    .map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join("&");
}

async function fillGames(select, chosen, filter) {
  const games = await api("/api/games");
  select.innerHTML = games.filter(filter || (g => !g.falling && !g.farkle))
    .map(g => `<option value="${g.name}" data-goal="${g.goal}">${g.name}</option>`).join("");
  if (chosen) select.value = chosen;
  return games;
}

function el(name, attrs, parent) {
  const node = document.createElementNS(SVG, name);
  for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
  if (parent) parent.appendChild(node);
  return node;
}

function fmt(x, digits) { return x === null || x === undefined ? "-" : Number(x).toFixed(digits ?? 4); }

// A colour from a value in [0, 1] (dark blue -> teal -> yellow), or grey for null.
function colour(t) {
  if (t === null || t === undefined || Number.isNaN(t)) return "#c8c8c8";
  const stops = [[40, 30, 100], [30, 110, 140], [50, 160, 120], [160, 200, 60], [250, 230, 40]];
  const x = Math.max(0, Math.min(1, t)) * (stops.length - 1);
  const i = Math.min(stops.length - 2, Math.floor(x)), f = x - i;
  const c = stops[i].map((a, n) => Math.round(a + f * (stops[i + 1][n] - a)));
  return `rgb(${c[0]},${c[1]},${c[2]})`;
}

// A heat map of rows x columns values; onClick(row, column) on a cell.
function heatMap(target, values, options) {
  const rows = values.length, cols = values[0].length;
  const size = options.size || 460, pad = 38;
  const cw = size / cols, ch = size / rows;
  const flat = values.flat().filter(v => v !== null);
  const low = options.low ?? Math.min(...flat), high = options.high ?? Math.max(...flat);
  const svg = el("svg", {width: size + pad + 10, height: size + pad + 10, role: "img"});
  for (let r = 0; r < rows; r++) {
    for (let c = 0; c < cols; c++) {
      const v = values[r][c];
      const rect = el("rect", {x: pad + c * cw, y: size - (r + 1) * ch + 4, width: cw + 0.3,
        height: ch + 0.3, fill: colour(v === null ? null : (v - low) / ((high - low) || 1)),
        class: "cell", "data-row": r, "data-col": c}, svg);
      const t = el("title", {}, rect);
      t.textContent = options.title ? options.title(r, c, v) : `${r}, ${c}: ${v}`;
      if (options.onClick) rect.addEventListener("click", () => options.onClick(r, c, v));
    }
  }
  const ticks = options.ticks || Math.max(1, Math.round(rows / 5));
  for (let r = 0; r < rows; r += ticks) {
    el("text", {x: pad - 4, y: size - r * ch + 4, "text-anchor": "end"}, svg).textContent =
      options.name ? options.name(r) : r;
  }
  for (let c = 0; c < cols; c += Math.max(1, Math.round(cols / 5))) {
    el("text", {x: pad + c * cw, y: size + 18}, svg).textContent = options.name ? options.name(c) : c;
  }
  el("text", {x: pad + size / 2, y: size + 34, "text-anchor": "middle"}, svg).textContent =
    options.xLabel || "";
  const yl = el("text", {x: 10, y: size / 2, "text-anchor": "middle",
    transform: `rotate(-90 10 ${size / 2})`}, svg);
  yl.textContent = options.yLabel || "";
  target.replaceChildren(svg);
  return {low, high};
}

// A line chart of ys against 0..n-1; marks[i] colours point i (optional).
function lineChart(target, ys, options) {
  const w = options.width || 460, h = options.height || 220, pad = 40;
  const low = options.low ?? 0, high = options.high ?? 1;
  const n = ys.length;
  const x = i => pad + (n > 1 ? i / (n - 1) : 0.5) * (w - pad - 10);
  const y = v => 10 + (1 - (v - low) / ((high - low) || 1)) * (h - pad - 10);
  const svg = el("svg", {width: w, height: h, role: "img"});
  for (const v of [low, (low + high) / 2, high]) {
    el("line", {x1: pad, x2: w - 10, y1: y(v), y2: y(v), stroke: "#e3e6ec"}, svg);
    el("text", {x: pad - 4, y: y(v) + 4, "text-anchor": "end"}, svg).textContent = fmt(v, 2);
  }
  el("polyline", {points: ys.map((v, i) => `${x(i)},${y(v)}`).join(" "), fill: "none",
    stroke: "#2a5db0", "stroke-width": 2}, svg);
  ys.forEach((v, i) => {
    const dot = el("circle", {cx: x(i), cy: y(v), r: n > 60 ? 1.8 : 3,
      fill: options.marks ? options.marks[i] : "#2a5db0"}, svg);
    el("title", {}, dot).textContent = `${options.pointLabel ? options.pointLabel(i) : i}: ${fmt(v)}`;
  });
  el("text", {x: pad + (w - pad) / 2, y: h - 6, "text-anchor": "middle"}, svg).textContent =
    options.xLabel || "";
  target.replaceChildren(svg);
}

function showError(node, error) {
  node.textContent = error ? (error.message || String(error)) : "";
}

// Saved variants: the browser keeps them (localStorage), the server keeps none; a
// request carries the variant's roll model, the JSON a --model file holds.
const SAVED = "jeopardy.variants";

function savedVariants() {
  try { return JSON.parse(localStorage.getItem(SAVED)) || {}; } catch (error) { return {}; }
}

function saveVariant(model, goal) {
  const all = savedVariants();
  all[model.name] = {model, goal};
  localStorage.setItem(SAVED, JSON.stringify(all));
}

// Text made safe to put in innerHTML (a variant's name is the user's own words).
function esc(text) {
  return String(text).replace(/[&<>"']/g, c => `&#${c.charCodeAt(0)};`);
}
