#!/usr/bin/env python3
"""Browser tests of `boardlab serve`: headless Chromium driven over WebDriver (chromedriver),
clicking through the page as a person would.

The WebDriver protocol is JSON over HTTP, so a few lines of the standard library speak it
(webdriver_client.py); no client library is installed. This file plays each tab through;
page_checks.py pins the page's details (charts once, the speed control, coordinates, themes,
sliding moves, the favicon, refused forms). Each test prints `ok NAME` or fails with a message; the last line
is `N passed, 0 failed`. With --screenshots DIR a PNG of each page is written there.

Usage: browser_check.py --binary target/release/boardlab [--results results] [--screenshots DIR]
"""

import argparse
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time

import page_checks
from webdriver_client import Browser, Failure, dataset, free_port, http


def draughts_full_game_against_damebot(browser, base, shots):
    """A person (White) plays Damebot by clicks to the end: pick a piece, click its landing
    squares in turn; the undo button takes a move back once."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq.movable")
    browser.set_value("#draughts-speed", "2000")
    chooser = random.Random(7)
    undone = False
    for _ in range(400):
        if dataset(browser, "#draughts-status", "result"):
            break
        plies = int(dataset(browser, "#draughts-status", "plies") or 0)
        movable = browser.find_all("#draughts-board .sq.movable")
        if not movable or not browser.try_click(chooser.choice(movable)):
            time.sleep(0.05)
            continue
        while True:
            targets = browser.find_all("#draughts-board .sq.target")
            if not targets:
                break
            browser.try_click(chooser.choice(targets))
        browser.wait(
            "const s = document.getElementById('draughts-status');"
            "return s.dataset.result || Number(s.dataset.plies) > arguments[0];",
            30, "the person's move", plies)
        if not undone and plies >= 6:
            browser.wait("return document.querySelector('#draughts-board .sq.movable')", 30, "the bot's reply")
            before = int(dataset(browser, "#draughts-status", "plies"))
            browser.click(browser.find("#draughts-undo"))
            browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) < arguments[0]",
                         10, "the undo", before)
            undone = True
        if plies == 20 and shots:
            browser.wait("return document.querySelector('#draughts-board .sq.movable')", 30, "the bot's reply")
            browser.screenshot(os.path.join(shots, "draughts.png"))
    result = browser.wait("return document.getElementById('draughts-status').dataset.result", 60, "the game's end")
    status = browser.text(browser.find("#draughts-status"))
    ending = dataset(browser, "#draughts-status", "ending")
    if result not in ("1-0", "0-1", "1/2") or not ending:
        raise Failure(f"unexpected end: {status!r}")
    notation = browser.script("return document.getElementById('draughts-notation').value")
    if not notation.startswith("1. "):
        raise Failure(f"no moves shown: {notation!r}")
    print(f"   draughts: {status} ({len(notation.split())} words of notation)")


def fifteen_each_seat_mode(browser, base, shots):
    """A "15" game with each seat a person or a bot: person against person, person against a
    bot, a bot against a person, and two bots; numbers picked by clicks."""
    browser.go(base + "/#fifteen")
    browser.find("#fifteen-numbers button")
    browser.set_value("#fifteen-speed", "2000")
    chooser = random.Random(3)
    modes = [("person", "person"), ("person", "perfect"), ("article:both+wb:random", "person"),
             ("newell-simon", "mcts:200")]
    for first, second in modes:
        before = dataset(browser, "#fifteen-status", "game")
        browser.set_value("#fifteen-form [name=first]", first)
        browser.set_value("#fifteen-form [name=second]", second)
        browser.click(browser.find("#fifteen-new"))
        browser.wait("return document.getElementById('fifteen-status').dataset.game !== arguments[0]",
                     10, "the new game", before)
        for _ in range(100):
            if dataset(browser, "#fifteen-status", "result"):
                break
            enabled = browser.find_all("#fifteen-numbers button:not(:disabled)")
            if enabled:
                browser.try_click(chooser.choice(enabled))
            time.sleep(0.1)
        result = browser.wait("return document.getElementById('fifteen-status').dataset.result", 30, "the end")
        status = browser.text(browser.find("#fifteen-status"))
        print(f"   fifteen {first} vs {second}: {status}")
        if result != "1/2" and "= 15" not in status:
            raise Failure(f"a win without its triple: {status!r}")
    # The magic square and the values of the moves, for a person against the perfect player.
    browser.set_value("#fifteen-form [name=first]", "person")
    browser.set_value("#fifteen-form [name=second]", "perfect")
    browser.click(browser.find("#fifteen-new"))
    browser.wait("return !document.getElementById('fifteen-status').dataset.result", 10, "a new game")
    browser.click(browser.find("#fifteen-magic"))
    browser.click(browser.find("#fifteen-values"))
    # The numbers are redrawn once the values arrive; a click before that could hit a stale button.
    browser.wait("return document.querySelectorAll('#fifteen-numbers .value').length === 9", 10, "the first values")
    browser.click(browser.find("#fifteen-numbers button[data-number='5']"))
    browser.wait("return document.querySelectorAll('#fifteen-numbers .value').length === 7", 10, "the values")
    shown = browser.script("return Object.fromEntries([...document.querySelectorAll('#fifteen-numbers [data-value]')]"
                           ".map(b => [b.dataset.number, b.dataset.value]))")
    game = dataset(browser, "#fifteen-status", "game")
    solved = http("GET", f"{base}/api/fifteen/games/{game}/values")
    if shown != {str(v["number"]): v["value"] for v in solved["values"]}:
        raise Failure(f"the page shows the values {shown}, the solver says {solved}")
    if browser.script("return getComputedStyle(document.getElementById('fifteen-square')).display") == "none":
        raise Failure("the magic square did not appear")
    if shots:
        browser.screenshot(os.path.join(shots, "fifteen.png"))


def memory_pairs(browser, base, shots):
    """The memory game: two squares that are not partners close again; partners stay open."""
    browser.go(base + "/#memory")
    browser.find("#memory-board .cell")
    board = http("GET", base + "/api/chess-memory/board?order=QNBR&size=8&algorithm=seed&rng=default&seed=1&index=0")
    fen = browser.script("return document.getElementById('memory-fen').value")
    if fen.strip() != board["fen"].strip():
        raise Failure(f"the page's board {fen!r} is not the API's {board['fen']!r}")
    cells = {c["square"]: c for c in board["squares"] if c["symbol"]}
    pairs = []
    for square, cell in cells.items():
        partner = cell["attacks"][0]
        if square < partner:
            pairs.append((square, partner))
    cell = lambda name: browser.find(f"#memory-board .cell[data-square='{name}']")
    # A wrong pair: two squares of different symbols.
    a, b = next((x, y) for x in cells for y in cells if cells[x]["symbol"] != cells[y]["symbol"])
    browser.click(cell(a))
    browser.click(cell(b))
    browser.wait("return document.querySelectorAll('#memory-board .open').length === 0", 5, "the wrong pair to close")
    for a, b in pairs[:5]:
        browser.click(cell(a))
        browser.click(cell(b))
    pairs_found = browser.wait("return Number(document.getElementById('memory-status').dataset.pairs) === 5", 5, "five pairs")
    if not pairs_found:
        raise Failure("the pairs did not stay open")
    browser.click(browser.find("#memory-attacks"))
    lines = browser.script("return document.querySelectorAll('#memory-lines line').length")
    if lines != 32:
        raise Failure(f"{lines} attack lines for 32 pairs")
    if shots:
        browser.screenshot(os.path.join(shots, "memory.png"))
    print(f"   memory: 1 wrong pair closed, 5 pairs open, {lines} attack lines")


def tour_runs(browser, base, shots):
    """A tour drawn step by step to its end, and a start where the rule gets stuck."""
    browser.go(base + "/#tour")
    browser.find("#tour-form")
    browser.set_value("#tour-speed", "100")
    browser.wait("return document.getElementById('tour-status').dataset.outcome === 'tour'", 30, "the first tour")
    browser.set_value("#tour-form [name=size]", "10")
    browser.set_value("#tour-form [name=start]", "1,1")
    browser.set_value("#tour-speed", "60")
    browser.click(browser.find("#tour-run"))
    browser.wait("const s = document.getElementById('tour-status'); return !s.dataset.outcome && Number(s.dataset.steps) > 0",
                 10, "a tour being drawn")
    browser.wait("return document.getElementById('tour-status').dataset.outcome", 60, "the tour's end")
    steps = dataset(browser, "#tour-status", "steps")
    outcome = dataset(browser, "#tour-status", "outcome")
    if (outcome, steps) != ("tour", "100"):
        raise Failure(f"10x10: {outcome} after {steps} steps")
    if shots:
        browser.screenshot(os.path.join(shots, "tour.png"))
    browser.set_value("#tour-form [name=size]", "5")
    browser.set_value("#tour-form [name=start]", "2,1")
    browser.click(browser.find("#tour-run"))
    browser.wait("return document.getElementById('tour-status').dataset.outcome === 'dead_end'", 30, "the dead end")
    status = browser.text(browser.find("#tour-status"))
    print(f"   tour: 10x10 {outcome} in {steps} steps; {status}")


def results_report(browser, base, shots):
    """A results folder's report opened from the list, its charts loaded."""
    browser.go(base + "/#results")
    link = browser.find("#results-list a[data-folder='fifteen']")
    browser.click(link)
    browser.wait("return document.getElementById('results-report').dataset.folder === 'fifteen'", 20, "the report")
    heading = browser.text(browser.find("#results-report h1"))
    loaded = browser.wait(
        "const imgs = [...document.querySelectorAll('#results-report img')];"
        "return imgs.length > 0 && imgs.every(i => i.complete && i.naturalWidth > 0) && imgs.length;",
        20, "the charts")
    if shots:
        browser.screenshot(os.path.join(shots, "results.png"))
    print(f"   results: {heading!r} with {loaded} charts")


