// Results: the reports of the folders named by --results, rendered by the server.
//
// The report shown is part of the address, `#results/ROOT/FOLDER`, so a reload, a bookmark
// or the browser's back button shows the same report.
"use strict";

(function () {
  const $ = (id) => document.getElementById(id);
  let listed = false;
  let current = null;   // the address part of the report shown, "ROOT/FOLDER"

  function address(root, folder) {
    return `${root}/${folder.split("/").map(encodeURIComponent).join("/")}`;
  }

  async function list() {
    const answer = await boardlab.api("GET", "/api/results");
    const items = [];
    for (const root of answer.roots) {
      items.push(boardlab.element("h4", "", root.name));
      for (const folder of root.reports) {
        const link = boardlab.element("a", "", folder || "(the folder itself)");
        link.href = `#results/${address(root.root, folder)}`;
        link.dataset.root = root.root;
        link.dataset.folder = folder;
        items.push(link);
      }
    }
    if (items.length === 0) items.push(boardlab.element("p", "hint", "No results folder: start the server with --results DIR."));
    $("results-list").replaceChildren(...items);
    listed = true;
  }

  // A chart's name without its extension: `charts/matrix.svg` and `charts/matrix.png` are
  // one chart drawn twice, the SVG for the page and the PNG for documents that take no SVG.
  const stem = (src) => src.replace(/\.(svg|png)$/, "");

  // The charts of the folder that the report does not show itself, each once (SVG first).
  function moreCharts(article, charts) {
    const seen = new Set([...article.querySelectorAll("img")].map((img) => stem(img.getAttribute("src"))));
    const more = [];
    const svgFirst = [...charts].sort((a, b) => Number(b.endsWith(".svg")) - Number(a.endsWith(".svg")));
    for (const src of svgFirst) {
      if (seen.has(stem(src))) continue;
      seen.add(stem(src));
      more.push(src);
    }
    return more.sort();
  }

  async function open(root, folder) {
    const article = $("results-report");
    document.querySelectorAll("#results-list a").forEach((a) =>
      a.classList.toggle("active", a.dataset.root === String(root) && a.dataset.folder === folder));
    try {
      const report = await boardlab.api("GET", `/api/results/report?${new URLSearchParams({ root, folder })}`);
      // The server renders the folder's REPORT.md (or README.md) and shows any raw HTML in it as text.
      article.innerHTML = report.html;
      const more = moreCharts(article, report.charts);
      if (more.length) {
        article.appendChild(boardlab.element("h2", "", "Charts"));
        for (const src of more) {
          const img = document.createElement("img");
          img.src = src;
          img.alt = src.split("/").pop();
          article.appendChild(img);
        }
      }
      article.dataset.root = report.root;
      article.dataset.folder = report.folder;
      // A report opens at its title, wherever the page or the last report was scrolled to.
      article.scrollTop = 0;
      article.scrollIntoView({ block: "start" });
    } catch (error) {
      article.replaceChildren(boardlab.element("p", "error", error.message));
      article.dataset.folder = "";
    }
  }

  boardlab.tabs.results = {
    init() {},
    // `rest` is the address after `#results/`: ROOT/FOLDER, or nothing for the list alone.
    async shown(rest) {
      if (!listed) await list();
      if (!rest) {
        // The tab's own link (`#results`) keeps the report shown, and says so in the address.
        if (current) history.replaceState(null, "", `#results/${current}`);
        return;
      }
      if (rest === current) return;
      current = rest;
      const slash = rest.indexOf("/");
      const root = slash < 0 ? rest : rest.slice(0, slash);
      const folder = slash < 0 ? "" : rest.slice(slash + 1).split("/").map(decodeURIComponent).join("/");
      await open(Number(root), folder);
    },
  };
})();
