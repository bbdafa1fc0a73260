// The "15" game as its article's page has it: each seat a person or a bot, the nine numbers,
// the magic square beside them, and the solver's value of each move on request.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let game = null;
  let thinking = false;
  let magic = [8, 1, 6, 3, 5, 7, 4, 9, 2];
  // Where each variant's games are started (GET /api/info); a game's own address is its `url`.
  let starts = {};
  let delay = () => 0;   // the pause before a bot's move, from the speed control

  // The rules of each variant (docs/fifteen-contract.md), shown beside the game being played.
  const RULES = {
    "classic": "Take numbers 1 to 9 in turn; three of yours summing to 15 win. "
      + "On the magic square, those are the lines of tic-tac-toe.",
    "odd-even": "First owns the odd numbers 1, 3, 5, 7, 9 and moves first; second owns the even "
      + "numbers 2, 4, 6, 8. In turn each places one of their own numbers; whoever places a number "
      + "that makes 15 with any two numbers already placed, by either player, wins. "
      + "All nine placed without a 15: a draw.",
  };

  function isBot(seat) { return game && game[seat] !== "person"; }

  function owner(n) {
    if (game.taken.first.includes(n)) return "first";
    if (game.taken.second.includes(n)) return "second";
    return "";
  }

  async function draw() {
    if (!game) return;
    const line = new Set(game.result && game.result.line ? game.result.line : []);
    const personTurn = !game.result && !isBot(game.to_move);
    const values = new Map();
    if ($("fifteen-values").checked && !game.result) {
      try {
        const answer = await boardlab.api("GET", `${game.url}/values`);
        for (const v of answer.values) values.set(v.number, v.value);
      } catch (error) {
        $("fifteen-error").textContent = error.message;
      }
    }
    const buttons = [];
    for (let n = 1; n <= 9; n++) {
      const button = boardlab.element("button", owner(n), String(n));
      button.type = "button";
      button.dataset.number = n;
      if (line.has(n)) button.classList.add("line");
      button.disabled = !(personTurn && game.legal.includes(n));
      if (values.has(n)) {
        const value = values.get(n);
        const mark = boardlab.element("span", "value " + value, value);
        button.appendChild(mark);
        button.dataset.value = value;
      }
      button.addEventListener("click", () => move(n));
      buttons.push(button);
    }
    $("fifteen-numbers").replaceChildren(...buttons);
    $("fifteen-square").replaceChildren(...magic.map((n) => {
      const cell = boardlab.element("div", owner(n), String(n));
      cell.dataset.number = n;
      if (line.has(n)) cell.classList.add("line");
      return cell;
    }));
  }

  function show() {
    if (!game) return;
    $("fifteen-first").textContent = `${game.first}: ${game.taken.first.join(" ") || "—"}`;
    $("fifteen-second").textContent = `${game.second}: ${game.taken.second.join(" ") || "—"}`;
    $("fifteen-moves").textContent = game.moves.join(" ") || "—";
    $("fifteen-rules").textContent = RULES[game.variant] || "";
    $("fifteen-rules").dataset.variant = game.variant;
    const status = $("fifteen-status");
    if (game.result) {
      const r = game.result;
      status.textContent = r.winner
        ? `${r.score} — ${r.winner === "first" ? "First" : "Second"} (${game[r.winner]}) wins with ${r.line.join(" + ")} = 15.`
        : `${r.score} — a draw: the numbers ran out.`;
    } else {
      status.textContent = `${game.to_move === "first" ? "First" : "Second"} (${game[game.to_move]}) to take a number.`;
    }
    status.dataset.result = game.result ? game.result.score : "";
    status.dataset.plies = game.moves.length;
    status.dataset.game = game.id;
    status.dataset.url = game.url;
    draw();
    botTurn();
  }

  async function send(method, path, body) {
    try {
      $("fifteen-error").textContent = "";
      game = await boardlab.api(method, path, body);
    } catch (error) {
      $("fifteen-error").textContent = error.message;
    }
    show();
  }

  function move(n) {
    if (!game || thinking) return;
    send("POST", `${game.url}/move`, { number: n });
  }

  async function botTurn() {
    if (!game || game.result || !isBot(game.to_move) || thinking) return;
    thinking = true;
    const id = game.id;
    const url = game.url;
    const plies = game.moves.length;
    await boardlab.sleep(delay());
    const same = () => game && game.id === id && game.moves.length === plies;
    if (!same()) {
      thinking = false;
      botTurn();
      return;
    }
    let answer;
    try {
      answer = await boardlab.api("POST", `${url}/bot`);
    } catch (error) {
      $("fifteen-error").textContent = error.message;
      thinking = false;
      return;
    }
    thinking = false;
    if (!same()) {
      botTurn();
      return;
    }
    game = answer;
    show();
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    const form = $("fifteen-form");
    await send("POST", starts[form.variant.value], {
      first: form.first.value.trim(),
      second: form.second.value.trim(),
      seed: Number(form.seed.value || 1),
    });
  }

  boardlab.tabs.fifteen = {
    init(info) {
      magic = info.fifteen.magic_square;
      starts = info.fifteen.games;
      const form = $("fifteen-form");
      boardlab.fill(form.variant, info.fifteen.variants, "classic");
      const setBots = () => boardlab.datalist($("fifteen-bots"), ["person"].concat(info.fifteen.bots[form.variant.value]));
      setBots();
      form.variant.addEventListener("change", setBots);
      form.addEventListener("submit", newGame);
      delay = boardlab.botSpeed($("fifteen-speed"));
      $("fifteen-magic").addEventListener("change", (e) => $("fifteen-square").classList.toggle("hidden", !e.target.checked));
      $("fifteen-values").addEventListener("change", draw);
      $("fifteen-undo").addEventListener("click", () => game && send("POST", `${game.url}/undo`));
      newGame();
    },
  };
})();
