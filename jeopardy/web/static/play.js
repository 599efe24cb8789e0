// The Play page: each click sends the seed and all moves so far; the server replays them.
"use strict";
header("play");

const $ = id => document.getElementById(id);
let game = null;  // {game, goal, seed, players, ending, seat, moves}
let busy = false;

// A saved variant (the builder's, kept in this browser) travels as its roll model.
const SAVED_PREFIX = "saved:";

function params(moves) {
  if (game.game === "ten-thousand") {
    return query({game: game.game, goal: game.goal, seed: game.seed, moves,
                  first_to_reach: game.ending === "first-to-reach" ? "true" : "",
                  second: game.seat === "1" ? "true" : ""});
  }
  const table = game.players !== "2" || game.ending !== "first-to-goal";
  const saved = game.game.startsWith(SAVED_PREFIX) ?
    savedVariants()[game.game.slice(SAVED_PREFIX.length)] : null;
  return query({game: saved ? "" : game.game, model: saved ? JSON.stringify(saved.model) : "",
                goal: game.goal, seed: game.seed, moves,
                players: table ? game.players : "", ending: table ? game.ending : "",
                seat: game.seat === "0" ? "" : game.seat});
}

function dieText(event) {
  if (!event) return "\u2013";
  if (event.faces) return event.faces.join(" ");
  if (event.action === "hold") return "H";
  const m = event.text.match(/^\+(\d+)$/);
  return m ? m[1] : (event.text.startsWith("bust") || event.text.startsWith("BUST") ? "\u2717" : "*");
}

function show(state, animate) {
  const you = state.names.indexOf("you");
  $("board").innerHTML = state.scores.map((s, i) =>
    `<span${i === you ? "" : ' class="muted"'}>${state.names[i]} <b id="${i === you ? "you-score" : "score-" + i}">${s}</b></span>`).join(" ");
  $("turn-total").textContent = state.turn_total;
  const last = state.events[state.events.length - 1];
  $("die").textContent = dieText(last);
  if (animate) {
    $("die").classList.remove("rolling");
    void $("die").offsetWidth;  // restart the animation
    $("die").classList.add("rolling");
  }
  $("log").innerHTML = state.events.map(e =>
    `<div>${e.who}: ${e.text} <span class="muted">(${e.scores.join("-")}, turn ${e.turn_total})</span></div>`).join("");
  $("log").scrollTop = $("log").scrollHeight;
  const coach = state.coach;
  $("coach-roll").textContent = coach && coach.roll !== null ? fmt(coach.roll, 6) :
    coach && coach.best === "roll" ? `best: ${fmt(coach.best_value, 6)}` : "-";
  $("coach-hold").textContent = coach && coach.hold !== null ? fmt(coach.hold, 6) :
    coach && coach.best === "hold" ? `best: ${fmt(coach.best_value, 6)}` : "-";
  $("last-cost").textContent = state.last_cost === null ? "-" : fmt(state.last_cost, 6);
  $("last-cost").className = state.last_cost > 1e-12 ? "cost-bad" : "cost-ok";
  $("coach").hidden = !$("coach-toggle").checked;
  const farkle = state.game === "ten-thousand";
  $("roll").textContent = farkle ? "Throw" : "Roll";
  $("verb-roll").textContent = farkle ? "throw" : "roll";
  $("verb-hold").textContent = farkle ? "bank" : "hold";
  $("hold").textContent = farkle ? "Bank" : "Hold";
  $("die").classList.toggle("wide", farkle);
  const inHand = state.coach ? state.coach.dice : 6;
  $("dice").textContent = farkle && !state.finished
    ? `, ${inHand} ${inHand === 1 ? "die" : "dice"} in hand` : "";
  $("roll").disabled = state.finished;
  $("hold").disabled = state.finished || (coach !== null && coach.may_bank === false);
  if (state.finished) {
    const names = state.winners.map(w => state.names[w]);
    $("status").textContent = (state.winners.length > 1 ? `a tie between ${names.join(" and ")}`
      : names[0] === "you" ? "you win" : `${names[0]} wins`) + `: ${state.scores.join(" to ")}`;
    $("review-link").href = "/review?" + params(state.moves);
    $("finished").hidden = false;
  } else {
    $("status").textContent = `your move (${state.game} to ${game.goal}, seed ${game.seed})`;
    $("finished").hidden = true;
  }
  document.body.dataset.moves = state.moves;
  document.body.dataset.finished = state.finished ? "1" : "0";
}

