// Draughts: a person against a bot, or two bots watched move by move.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let game = null;       // the server's state of the game shown
  let picked = [];       // the squares clicked so far of the person's move
  let paused = false;
  let thinking = false;
  let delay = () => 0;   // the pause before a bot's move, from the speed control
  let drawn = { id: null, plies: 0, pieces: new Map() };   // the position drawn last
  const SLIDE_MS = 180;  // the time a piece takes to slide one step of its move
  let slideEnds = 0;     // when the slide shown ends (performance.now() time)
  const THEMES = ["wood", "green", "slate"];
  const SQUARE_PX = { 8: 60, 10: 52, 12: 46 };   // a square's side by the board's
  let rulesAt = new Map();   // each rule set's games address, from /api/info
  let endgameRules = [];     // the rule sets with an endgame database, from /api/info
  let botsFor = new Map();   // the bots offered for each rule set
  let engines = [];          // the Hub engines of `serve --engine`, by name

  function isBot(colour) { return game && game[colour] !== "person"; }

  // The board's side and dark squares: the game's own, or an empty 8×8 board before one.
  function geometry() {
    if (game) return { size: game.size, numbered: game.square_names === "numbers", squares: game.squares };
    const squares = [];
    for (let row = 0; row < 8; row++) {
      for (let col = (row + 1) % 2; col < 8; col += 2) squares.push({ name: "abcdefgh"[col] + (8 - row), row, col });
    }
    return { size: 8, numbered: false, squares };
  }

  function draw() {
    const board = $("draughts-board");
    const flip = game && game.white !== "person" && game.black === "person";
    const { size, numbered, squares } = geometry();
    const pieces = new Map((game ? game.pieces : []).map((p) => [p.square, p]));
    const last = new Set(game && game.last ? game.last.path : []);
    const candidates = personCandidates();
    const targets = new Set();
    const movable = new Set();
    for (const mv of candidates) {
      if (picked.length === 0) movable.add(mv.from);
      else if (mv.path.length > picked.length) targets.add(mv.path[picked.length]);
    }
    const at = new Map(squares.map((s) => [s.row * size + s.col, s.name]));
    const cells = [];
    for (let row = 0; row < size; row++) {
      for (let col = 0; col < size; col++) {
        const name = flip ? at.get((size - 1 - row) * size + size - 1 - col) : at.get(row * size + col);
        const cell = boardlab.element("div", "sq " + (name ? "dark" : "light"));
        if (name) {
          cell.dataset.square = name;
          cell.title = name;
          if (numbered) cell.appendChild(boardlab.element("span", "number", name));
          if (last.has(name)) cell.classList.add("last");
          if (picked.includes(name)) cell.classList.add("picked");
          if (targets.has(name)) cell.classList.add("target");
          if (movable.has(name)) cell.classList.add("movable");
          const piece = pieces.get(name);
          if (piece) cell.appendChild(disc(piece));
          cell.addEventListener("click", () => click(name));
        }
        cells.push(cell);
      }
    }
    const frame = $("draughts-frame");
    frame.style.setProperty("--n", size);
    frame.style.setProperty("--sq", SQUARE_PX[size] + "px");
    board.replaceChildren(...cells);
    edges(flip, size);
    board.dataset.size = size;
    board.dataset.fen = game ? game.fen : "";
    board.dataset.over = game && game.result ? "yes" : "no";
    slide(pieces);
  }

  function disc(piece) {
    // A king is drawn as draughts players stack one: a second man on the first.
    const node = boardlab.element("div", "piece " + piece.color + (piece.king ? " king" : ""), "");
    node.dataset.color = piece.color;
    node.dataset.king = piece.king;
    return node;
  }

  // The files (a–h on 8×8, a–l on 12×12) under the board and the ranks beside it, in the
  // board's orientation.
  function edges(flip, size) {
    const order = (labels) => (flip ? [...labels].reverse() : labels);
    const files = [..."abcdefghijkl"].slice(0, size);
    const ranks = Array.from({ length: size }, (_, i) => String(size - i));
    $("draughts-files").replaceChildren(...order(files).map((f) => boardlab.element("span", "", f)));
    $("draughts-ranks").replaceChildren(...order(ranks).map((r) => boardlab.element("span", "", r)));
  }

  // A move just made slides its piece from square to square along its path, and the pieces it
  // captured fade out; a redraw of the same position (a click, a refused move) moves nothing.
  function slide(pieces) {
    const before = drawn;
    drawn = { id: game && game.id, plies: game ? game.moves.length : 0, pieces };
    if (!game || !game.last || before.id !== game.id || before.plies !== game.moves.length - 1) return;
    if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    const at = (square) => document.querySelector(`#draughts-board [data-square="${square}"]`);
    const path = game.last.path;
    const mover = at(path[path.length - 1]).querySelector(".piece");
    if (!mover) return;
    const end = at(path[path.length - 1]).getBoundingClientRect();
    const frames = path.map((square) => {
      const box = at(square).getBoundingClientRect();
      return { transform: `translate(${Math.round(box.left - end.left)}px, ${Math.round(box.top - end.top)}px)` };
    });
    const duration = SLIDE_MS * (path.length - 1);
    // Above every square while it slides, so that no square it passes is drawn over it.
    mover.classList.add("sliding");
    mover.animate(frames, { duration, easing: "ease-in-out" })
      .finished.then(() => mover.classList.remove("sliding"), () => {});
    slideEnds = performance.now() + duration;
    for (const square of game.last.captured) {
      const taken = before.pieces.get(square);
      if (!taken) continue;
      const ghost = disc(taken);
      ghost.classList.add("captured");
      at(square).appendChild(ghost);
      ghost.animate([{ opacity: 1 }, { opacity: 1, offset: 0.6 }, { opacity: 0 }], { duration, fill: "forwards" })
        .finished.then(() => ghost.remove(), () => {});
    }
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
        await send("POST", `${game.url}/move`, { move: complete[0].move });
        return;
      }
    }
    draw();
  }

  // The game as PDN, written by the server (GET .../pdn, the writer of `draughts play
  // --pdn`): copied, and shown selected in the moves box until the next move, so that it can
  // be copied by hand where the browser refuses the clipboard.
  async function copyPdn() {
    if (!game) return;
    try {
      $("draughts-error").textContent = "";
      const response = await fetch(`${game.url}/pdn`);
      const text = await response.text();
      if (!response.ok) {
        let message = response.statusText;
        try { message = JSON.parse(text).error || message; } catch (_) { /* not JSON */ }
        throw new Error(message);
      }
      if (navigator.clipboard) navigator.clipboard.writeText(text).catch(() => {});
      $("draughts-notation").value = text;
      $("draughts-notation").select();
    } catch (error) {
      $("draughts-error").textContent = error.message;
    }
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
    showValues();
    botTurn();
  }

  // The endgame database's value of the position and of each legal move (GET .../values),
  // when the box is ticked: Czech and English games only; under the other rules the box says
  // so. The server names what is missing (no database built, too many pieces) in its answer
  // or its error.
  async function showValues() {
    const list = $("draughts-value-list");
    if (!game || !$("draughts-values").checked || game.result) {
      list.replaceChildren();
      return;
    }
    if (!endgameRules.includes(game.rules)) {
      const names = endgameRules.join(" and ");
      list.replaceChildren(boardlab.element("li", "none",
        `No endgame database under ${game.rules} rules: the databases are solved for ${names} only.`));
      return;
    }
    const id = game.id;
    const plies = game.moves.length;
    let answer;
    try {
      answer = await boardlab.api("GET", `${game.url}/values`);
    } catch (error) {
      list.replaceChildren(boardlab.element("li", "error", error.message));
      return;
    }
    if (!game || game.id !== id || game.moves.length !== plies) return;
    const items = [boardlab.element("li", "position", `Side to move: ${answer.value.text}`)];
    for (const v of answer.values) {
      const item = boardlab.element("li", "value " + v.value, `${v.move}: ${v.text}`);
      item.dataset.move = v.move;
      item.dataset.value = v.value;
      items.push(item);
    }
    list.replaceChildren(...items);
  }

  // When a bot is to move, asks it after the speed control's pause. An answer for a game
  // that is no longer shown (a new game, an undo) is dropped.
  async function botTurn() {
    if (!game || game.result || !isBot(game.to_move) || paused || thinking) return;
    thinking = true;
    const id = game.id;
    const url = game.url;
    const plies = game.moves.length;
    // A bot answers no sooner than the speed control says, nor before the last move has slid.
    await boardlab.sleep(Math.max(delay(), slideEnds - performance.now()));
    const same = () => game && game.id === id && game.moves.length === plies;
    if (!same() || paused) {
      thinking = false;
      botTurn();
      return;
    }
    let answer;
    try {
      answer = await boardlab.api("POST", `${url}/bot`);
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
    let answer;
    try {
      answer = await boardlab.api("POST", rulesAt.get(body.rules), body);
    } catch (error) {
      // A refused game changes nothing: the game shown goes on as it was, paused or not.
      $("draughts-error").textContent = error.message;
      return;
    }
    $("draughts-error").textContent = "";
    game = answer;
    paused = false;
    $("draughts-pause").textContent = "Pause";
    picked = [];
    show();
  }

  // A rule set's bots in the seats' menus; a seat holding a bot that does not play these
  // rules (Damebot outside its own, an engine under Czech, English or Damebot's rules) gets
  // the rule set's middle bot instead.
  function rulesChosen() {
    const form = $("draughts-form");
    const bots = botsFor.get(form.rules.value) || [];
    boardlab.datalist($("draughts-bots"), ["person"].concat(bots));
    for (const seat of [form.white, form.black]) {
      const name = seat.value.trim();
      if (name.startsWith("damebot") && !bots.some((b) => b.startsWith("damebot"))) seat.value = "alphabeta:4";
      if (engines.includes(name) && !bots.includes(name)) seat.value = "alphabeta:4";
    }
  }

  // The board's colours, one of THEMES, remembered by the browser for the next visit.
  function theme(name) {
    const chosen = THEMES.includes(name) ? name : THEMES[0];
    $("draughts-frame").dataset.theme = chosen;
    $("draughts-theme").value = chosen;
    try { localStorage.setItem("boardlab.draughts.theme", chosen); } catch (_) { /* private mode */ }
  }

  boardlab.tabs.draughts = {
    init(info) {
      // Czech, English and Damebot's rules are played with the 8×8 engine and its bots
      // (Damebot among them); the other national games at their own address.
      endgameRules = info.draughts.endgame_rules;
      for (const rules of info.draughts.rules) {
        rulesAt.set(rules, info.draughts.games);
        botsFor.set(rules, info.draughts.bots);
      }
      engines = info.draughts_variants.engines;
      for (const rules of info.draughts_variants.rules) {
        if (rulesAt.has(rules)) continue;
        rulesAt.set(rules, info.draughts_variants.games);
        botsFor.set(rules, info.draughts_variants.bots);
      }
      const form = $("draughts-form");
      boardlab.fill(form.rules, [...rulesAt.keys()], "czech");
      form.rules.addEventListener("change", rulesChosen);
      rulesChosen();
      form.addEventListener("submit", newGame);
      delay = boardlab.botSpeed($("draughts-speed"));
      let saved = null;
      try { saved = localStorage.getItem("boardlab.draughts.theme"); } catch (_) { /* private mode */ }
      theme(saved);
      $("draughts-theme").addEventListener("change", (e) => theme(e.target.value));
      $("draughts-undo").addEventListener("click", () => game && send("POST", `${game.url}/undo`));
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
      $("draughts-copy-pdn").addEventListener("click", copyPdn);
      $("draughts-values").addEventListener("change", showValues);
      newGame();
    },
  };
})();
