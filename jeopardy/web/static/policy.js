// The Policy explorer: hold-threshold maps of two policies, their difference, and a cell's column.
"use strict";
header("policy");
const $ = id => document.getElementById(id);

// One colour scale for both maps: 0 to the 95th percentile of their values (rolling to
// the goal from a low score would otherwise take the whole scale).
function scaleTop(maps) {
  const all = maps.flatMap(m => m.first_hold.flat()).sort((a, b) => a - b);
  return Math.max(1, all[Math.floor(0.95 * (all.length - 1))]);
}

function drawMap(target, legend, data, onClick, top) {
  const {low, high} = heatMap(target, data.first_hold, {
    xLabel: "opponent's score j", yLabel: "your score i", low: 0, high: top, size: 400,
    title: (i, j, v) => `i=${i}, j=${j}: holds at ${v}` +
      (data.thresholds[i][j] === null ? " (and rolls again at some higher turn total)" : ""),
    onClick});
  const mixed = data.thresholds.flat().filter(v => v === null).length;
  legend.innerHTML = `first turn total held at, from <span style="color:${colour(0)}">&#9632;</span> ${low}
    to <span style="color:${colour(1)}">&#9632;</span> ${high} or more; at ${mixed.toLocaleString()} score pairs the
    policy rolls again at some higher turn total (not a single threshold)`;
}

async function showCell(settings, i, j) {
  try {
    const data = await api("/api/policy?" + query({game: settings.game, goal: settings.goal,
                                                   scores: `${i},${j}`}));
    $("cell").hidden = false;
    $("cell-title").textContent = `optimal play at i=${i}, j=${j}: P(win) against the turn total`;
    lineChart($("cell-chart"), data.win_probability_by_turn_total, {xLabel: "turn total k", width: 440,
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
  const settingsB = {game: $("game-b").value, goal: $("goal").value};
  const same = settings.game === settingsB.game;
  const a = $("policy-a").value, b = $("policy-b").value;
  document.body.dataset.ready = "0";
  try {
    // one game: A against B exactly (jeopardy compare); two games: each game's optimal
    // first player (jeopardy solve), beside the two maps
    const [mapA, mapB, result, solvedB] = await Promise.all([
      api("/api/policy-map?" + query({...settings, policy: a})),
      api("/api/policy-map?" + query({...settingsB, policy: b})),
      same ? api("/api/compare?" + query({...settings, a, b})) : api("/api/solve?" + query(settings)),
      same ? null : api("/api/solve?" + query(settingsB))]);
    $("title-a").textContent = `A: ${mapA.policy}${same ? "" : " in " + mapA.game}`;
    $("title-b").textContent = `B: ${mapB.policy}${same ? "" : " in " + mapB.game}`;
    const top = scaleTop([mapA, mapB]);
    drawMap($("map-a"), $("legend-a"), mapA, (i, j) => showCell(settings, i, j), top);
    drawMap($("map-b"), $("legend-b"), mapB, null, top);
    const diff = mapA.first_hold.map((row, i) => row.map((v, j) => v - mapB.first_hold[i][j]));
    const spread = Math.max(1, ...diff.flat().filter(v => v !== null).map(Math.abs));
    heatMap($("map-diff"), diff, {xLabel: "opponent's score j", yLabel: "your score i", size: 400,
      low: -spread, high: spread, title: (i, j, v) => `i=${i}, j=${j}: ${v}`});
    const differ = diff.flat().filter(v => v !== 0).length;
    $("comparison").hidden = false;
    const where = `Where a turn from 0 stops differs at ${differ.toLocaleString()} of
      ${(diff.length * diff.length).toLocaleString()} score pairs.`;
    $("comparison").innerHTML = same ? `<b>${result.a}</b> against <b>${result.b}</b>, exact
      (<code>jeopardy compare</code>): A wins <b id="compare-first">${fmt(result.first, 6)}</b> moving first,
      <b id="compare-second">${fmt(result.second, 6)}</b> moving second,
      <b id="compare-fair">${fmt(result.fair, 6)}</b> on a fair coin. ${where}` :
      `Two games to ${result.goal} (<code>jeopardy solve</code>): under optimal play the first player
      wins <b id="solve-a">${fmt(result.win_probability, 6)}</b> in ${result.game} and
      <b id="solve-b">${fmt(solvedB.win_probability, 6)}</b> in ${solvedB.game}. ${where}`;
    showError($("error"), null);
  } catch (error) { showError($("error"), error); }
  document.body.dataset.ready = "1";
}

$("setup").addEventListener("submit", draw);
(async () => {
  const url = new URLSearchParams(location.search);
  await fillGames($("game"), url.get("game") || "pig");
  await fillGames($("game-b"), url.get("game_b") || url.get("game") || "pig");
  for (const [key, id] of [["goal", "goal"], ["a", "policy-a"], ["b", "policy-b"]]) {
    if (url.get(key)) $(id).value = url.get(key);
  }
  await draw();
})().catch(error => { showError($("error"), error); document.body.dataset.ready = "1"; });