async function move(letter) {
  if (busy || !game) return;
  busy = true;
  $("roll").disabled = $("hold").disabled = true;
  try {
    const state = await api("/api/play?" + params(game.moves + letter));
    game.moves = state.moves;
    show(state, letter === "r");
    showError($("error"), null);
  } catch (error) {
    showError($("error"), error);
    $("roll").disabled = $("hold").disabled = false;
  } finally {
    busy = false;
    document.body.dataset.busy = "0";
  }
}

async function newGame(event) {
  if (event) event.preventDefault();
  if (!$("seed").value) $("seed").value = Math.floor(Math.random() * 1e9);
  game = {game: $("game").value, goal: $("goal").value, seed: $("seed").value,
          players: $("players").value, ending: $("ending").value, seat: $("seat").value,
          moves: ""};
  $("status").textContent = "solving...";
  busy = true;
  try {
    const state = await api("/api/play?" + params(""));
    game.goal = state.goal;
    show(state, false);
    showError($("error"), null);
  } catch (error) {
    showError($("error"), error);
    $("status").textContent = "";
  } finally {
    busy = false;
    document.body.dataset.busy = "0";
  }
}

$("setup").addEventListener("submit", newGame);
$("roll").addEventListener("click", () => { document.body.dataset.busy = "1"; move("r"); });
$("hold").addEventListener("click", () => { document.body.dataset.busy = "1"; move("h"); });
$("coach-toggle").addEventListener("change", () => { $("coach").hidden = !$("coach-toggle").checked; });
$("players").addEventListener("change", () => {
  const n = Number($("players").value);
  $("seat").innerHTML = Array.from({length: n}, (_, s) =>
    `<option value="${s}">${s + 1}${s === 0 ? " (first)" : ""}</option>`).join("");
});
// Ten Thousand's endings are jeopardy farkle solve's: the round rule (the other player
// answers one who reaches the goal) or --first-to-reach; Pig-like games' are solve's.
const ENDINGS = {
  dice: [["first-to-goal", "first to the goal"], ["equal-turns", "equal turns"]],
  farkle: [["rounds", "round rule (the other answers)"], ["first-to-reach", "first to reach wins"]]};

function gameChanged() {
  $("goal").value = $("game").selectedOptions[0].dataset.goal;
  const farkle = $("game").value === "ten-thousand";
  $("players").disabled = farkle;
  if (farkle) $("players").value = "2";
  const kind = farkle ? "farkle" : "dice";
  if ($("ending").dataset.kind !== kind) {
    $("ending").innerHTML = ENDINGS[kind].map(([v, t]) => `<option value="${v}">${t}</option>`).join("");
    $("ending").dataset.kind = kind;
  }
}

function addSaved(select) {
  const saved = Object.entries(savedVariants());
  if (!saved.length) return;
  const group = document.createElement("optgroup");
  group.label = "saved variants";
  group.innerHTML = saved.map(([name, v]) =>
    `<option value="${esc(SAVED_PREFIX + name)}" data-goal="${Number(v.goal) || 100}">${esc(name)}</option>`).join("");
  select.appendChild(group);
}

$("game").addEventListener("change", gameChanged);
(async () => {
  const url = new URLSearchParams(location.search);
  await fillGames($("game"), url.get("game") || "pig", g => !g.falling);
  addSaved($("game"));
  const variant = url.get("variant") && SAVED_PREFIX + url.get("variant");
  if (variant && [...$("game").options].some(o => o.value === variant)) $("game").value = variant;
  gameChanged();
  $("goal").value = url.get("goal") || $("game").selectedOptions[0].dataset.goal;
  if (url.get("seed")) $("seed").value = url.get("seed");
  document.body.dataset.ready = "1";
})().catch(error => showError($("error"), error));
