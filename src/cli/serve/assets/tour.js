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

  function ring(square, colour) {
    const g = $("tour-canvas").getContext("2d");
    const [x, y] = centre(square);
    g.strokeStyle = colour;
    g.lineWidth = Math.max(2, Math.min(4, cell / 14));
    g.beginPath();
    g.arc(x, y, Math.max(3, cell * 0.3), 0, 2 * Math.PI);
    g.stroke();
  }

  function finish() {
    clearInterval(timer);
    timer = null;
    if (tour.dead_end) ring(tour.dead_end, "#d00");
    describe(true);
  }

  function describe(done) {
    const words = { tour: "A tour", dead_end: "Dead end", not_closed: "Not closed" };
    const status = $("tour-status");
    const head = `${tour.size}, rule ${tour.rule}, start ${tour.start.join(",")}: `;
    status.textContent = done
      ? head + `${words[tour.outcome] || tour.outcome}: ${tour.squares_reached} of ${tour.squares} squares, ${tour.tie_breaks} tie-breaks.`
      : head + `walking… ${shown} of ${tour.path.length} steps.`;
    status.dataset.outcome = done ? tour.outcome : "";
  }

  function tick() {
    const speed = Number($("tour-speed").value);
    const step = Math.max(1, Math.round((tour.path.length * speed * speed) / 400000));
    drawSteps(Math.min(tour.path.length, shown + step));
    if (timer) describe(false);
  }

  async function run(event) {
    if (event) event.preventDefault();
    clearInterval(timer);
    timer = null;
    const form = $("tour-form");
    const query = new URLSearchParams({
      size: form.size.value.trim(), start: form.start.value.trim(), rule: form.rule.value.trim(),
      closed: form.closed.checked, seed: form.seed.value || "1",
    });
    $("tour-error").textContent = "";
    try {
      tour = await boardlab.api("GET", `/api/knights-tour/tour?${query}`);
    } catch (error) {
      $("tour-error").textContent = error.message;
      return;
    }
    $("tour-command").textContent = tour.command;
    shown = 0;
    if (!tour.drawn) {
      const canvas = $("tour-canvas");
      canvas.getContext("2d").clearRect(0, 0, canvas.width, canvas.height);
      $("tour-status").dataset.steps = 0;
      describe(true);
      $("tour-status").textContent += ` (${tour.size} is too large to draw; the end is at ${tour.end.join(",")}.)`;
      return;
    }
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
