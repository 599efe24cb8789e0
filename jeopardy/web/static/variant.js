// The Variant builder: faces and goal -> a roll model -> the race solve.
"use strict";
header("variant");
const $ = id => document.getElementById(id);
const EFFECTS = ["add", "bust", "bust_all", "double", "bank"];

function faceRows() {
  const n = Math.max(2, Math.min(20, Number($("faces").value) || 6));
  const old = [...document.querySelectorAll(".face-row")].map(row => ({
    effect: row.querySelector("select").value, points: row.querySelector("input").value}));
  $("face-list").innerHTML = Array.from({length: n}, (_, f) => {
    const face = old[f] || (f === 0 ? {effect: "bust", points: 0} : {effect: "add", points: f + 1});
    return `<div class="face-row">face ${f + 1}
      <select class="effect" data-face="${f}">${EFFECTS.map(e =>
        `<option${e === face.effect ? " selected" : ""}>${e}</option>`).join("")}</select>
      points <input class="points" type="number" min="0" max="1000" value="${face.points}"></div>`;
  }).join("");
}

async function solve(event) {
  event.preventDefault();
  const faces = [...document.querySelectorAll(".face-row")].map(row => ({
    effect: row.querySelector("select").value, points: Number(row.querySelector("input").value) || 0}));
  $("result").hidden = true;
  $("solve").disabled = true;
  document.body.dataset.ready = "0";
  try {
    const r = await api("/api/variant", {name: $("name").value, goal: Number($("goal").value), faces});
    $("result").innerHTML = `<b>${r.game} to ${r.goal}</b>: the player who moves first wins
      <b id="variant-win">${fmt(r.win_probability, 6)}</b> under optimal play
      (${r.states.toLocaleString()} states, solved in ${fmt(r.seconds, 2)} s${r.cached ? ", from the cache" : ""};
      largest Bellman residual ${r.max_residual.toExponential(1)}).
      ${r.opening && r.opening.hold_threshold !== null ? `At 0-0, hold at <b id="variant-threshold">${r.opening.hold_threshold}</b>.` : ""}`;
    $("result").hidden = false;
    showError($("error"), null);
  } catch (error) {
    const estimate = error.data && error.data.estimate;
    showError($("error"), error);
    if (estimate) $("error").dataset.refused = "1";
  } finally {
    $("solve").disabled = false;
    document.body.dataset.ready = "1";
  }
}

$("faces").addEventListener("change", faceRows);
$("setup").addEventListener("submit", solve);
faceRows();
document.body.dataset.ready = "1";
