// The Review page: the game comes back from its address (seed and moves).
"use strict";
header("review");
const $ = id => document.getElementById(id);

(async () => {
  const url = new URLSearchParams(location.search);
  if (!url.get("seed")) { $("empty").hidden = false; document.body.dataset.ready = "1"; return; }
  const keys = ["game", "goal", "seed", "second", "moves", "players", "ending", "seat",
                "faces", "bad_face", "model", "first_to_reach"];
  const params = query(Object.fromEntries(keys.map(k => [k, url.get(k)])));
  const review = await api("/api/review?" + params);
  const verdict = !review.finished ? "unfinished" : review.winners.length > 1 ? "a tie" :
    review.winner === 0 ? "you won" : `${review.names[review.winners[0]]} won`;
  const table = review.players > 2 || review.ending !== "first-to-goal" ?
    `, ${review.players} players, ${review.ending}` : review.first_to_reach ? ", first to reach" : "";
  $("summary").innerHTML = `${esc(review.game)} to ${review.goal}${table}, seed ${review.seed}: ${verdict}
    ${review.scores.join("-")} after ${review.decisions.length} decisions.
    Your moves cost <b id="total-cost">${fmt(review.total_cost, 6)}</b> in win probability in all` +
    (review.not_costed ? ` (${review.not_costed} last-round moves against the best play have no cost: not counted)` : "") + ".";
  const share = location.origin + "/review?" + params;
  $("share-url").href = share;
  $("share-url").textContent = share;
  const decisions = review.decisions;
  lineChart($("chart"), review.series, {xLabel: "your decisions", low: 0, high: 1,
    pointLabel: i => i < decisions.length ? `decision ${i + 1}` : "end",
    marks: review.series.map((_, i) => i < decisions.length && decisions[i].cost > 1e-12 ? "#b0302a" : "#2a5db0")});
  $("ranked").querySelector("tbody").innerHTML = review.ranked.map(d =>
    `<tr><td>${d.move + 1}</td><td>${d.scores ? d.scores.join("-") : d.you + "-" + d.computer}</td><td>${d.turn_total}</td>
     <td class="left">${d.action}${d.action !== d.best ? ` (best: ${d.best})` : ""}</td>
     <td>${d.roll === null ? "-" : fmt(d.roll, 6)}</td><td>${d.hold === null ? "-" : fmt(d.hold, 6)}</td>
     <td class="${d.cost > 1e-12 ? "cost-bad" : "cost-ok"}">${fmt(d.cost, 6)}</td></tr>`).join("");
  $("content").hidden = false;
  document.body.dataset.ready = "1";
})().catch(error => { showError($("error"), error); document.body.dataset.ready = "1"; });
