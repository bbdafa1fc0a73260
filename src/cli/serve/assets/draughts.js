// Draughts: a person against a bot, or two bots watched move by move.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let game = null;       // the server's state of the game shown
  let picked = [];       // the squares clicked so far of the person's move
  let paused = false;
  let thinking = false;

  function isBot(colour) { return game && game[colour] !== "person"; }

  function squareName(file, rank) { return "abcdefgh"[file] + (rank + 1); }

  function draw() {
    const board = $("draughts-board");
    const flip = game && game.white !== "person" && game.black === "person";
    const pieces = new Map((game ? game.pieces : []).map((p) => [p.square, p]));
    const last = new Set(game && game.last ? game.last.path : []);
    const candidates = personCandidates();
    const targets = new Set();
    const movable = new Set();
    for (const mv of candidates) {
      if (picked.length === 0) movable.add(mv.from);
      else if (mv.path.length > picked.length) targets.add(mv.path[picked.length]);
    }
    const cells = [];
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        const rank = flip ? row : 7 - row;
        const file = flip ? 7 - col : col;
        const name = squareName(file, rank);
        const dark = (rank + file) % 2 === 0;
        const cell = boardlab.element("div", "sq " + (dark ? "dark" : "light"));
        cell.dataset.square = name;
        if (dark) {
          if (last.has(name)) cell.classList.add("last");
          if (picked.includes(name)) cell.classList.add("picked");
          if (targets.has(name)) cell.classList.add("target");
          if (movable.has(name)) cell.classList.add("movable");
          cell.appendChild(boardlab.element("span", "label", name));
          const piece = pieces.get(name);
          if (piece) {
            const disc = boardlab.element("div", "piece " + piece.color, piece.king ? "♛" : "");
            disc.dataset.color = piece.color;
            disc.dataset.king = piece.king;
            cell.appendChild(disc);
          }
          cell.addEventListener("click", () => click(name));
        }
        cells.push(cell);
      }
    }
    board.replaceChildren(...cells);
    board.dataset.fen = game ? game.fen : "";
    board.dataset.over = game && game.result ? "yes" : "no";
  }

  // The legal moves the person may be making, given the squares clicked so far.
  function personCandidates() {
    if (!game || game.result || isBot(game.to_move)) return [];
    return game.legal.filter((mv) => picked.every((square, i) => mv.path[i] === square));
  }

  async function click(square) {
    if (!game || game.result || isBot(game.to_move) || thinking) return;
    const attempt = picked.concat([square]);
    const fits = game.legal.filter((mv) => attempt.every((s, i) => mv.path[i] === s));
    if (fits.length === 0) {
      // A click elsewhere starts again from that square if it is one of the person's pieces.
      picked = game.legal.some((mv) => mv.from === square) ? [square] : [];
    } else {
      picked = attempt;
      const complete = fits.filter((mv) => mv.path.length === attempt.length);
      if (complete.length === 1 && fits.length === 1) {
        picked = [];
        await send("POST", `/api/draughts/games/${game.id}/move`, { move: complete[0].move });
        return;
      }
    }
    draw();
  }

  async function send(method, path, body) {
    try {
      $("draughts-error").textContent = "";
      game = await boardlab.api(method, path, body);
    } catch (error) {
      $("draughts-error").textContent = error.message;
    }
    picked = [];
    show();
  }

  function show() {
    draw();
    if (!game) return;
    $("draughts-notation").value = game.notation;
    $("draughts-fen").value = game.fen;
    const status = $("draughts-status");
    if (game.result) {
      status.textContent = `${game.result.score} — ${game.result.text}.`;
    } else {
      const who = game[game.to_move];
      status.textContent = `${game.to_move === "white" ? "White" : "Black"} (${who}) to move.`;
    }
    status.dataset.result = game.result ? game.result.score : "";
    status.dataset.ending = game.result ? game.result.ending : "";
    status.dataset.plies = game.moves.length;
    status.dataset.game = game.id;
    botTurn();
  }

  // When a bot is to move, asks it after the speed control's pause. An answer for a game
  // that is no longer shown (a new game, an undo) is dropped.
  async function botTurn() {
    if (!game || game.result || !isBot(game.to_move) || paused || thinking) return;
    thinking = true;
    const id = game.id;
    const plies = game.moves.length;
    await boardlab.sleep(Number($("draughts-speed").value));
    const same = () => game && game.id === id && game.moves.length === plies;
    if (!same() || paused) {
      thinking = false;
      botTurn();
      return;
    }
    let answer;
    try {
      answer = await boardlab.api("POST", `/api/draughts/games/${id}/bot`);
      $("draughts-error").textContent = "";
    } catch (error) {
      if (same()) $("draughts-error").textContent = error.message;
      thinking = false;
      return;
    }
    thinking = false;
    if (!same()) {
      botTurn();
      return;
    }
    game = answer;
    picked = [];
    show();
  }

  async function newGame(event) {
    if (event) event.preventDefault();
    const form = $("draughts-form");
    const body = {
      rules: form.rules.value,
      white: form.white.value.trim(),
      black: form.black.value.trim(),
      seed: Number(form.seed.value || 1),
    };
    if (form.fen.value.trim()) body.fen = form.fen.value.trim();
    paused = false;
    $("draughts-pause").textContent = "Pause";
    try {
      $("draughts-error").textContent = "";
      game = await boardlab.api("POST", "/api/draughts/games", body);
    } catch (error) {
      $("draughts-error").textContent = error.message;
      return;
    }
    picked = [];
    show();
  }

  boardlab.tabs.draughts = {
    init(info) {
      boardlab.fill($("draughts-form").rules, info.draughts.rules, "czech");
      boardlab.datalist($("draughts-bots"), ["person"].concat(info.draughts.bots));
      $("draughts-form").addEventListener("submit", newGame);
      $("draughts-undo").addEventListener("click", () => game && send("POST", `/api/draughts/games/${game.id}/undo`));
      $("draughts-pause").addEventListener("click", () => {
        paused = !paused;
        $("draughts-pause").textContent = paused ? "Resume" : "Pause";
        botTurn();
      });
      $("draughts-copy").addEventListener("click", () => {
        const text = $("draughts-notation").value;
        if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
        $("draughts-notation").select();
      });
      newGame();
    },
  };
})();
