// ChessMemory: the memory game on a generated board. Uncover two squares; they stay open when
// they hold the same piece and attack each other (each piece attacks exactly its partner).
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  const glyphs = { Q: "♕", N: "♘", B: "♗", R: "♖", q: "♛", n: "♞", b: "♝", r: "♜" };
  const cellSize = 62;
  let board = null;
  let open = [];          // the one or two squares uncovered this turn
  let matched = new Set();
  let tries = 0;
  let revealed = false;

  function cellOf(name) { return board.squares.find((c) => c.square === name); }

  function draw() {
    const grid = $("memory-board");
    grid.style.gridTemplateColumns = `repeat(${board.size}, ${cellSize}px)`;
    grid.replaceChildren(...board.squares.map((cell) => {
      const dark = (cell.file + cell.rank) % 2 === 0;
      const node = boardlab.element("div", "cell " + (dark ? "dark" : "light"));
      node.dataset.square = cell.square;
      if (!cell.symbol) {
        node.classList.add("empty");
      } else {
        const visible = revealed || matched.has(cell.square) || open.includes(cell.square);
        if (visible) node.textContent = glyphs[cell.symbol];
        else node.classList.add("hidden-piece");
        if (matched.has(cell.square)) node.classList.add("matched");
        else if (open.includes(cell.square)) node.classList.add("open");
        node.addEventListener("click", () => uncover(cell.square));
      }
      return node;
    }));
    const pieces = board.squares.filter((c) => c.symbol).length;
    const status = $("memory-status");
    status.textContent = matched.size === pieces
      ? `All ${pieces / 2} pairs found in ${tries} tries.`
      : `${matched.size / 2} of ${pieces / 2} pairs found, ${tries} tries.`;
    status.dataset.pairs = matched.size / 2;
    lines();
  }

  // The attack line between each piece and its partner, on request.
  function lines() {
    const svg = $("memory-lines");
    const side = board.size * cellSize;
    svg.setAttribute("width", side);
    svg.setAttribute("height", side);
    const show = $("memory-attacks").checked;
    const items = [];
    if (show) {
      for (const cell of board.squares) {
        for (const other of cell.attacks || []) {
          if (other < cell.square) continue;
          const b = cellOf(other);
          const centre = (c) => [c.file * cellSize + cellSize / 2, (board.size - 1 - c.rank) * cellSize + cellSize / 2];
          const [x1, y1] = centre(cell);
          const [x2, y2] = centre(b);
          const line = document.createElementNS("http://www.w3.org/2000/svg", "line");
          line.setAttribute("x1", x1); line.setAttribute("y1", y1);
          line.setAttribute("x2", x2); line.setAttribute("y2", y2);
          line.setAttribute("stroke", cell.color === "white" ? "#d33" : "#33d");
          line.setAttribute("stroke-width", 3);
          line.setAttribute("opacity", 0.75);
          items.push(line);
        }
      }
    }
    svg.replaceChildren(...items);
  }

  function uncover(square) {
    if (matched.has(square) || open.includes(square) || open.length === 2) return;
    open.push(square);
    if (open.length === 2) {
      tries += 1;
      const [a, b] = open.map(cellOf);
      if (a.symbol === b.symbol && a.attacks.includes(b.square)) {
        matched.add(a.square);
        matched.add(b.square);
        open = [];
      } else {
        setTimeout(() => { open = []; draw(); }, 900);
      }
    }
    draw();
  }

  async function newBoard(event) {
    if (event) event.preventDefault();
    const form = $("memory-form");
    const query = new URLSearchParams({
      order: form.order.value.trim(), size: form.size.value, algorithm: form.algorithm.value,
      rng: form.rng.value, seed: form.seed.value || "1", index: form.index.value || "0",
    });
    const status = $("memory-status");
    const before = status.textContent;
    $("memory-error").textContent = "";
    status.textContent = "Drawing a board…";
    try {
      board = await boardlab.api("GET", `/api/chess-memory/board?${query}`);
    } catch (error) {
      // A refused board changes nothing: the board shown stays, with its count of pairs.
      $("memory-error").textContent = error.message;
      status.textContent = before;
      return;
    }
    open = [];
    matched = new Set();
    tries = 0;
    revealed = false;
    $("memory-fen").value = board.fen;
    $("memory-command").textContent = board.command;
    draw();
  }

  boardlab.tabs.memory = {
    init(info) {
      const form = $("memory-form");
      boardlab.fill(form.size, info.chess_memory.sizes, 8);
      boardlab.fill(form.algorithm, info.chess_memory.algorithms, "seed");
      boardlab.fill(form.rng, info.chess_memory.generators, "default");
      boardlab.datalist($("memory-orders"), info.chess_memory.orders);
      form.addEventListener("submit", newBoard);
      $("memory-attacks").addEventListener("change", () => board && lines());
      $("memory-reveal").addEventListener("click", () => { revealed = !revealed; if (board) draw(); });
    },
    shown() { if (!board) newBoard(); },
  };
})();
