// Shared by the page's tabs: the API call, the tabs, the menus filled from /api/info.
"use strict";

const boardlab = { tabs: {} };

// Calls the API; resolves to the JSON answer, or rejects with the server's one-line error.
boardlab.api = async function (method, path, body) {
  const options = { method, headers: {} };
  if (body !== undefined) {
    options.headers["Content-Type"] = "application/json";
    options.body = JSON.stringify(body);
  }
  const response = await fetch(path, options);
  const answer = await response.json().catch(() => ({ error: response.statusText }));
  if (!response.ok) throw new Error(answer.error || response.statusText);
  return answer;
};

boardlab.element = function (tag, className, text) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
};

boardlab.fill = function (select, values, chosen) {
  select.replaceChildren(...values.map((value) => {
    const option = boardlab.element("option", "", String(value));
    option.value = value;
    if (String(value) === String(chosen)) option.selected = true;
    return option;
  }));
};

boardlab.datalist = function (list, values) {
  list.replaceChildren(...values.map((value) => {
    const option = document.createElement("option");
    option.value = value;
    return option;
  }));
};

boardlab.sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// Shows the tab named in the address (#draughts by default) and tells it it is shown.
boardlab.show = function () {
  const name = (location.hash || "#draughts").slice(1);
  document.querySelectorAll(".tab").forEach((tab) => tab.classList.toggle("active", tab.id === name));
  document.querySelectorAll("nav a").forEach((a) => a.classList.toggle("active", a.dataset.tab === name));
  const tab = boardlab.tabs[name];
  if (tab && tab.shown) tab.shown();
};

window.addEventListener("hashchange", boardlab.show);
window.addEventListener("DOMContentLoaded", async () => {
  const info = await boardlab.api("GET", "/api/info");
  for (const tab of Object.values(boardlab.tabs)) tab.init(info);
  boardlab.show();
});
