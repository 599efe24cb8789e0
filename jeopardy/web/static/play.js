// The Play page: each click sends the seed and all moves so far; the server replays them.
"use strict";
header("play");

const $ = id => document.getElementById(id);
let game = null;  // {game, goal, seed, second, moves}
let busy = false;

function params(moves) {
  return query({game: game.game, goal: game.goal, seed: game.seed,
                second: game.second ? "true" : "", moves});
}

function dieText(event) {
  if (!event) return "\u2013";
  if (event.action === "hold") return "H";
  const m = event.text.match(/^\+(\d+)$/);
  return m ? m[1] : (event.text.startsWith("bust") || event.text.startsWith("BUST") ? "\u2717" : "*");
}

function show(state, animate) {
  $("you-score").textContent = state.scores[0];
  $("computer-score").textContent = state.scores[1];
  $("turn-total").textContent = state.turn_total;
  const last = state.events[state.events.length - 1];
  $("die").textContent = dieText(last);
  if (animate) {
    $("die").classList.remove("rolling");
    void $("die").offsetWidth;  // restart the animation
    $("die").classList.add("rolling");
  }
  $("log").innerHTML = state.events.map(e =>
    `<div>${e.who === "you" ? "you" : "computer"}: ${e.text} <span class="muted">(${e.scores[0]}-${e.scores[1]}, turn ${e.turn_total})</span></div>`).join("");
  $("log").scrollTop = $("log").scrollHeight;
  const coach = state.coach;
  $("coach-roll").textContent = coach ? fmt(coach.roll, 6) : "-";
  $("coach-hold").textContent = coach ? fmt(coach.hold, 6) : "-";
  $("last-cost").textContent = state.last_cost === null ? "-" : fmt(state.last_cost, 6);
  $("last-cost").className = state.last_cost > 1e-12 ? "cost-bad" : "cost-ok";
  $("coach").hidden = !$("coach-toggle").checked;
  $("roll").disabled = $("hold").disabled = state.finished;
  if (state.finished) {
    $("status").textContent = state.winner === 0 ? `you win ${state.scores[0]} to ${state.scores[1]}`
      : `the computer wins ${state.scores[1]} to ${state.scores[0]}`;
    $("review-link").href = "/review?" + params(state.moves);
    $("finished").hidden = false;
  } else {
    $("status").textContent = `your move (${game.game} to ${game.goal}, seed ${game.seed})`;
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
          second: $("second").checked, moves: ""};
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
$("game").addEventListener("change", () => {
  $("goal").value = $("game").selectedOptions[0].dataset.goal;
});
(async () => {
  const url = new URLSearchParams(location.search);
  await fillGames($("game"), url.get("game") || "pig");
  $("goal").value = url.get("goal") || $("game").selectedOptions[0].dataset.goal;
  if (url.get("seed")) $("seed").value = url.get("seed");
  document.body.dataset.ready = "1";
})().catch(error => showError($("error"), error));
