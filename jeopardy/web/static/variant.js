// The Variant builder: faces (effects and points) and goal -> a roll model -> the solve.
"use strict";
header("variant");
const $ = id => document.getElementById(id);
const EFFECTS = ["add", "bust", "bust_all", "bank", "double", "bust_gain", "subtract"];
const WITH_POINTS = ["add", "bank", "bust_gain", "subtract"];  // Kind.has_points
let solved = null;  // the last answer: its model is the roll model file

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
  for (const select of document.querySelectorAll(".face-row select")) {
    select.addEventListener("change", pointsApply);
  }
  pointsApply();
}

// A face whose effect has no points (bust, bust_all, double) has its points box off.
function pointsApply() {
  for (const row of document.querySelectorAll(".face-row")) {
    const input = row.querySelector("input");
    input.disabled = !WITH_POINTS.includes(row.querySelector("select").value);
    if (input.disabled) input.value = 0;
  }
}

async function solve(event) {
  event.preventDefault();
  const faces = [...document.querySelectorAll(".face-row")].map(row => ({
    effect: row.querySelector("select").value, points: Number(row.querySelector("input").value) || 0}));
  $("result").hidden = true;
  $("file").hidden = true;
  $("solve").disabled = true;
  document.body.dataset.ready = "0";
  try {
    const r = await api("/api/variant", {name: $("name").value, goal: Number($("goal").value), faces});
    const size = r.states !== undefined ? `${r.states.toLocaleString()} states` :
      `${r.turn_starts.toLocaleString()} turn starts`;
    $("result").innerHTML = `<b>${esc(r.game)} to ${r.goal}</b>: the player who moves first wins
      <b id="variant-win">${fmt(r.win_probability, 6)}</b> under optimal play
      (${size}, solved in ${fmt(r.seconds, 2)} s${r.cached ? ", from the cache" : ""};
      largest residual ${r.max_residual.toExponential(1)}).
      ${r.opening && r.opening.hold_threshold != null ? `At 0-0, hold at <b id="variant-threshold">${r.opening.hold_threshold}</b>.` : ""}`;
    $("result").hidden = false;
    solved = r;
    const text = JSON.stringify(r.model, null, 2);
    $("model-json").textContent = text;
    $("download").href = "data:application/json;charset=utf-8," + encodeURIComponent(text + "\n");
    $("download").download = `${r.model.name}.json`;
    $("saved").textContent = "";
    $("file").hidden = false;
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

function save() {
  if (!solved) return;
  saveVariant(solved.model, solved.goal);
  const name = solved.model.name;
  $("saved").innerHTML = `saved in this browser: <a id="play-saved" href="/play?${query({variant: name})}">play ${esc(name)}</a>`;
}

$("faces").addEventListener("change", faceRows);
$("setup").addEventListener("submit", solve);
$("save").addEventListener("click", save);
faceRows();
document.body.dataset.ready = "1";