TESTS = [draughts_full_game_against_damebot, fifteen_each_seat_mode, memory_pairs, tour_runs,
         results_report] + page_checks.TESTS


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--binary", required=True)
    parser.add_argument("--results", default="results")
    parser.add_argument("--screenshots")
    args = parser.parse_args()
    for tool in ("chromium", "chromedriver"):
        if not shutil.which(tool):
            sys.exit(f"browser-check: FAILED: {tool} is not installed (apt-get install chromium chromium-driver)")
    if args.screenshots:
        os.makedirs(args.screenshots, exist_ok=True)
    processes = []
    profile = tempfile.mkdtemp(prefix="boardlab-chromium-")
    try:
        server = subprocess.Popen([args.binary, "serve", "--port", "0", "--results", args.results],
                                  stdout=subprocess.PIPE, text=True)
        processes.append(server)
        line = server.stdout.readline().strip()
        if not line.startswith("listening on http://127.0.0.1:"):
            raise Failure(f"the server said {line!r}")
        base = line.removeprefix("listening on ").rstrip("/")
        port = free_port()
        driver = subprocess.Popen(["chromedriver", f"--port={port}"], stdout=subprocess.DEVNULL,
                                  stderr=subprocess.DEVNULL)
        processes.append(driver)
        driver_url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 30
        while True:
            try:
                if http("GET", driver_url + "/status", timeout=2)["value"]["ready"]:
                    break
            except Exception:
                pass
            if time.time() > deadline:
                raise Failure("chromedriver did not start")
            time.sleep(0.2)
        browser = Browser(driver_url, profile)
        passed, failed = 0, 0
        try:
            for test in TESTS:
                try:
                    test(browser, base, args.screenshots)
                    print(f"ok {test.__name__}")
                    passed += 1
                except Failure as error:
                    print(f"FAILED {test.__name__}: {error}")
                    failed += 1
        finally:
            browser.close()
        print(f"{passed} passed, {failed} failed")
        return 1 if failed else 0
    except Failure as error:
        print(f"browser-check: FAILED: {error}")
        return 1
    finally:
        for process in processes:
            process.terminate()
            process.wait(timeout=10)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
