// Results: the reports of the folders named by --results, rendered by the server.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let listed = false;

  async function list() {
    const answer = await boardlab.api("GET", "/api/results");
    const items = [];
    for (const root of answer.roots) {
      items.push(boardlab.element("h4", "", root.name));
      for (const folder of root.reports) {
        const link = boardlab.element("a", "", folder || "(the folder itself)");
        link.dataset.root = root.root;
        link.dataset.folder = folder;
        link.addEventListener("click", () => open(root.root, folder));
        items.push(link);
      }
    }
    if (items.length === 0) items.push(boardlab.element("p", "hint", "No results folder: start the server with --results DIR."));
    $("results-list").replaceChildren(...items);
    listed = true;
  }

  async function open(root, folder) {
    const article = $("results-report");
    try {
      const report = await boardlab.api("GET", `/api/results/report?${new URLSearchParams({ root, folder })}`);
      // The server renders REPORT.md and shows any raw HTML in it as text.
      article.innerHTML = report.html;
      article.dataset.folder = report.folder;
      const inline = new Set([...article.querySelectorAll("img")].map((img) => img.getAttribute("src")));
      const more = report.charts.filter((src) => !inline.has(src));
      if (more.length) {
        article.appendChild(boardlab.element("h2", "", "Charts"));
        for (const src of more) {
          const img = document.createElement("img");
          img.src = src;
          img.alt = src.split("/").pop();
          article.appendChild(img);
        }
      }
    } catch (error) {
      article.replaceChildren(boardlab.element("p", "error", error.message));
    }
  }

  boardlab.tabs.results = {
    init() {},
    shown() { if (!listed) list(); },
  };
})();
