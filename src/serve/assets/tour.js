// The knight's tour: the rule's walk drawn step by step, a dead end ringed in red.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let tour = null;
  let shown = 0;       // steps drawn so far
  let timer = null;
  let cell = 10;

  function centre([x, y]) { return [(x - 0.5) * cell, (y - 0.5) * cell]; }

  function setup() {
    const canvas = $("tour-canvas");
    cell = Math.max(1, Math.floor(640 / Math.max(tour.width, tour.height)));
    canvas.width = tour.width * cell;
    canvas.height = tour.height * cell;
    const g = canvas.getContext("2d");
    for (let y = 0; y < tour.height; y++) {
      for (let x = 0; x < tour.width; x++) {
        g.fillStyle = (x + y) % 2 === 0 ? "#f3ead8" : "#cbb89a";
        g.fillRect(x * cell, y * cell, cell, cell);
      }
    }
  }

  // Draws steps shown..upto of the path.
  function drawSteps(upto) {
    const g = $("tour-canvas").getContext("2d");
    const path = tour.path;
    g.strokeStyle = "rgba(35, 100, 170, 0.8)";
    g.lineWidth = Math.min(3, Math.max(1, cell / 20));
    g.beginPath();
    for (let i = Math.max(1, shown); i < upto; i++) {
      const [x1, y1] = centre(path[i - 1]);
      const [x2, y2] = centre(path[i]);
      g.moveTo(x1, y1);
      g.lineTo(x2, y2);
    }
    g.stroke();
    if (cell >= 24) {
      // The step number in the square's top left corner, clear of the lines through its centre.
      g.fillStyle = "#222";
      g.font = `${Math.floor(cell / 4)}px sans-serif`;
      g.textAlign = "left";
      g.textBaseline = "top";
      for (let i = shown; i < upto; i++) {
        const [x, y] = path[i];
        g.fillText(String(i + 1), (x - 1) * cell + 3, (y - 1) * cell + 2);
      }
    }
    if (cell >= 6) {
      g.fillStyle = "#2364aa";
      for (let i = shown; i < upto; i++) {
        const [x, y] = centre(path[i]);
        g.beginPath();
        g.arc(x, y, Math.max(1.5, cell / 14), 0, 2 * Math.PI);
        g.fill();
      }
    }
    if (shown === 0 && upto > 0) ring(path[0], "#2a2");
    shown = upto;
    $("tour-status").dataset.steps = shown;
    if (shown === path.length) finish();
  }

  // A ring round `square`, of `radius` pixels (by default a third of a square).
  function ring(square, colour, radius = Math.max(3, cell * 0.3)) {
    const g = $("tour-canvas").getContext("2d");
    const [x, y] = centre(square);
    g.strokeStyle = colour;
    g.lineWidth = Math.max(2, Math.min(4, cell / 14, radius / 3));
    g.beginPath();
    g.arc(x, y, radius, 0, 2 * Math.PI);
    g.stroke();
  }

  function finish() {
    clearInterval(timer);
    timer = null;
    if (tour.dead_end) ring(tour.dead_end, "#d00");
    describe(true);
  }

  // A square as the page writes it: (column, row), counted from 1 at the top left.
  const square = ([x, y]) => `(${x}, ${y})`;

  function describe(done) {
    const words = { tour: "A tour", dead_end: "Dead end", not_closed: "Not closed" };
    const status = $("tour-status");
    const head = `${tour.size}, rule ${tour.rule}, start ${square(tour.start)}: `;
    let text = done
      ? head + `${words[tour.outcome] || tour.outcome}: ${tour.squares_reached} of ${tour.squares} squares, ${tour.tie_breaks} tie-breaks`
      : head + `walking… ${shown} of ${tour.path.length} steps.`;
    if (done) text += tour.end ? `; the walk ends at ${square(tour.end)}.` : ".";
    status.textContent = text;
    status.dataset.outcome = done ? tour.outcome : "";
  }

  // Visit order as colour, from dark blue (the first step) through green to yellow (the last
  // square of the board); an approximation of the viridis colour map.
  const RAMP = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  function colour(value) {
    const t = (value / 255) * (RAMP.length - 1);
    const i = Math.min(RAMP.length - 2, Math.floor(t));
    const f = t - i;
    const [r, g, b] = RAMP[i].map((c, k) => Math.round(c + f * (RAMP[i + 1][k] - c)));
    return `rgb(${r}, ${g}, ${b})`;
  }

  // A tour too large to draw step by step: the server's image of it, each cell the mean
  // visit order of a block of squares, grey where the walk never came; start and end ringed.
  function drawDensity() {
    const image = tour.density;
    const canvas = $("tour-canvas");
    cell = Math.max(1, Math.floor(640 / Math.max(image.width, image.height)));
    canvas.width = image.width * cell;
    canvas.height = image.height * cell;
    const g = canvas.getContext("2d");
    image.cells.forEach((value, i) => {
      g.fillStyle = value === null ? "#ddd" : colour(value);
      g.fillRect((i % image.width) * cell, Math.floor(i / image.width) * cell, cell, cell);
    });
    const inBlocks = ([x, y]) => [Math.floor((x - 1) / image.block) + 1, Math.floor((y - 1) / image.block) + 1];
    ring(inBlocks(tour.start), "#fff", 9);
    if (tour.end) ring(inBlocks(tour.end), tour.dead_end ? "#d00" : "#000", 9);
    shown = 0;
    const status = $("tour-status");
    status.dataset.steps = 0;
    status.dataset.drawing = "density";
    describe(true);
    const legend = $("tour-legend");
    legend.textContent = `Too large to draw step by step: each pixel is a block of ${image.block}×${image.block} `
      + "squares, coloured by when the walk came, from dark purple (first) through green to yellow "
      + `(the board's last square); grey: never reached. White ring: the start; ${tour.dead_end ? "red" : "black"} `
      + "ring: the end.";
    legend.classList.remove("hidden");
  }

  function tick() {
    const speed = Number($("tour-speed").value);
    const step = Math.max(1, Math.round((tour.path.length * speed * speed) / 400000));
    drawSteps(Math.min(tour.path.length, shown + step));
    if (timer) describe(false);
  }

  async function run(event) {
    if (event) event.preventDefault();
    const form = $("tour-form");
    const query = new URLSearchParams({
      size: form.size.value.trim(), start: form.start.value.trim(), rule: form.rule.value.trim(),
      closed: form.closed.checked, seed: form.seed.value || "1",
    });
    $("tour-error").textContent = "";
    let answer;
    try {
      answer = await boardlab.api("GET", `/api/knights-tour/tour?${query}`);
    } catch (error) {
      // A refused tour changes nothing: the tour shown goes on being drawn.
      $("tour-error").textContent = error.message;
      return;
    }
    clearInterval(timer);
    timer = null;
    tour = answer;
    $("tour-command").textContent = tour.command;
    shown = 0;
    if (!tour.drawn) {
      drawDensity();
      return;
    }
    $("tour-status").dataset.drawing = "path";
    $("tour-legend").classList.add("hidden");
    setup();
    const delay = () => 20 + (100 - Number($("tour-speed").value)) * 4;
    timer = setInterval(tick, delay());
    tick();
  }

  boardlab.tabs.tour = {
    init(info) {
      boardlab.datalist($("tour-rules"), info.knights_tour.rules);
      $("tour-form").addEventListener("submit", run);
      $("tour-finish").addEventListener("click", () => tour && tour.drawn && drawSteps(tour.path.length));
    },
    shown() { if (!tour) run(); },
  };
})();
