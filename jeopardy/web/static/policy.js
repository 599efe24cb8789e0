// The Policy explorer: hold-threshold maps of two policies, their difference, and a cell's column.
"use strict";
header("policy");
const $ = id => document.getElementById(id);

function drawMap(target, legend, data, onClick) {
  const {low, high} = heatMap(target, data.thresholds, {
    xLabel: "opponent's score j", yLabel: "your score i", low: 0,
    title: (i, j, v) => `i=${i}, j=${j}: ${v === null ? "not a threshold" : "hold at " + v}`,
    onClick});
  legend.innerHTML = `hold threshold from <span style="color:${colour(0)}">&#9632;</span> ${low}
    to <span style="color:${colour(1)}">&#9632;</span> ${high}`;
}

async function showCell(settings, i, j) {
  try {
    const data = await api("/api/policy?" + query({game: settings.game, goal: settings.goal,
                                                   scores: `${i},${j}`}));
    $("cell").hidden = false;
    $("cell-title").textContent = `optimal play at i=${i}, j=${j}: P(win) against the turn total`;
    lineChart($("cell-chart"), data.win_probability_by_turn_total, {xLabel: "turn total k",
      low: 0, high: 1, pointLabel: k => `k=${k} ${data.actions[k] === "R" ? "roll" : "hold"}`,
      marks: [...data.actions].map(a => a === "R" ? "#2a5db0" : "#b0302a")});
    $("cell-legend").innerHTML = `P(win) at turn total 0: <b id="cell-win">${fmt(data.win_probability, 6)}</b>;
      ${data.hold_threshold === null ? "not a single threshold" : "hold at " + data.hold_threshold}
      (blue: roll, red: hold)`;
    showError($("error"), null);
  } catch (error) { showError($("error"), error); }
}

async function draw(event) {
  if (event) event.preventDefault();
  const settings = {game: $("game").value, goal: $("goal").value};
  const a = $("policy-a").value, b = $("policy-b").value;
  document.body.dataset.ready = "0";
  try {
    const [mapA, mapB, result] = await Promise.all([
      api("/api/policy-map?" + query({...settings, policy: a})),
      api("/api/policy-map?" + query({...settings, policy: b})),
      api("/api/compare?" + query({...settings, a, b}))]);
    $("title-a").textContent = `A: ${mapA.policy}`;
    $("title-b").textContent = `B: ${mapB.policy}`;
    drawMap($("map-a"), $("legend-a"), mapA, (i, j) => showCell(settings, i, j));
    drawMap($("map-b"), $("legend-b"), mapB, null);
    const diff = mapA.thresholds.map((row, i) => row.map((v, j) => {
      const w = mapB.thresholds[i][j];
      return v === null || w === null ? null : v - w;
    }));
    const spread = Math.max(1, ...diff.flat().filter(v => v !== null).map(Math.abs));
    heatMap($("map-diff"), diff, {xLabel: "opponent's score j", yLabel: "your score i",
      low: -spread, high: spread, title: (i, j, v) => `i=${i}, j=${j}: ${v}`});
    const differ = diff.flat().filter(v => v !== 0).length;
    $("comparison").hidden = false;
    $("comparison").innerHTML = `<b>${result.a}</b> against <b>${result.b}</b>, exact
      (<code>jeopardy compare</code>): A wins <b id="compare-first">${fmt(result.first, 6)}</b> moving first,
      <b id="compare-second">${fmt(result.second, 6)}</b> moving second,
      <b id="compare-fair">${fmt(result.fair, 6)}</b> on a fair coin. The thresholds differ at
      ${differ.toLocaleString()} of ${(diff.length * diff.length).toLocaleString()} score pairs.`;
    showError($("error"), null);
  } catch (error) { showError($("error"), error); }
  document.body.dataset.ready = "1";
}

$("setup").addEventListener("submit", draw);
(async () => {
  const url = new URLSearchParams(location.search);
  await fillGames($("game"), url.get("game") || "pig");
  for (const [key, id] of [["goal", "goal"], ["a", "policy-a"], ["b", "policy-b"]]) {
    if (url.get(key)) $(id).value = url.get(key);
  }
  await draw();
})().catch(error => { showError($("error"), error); document.body.dataset.ready = "1"; });
