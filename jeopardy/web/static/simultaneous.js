// The Simultaneous game page: the exact equilibrium, the payoff matrix and best replies.
"use strict";
header("simultaneous");
const $ = id => document.getElementById(id);
let game = null;

function reply() {
  const raw = [...document.querySelectorAll("#sliders input")].map(s => Number(s.value));
  const total = raw.reduce((a, b) => a + b, 0);
  if (total <= 0) { $("reply").textContent = "give some strategy a positive weight"; return; }
  const q = raw.map(w => w / total);
  const payoffs = game.payoffs.map(row => row.reduce((s, x, c) => s + x * q[c], 0));
  let best = 0;
  payoffs.forEach((p, r) => { if (p > payoffs[best] + 1e-12) best = r; });
  $("reply").innerHTML = `best reply: <b id="best-reply">${game.labels[best]}</b>, payoff
    <b>${fmt(payoffs[best], 6)}</b> (P(win) - P(loss)); the equilibrium's value is ${fmt(game.value, 6)}.
    <table><tr><th class="left">reply</th><th>payoff</th></tr>${payoffs.map((p, r) => [p, r])
      .sort((a, b) => b[0] - a[0]).slice(0, 5).map(([p, r]) =>
      `<tr><td class="left">${game.labels[r]}</td><td>${fmt(p, 6)}</td></tr>`).join("")}</table>`;
}

function setSliders(weights) {
  $("sliders").innerHTML = game.labels.map((label, c) =>
    `<label>${label} <input type="range" min="0" max="1000" value="${Math.round(weights[c] * 1000)}" data-col="${c}"></label>`).join("");
  document.querySelectorAll("#sliders input").forEach(s => s.addEventListener("input", reply));
  reply();
}

async function solve(event) {
  if (event) event.preventDefault();
  const settings = {game: $("game").value, max_hold: $("max-hold").value};
  document.body.dataset.ready = "0";
  try {
    game = await api("/api/simultaneous?" + query(settings));
    $("csv").href = "/api/simultaneous.csv?" + query(settings);
    $("nfg").href = "/api/simultaneous.nfg?" + query(settings);
    $("value").innerHTML = `value ${fmt(game.value, 6)} (= ${game.value_exact}); verified: ${game.verified}`;
    $("weights").querySelector("tbody").innerHTML = game.strategy.map(w =>
      `<tr><td class="left">${w.rule || "hold at " + w.hold}</td><td>${fmt(w.probability, 6)}</td>
       <td class="left"><code>${w.probability_exact}</code></td></tr>`).join("");
    const {low, high} = heatMap($("matrix"), game.payoffs, {name: i => i + 1,
      xLabel: "column: hold at", yLabel: "row: hold at", size: 380,
      title: (r, c, v) => `row ${game.labels[r]} vs column ${game.labels[c]}: ${fmt(v, 6)}`});
    $("legend").innerHTML = `payoff from <span style="color:${colour(0)}">&#9632;</span> ${fmt(low, 3)}
      to <span style="color:${colour(1)}">&#9632;</span> ${fmt(high, 3)}; rows from the bottom`;
    setSliders(game.weights);
    showError($("error"), null);
  } catch (error) { showError($("error"), error); }
  document.body.dataset.ready = "1";
}

$("setup").addEventListener("submit", solve);
$("use-equilibrium").addEventListener("click", () => game && setSliders(game.weights));
$("use-uniform").addEventListener("click", () => game && setSliders(game.weights.map(() => 1 / game.weights.length)));
(async () => {
  await fillGames($("game"), "pig");
  await solve();
})().catch(error => { showError($("error"), error); document.body.dataset.ready = "1"; });
