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

// A "Bot speed" slider, faster to the right: the pause before a bot's move is the distance
// from the slider's right end, in milliseconds, and is written beside it.
boardlab.botSpeed = function (slider) {
  const delay = () => Number(slider.max) - Number(slider.value);
  const shown = slider.parentElement.querySelector("output");
  const say = () => {
    slider.dataset.delay = delay();
    if (shown) shown.textContent = delay() === 0 ? "no pause" : `${(delay() / 1000).toFixed(1)} s a move`;
  };
  slider.addEventListener("input", say);
  slider.addEventListener("change", say);
  say();
  return delay;
};

// Shows the tab named in the address (#draughts by default) and tells it it is shown, with
// the rest of the address after a slash (`#results/0/fifteen` gives the Results tab `0/fifteen`).
boardlab.show = function () {
  const hash = (location.hash || "#draughts").slice(1);
  const slash = hash.indexOf("/");
  const name = slash < 0 ? hash : hash.slice(0, slash);
  const rest = slash < 0 ? "" : hash.slice(slash + 1);
  document.querySelectorAll(".tab").forEach((tab) => tab.classList.toggle("active", tab.id === name));
  document.querySelectorAll("header nav a").forEach((a) => a.classList.toggle("active", a.dataset.tab === name));
  const tab = boardlab.tabs[name];
  if (tab && tab.shown) tab.shown(rest);
};

window.addEventListener("hashchange", boardlab.show);
window.addEventListener("DOMContentLoaded", async () => {
  const info = await boardlab.api("GET", "/api/info");
  for (const tab of Object.values(boardlab.tabs)) tab.init(info);
  boardlab.show();
});
