"""The page's details, checked in the browser as a person would see them: each chart of a report
shown once and the report kept in the address, a speed control that goes faster to the right,
the odd/even "15" rules, a large knight's tour drawn as an image, the favicon, the draughts
board's edge coordinates, its themes, sliding moves drawn above the squares they pass, kings
drawn as two stacked men, the endgame values box under rules without a database, "Copy PDN",
and refused forms that change nothing.

Each test takes (browser, base, shots) like those of browser_check.py, which runs them after
its own; expected values come from the API, the folder's files or the board's geometry, never
from the page's own code.
"""

import os
import re
import time
import urllib.request

from webdriver_client import Failure, dataset, http

STATUS_GAME = "return document.getElementById(arguments[0]).dataset.game"


def new_draughts_game(browser, **fields):
    """Fills the draughts form (white, black, fen, ...) and starts a game; waits for it."""
    before = browser.script(STATUS_GAME, "draughts-status")
    for name, value in fields.items():
        browser.set_value(f"#draughts-form [name={name}]", value)
    browser.click(browser.find("#draughts-new"))
    browser.wait("return document.getElementById('draughts-status').dataset.game !== arguments[0]",
                 20, "the new draughts game", before)
    return dataset(browser, "#draughts-status", "game")


def stem(src):
    return re.sub(r"\.(svg|png)$", "", src)


def results_charts_once_and_in_the_address(browser, base, shots):
    """A knight's-tour report and a match report show every chart of their folder exactly once
    (the report embeds the SVG; its PNG twin is not shown again), and the report chosen is in
    the address: a reload shows it again, and so does the back button. A folder with only a
    README.md is listed and shown, from its title."""
    browser.go(base + "/#results")
    for folder in ("knights", "draughts"):
        browser.click(browser.find(f"#results-list a[data-folder='{folder}']"))
        browser.wait("return document.getElementById('results-report').dataset.folder === arguments[0]",
                     20, f"the {folder} report", folder)
        shown = [stem(src) for src in browser.script(
            "return [...document.querySelectorAll('#results-report img')].map(i => i.getAttribute('src'))")]
        files = {stem(src) for src in http("GET", f"{base}/api/results/report?root=0&folder={folder}")["charts"]}
        if len(shown) != len(set(shown)) or set(shown) != files:
            raise Failure(f"{folder}: the page shows {sorted(shown)}, the folder has the charts {sorted(files)}")
        address = browser.script("return location.hash")
        if address != f"#results/0/{folder}":
            raise Failure(f"{folder} is shown at the address {address!r}")
    browser.call("POST", "/refresh", {})
    browser.wait("return document.getElementById('results-report').dataset.folder === 'draughts'", 20,
                 "the draughts report after a reload")
    browser.call("POST", "/back", {})
    browser.wait("return document.getElementById('results-report').dataset.folder === 'knights'", 20,
                 "the knights report after going back")
    # A folder without a REPORT.md (the board counts) is shown by its README.md, and a report
    # opens at its title wherever the page was scrolled to.
    browser.script("window.scrollTo(0, document.body.scrollHeight)")
    browser.click(browser.find("#results-list a[data-folder='counts']"))
    browser.wait("return document.getElementById('results-report').dataset.folder === 'counts'", 20,
                 "the counts folder's README")
    title = browser.script("return document.querySelector('#results-report h1').textContent")
    top = browser.script("return document.querySelector('#results-report h1').getBoundingClientRect().top")
    height = browser.script("return window.innerHeight")
    if not title.startswith("How many ChessMemory boards") or not 0 <= top < height / 2:
        raise Failure(f"the counts folder opens with its title {title!r} at {top} px of {height}")
    print(f"   results: each of {len(files)} charts once; reload and back keep the report; "
          "a README-only folder opens at its title")


def bot_speed_is_faster_to_the_right(browser, base, shots):
    """The "Bot speed" slider at its left end pauses 2 s before each bot move, at its right end
    not at all: two bots make no move in the first second at the left end, and ten moves soon
    at the right end."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    for slider in ("#draughts-speed", "#fifteen-speed"):
        delays = []
        for value in ("0", "2000"):
            browser.set_value(slider, value)
            delays.append(dataset(browser, slider, "delay"))
        if delays != ["2000", "0"]:
            raise Failure(f"{slider}: pauses of {delays} ms at the left and right ends")
    browser.set_value("#draughts-speed", "0")
    new_draughts_game(browser, white="random", black="random", fen="")
    time.sleep(1.0)
    early = int(dataset(browser, "#draughts-status", "plies"))
    if early != 0:
        raise Failure(f"{early} bot moves in the first second at the slow end")
    browser.set_value("#draughts-speed", "2000")
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) >= 10", 30,
                 "ten quick bot moves")
    browser.click(browser.find("#draughts-pause"))
    print("   bot speed: 2 s a move at the left, none at the right")


def fifteen_rules_follow_the_variant(browser, base, shots):
    """The odd/even game shows its own rules (odd numbers for the first seat, even for the
    second), which agree with the numbers the API lets the first seat take; the classic game
    shows the classic rules."""
    browser.go(base + "/#fifteen")
    browser.find("#fifteen-numbers button")
    texts = {}
    for variant in ("odd-even", "classic"):
        before = browser.script(STATUS_GAME, "fifteen-status")
        browser.set_value("#fifteen-form [name=variant]", variant)
        browser.set_value("#fifteen-form [name=first]", "person")
        browser.set_value("#fifteen-form [name=second]", "person")
        browser.click(browser.find("#fifteen-new"))
        browser.wait("return document.getElementById('fifteen-status').dataset.game !== arguments[0]",
                     10, f"the {variant} game", before)
        texts[variant] = browser.text(browser.find("#fifteen-rules"))
        game = http("GET", base + dataset(browser, '#fifteen-status', 'url'))
        enabled = sorted(int(n) for n in browser.script(
            "return [...document.querySelectorAll('#fifteen-numbers button:not(:disabled)')].map(b => b.dataset.number)"))
        if enabled != sorted(game["legal"]):
            raise Failure(f"{variant}: the page offers {enabled}, the API {game['legal']}")
        if variant == "odd-even" and game["legal"] != [1, 3, 5, 7, 9]:
            raise Failure(f"the odd/even game's first seat may take {game['legal']}")
    if "odd numbers 1, 3, 5, 7, 9" not in texts["odd-even"] or "even numbers 2, 4, 6, 8" not in texts["odd-even"]:
        raise Failure(f"the odd/even rules read {texts['odd-even']!r}")
    if "odd" in texts["classic"] or "three of yours summing to 15" not in texts["classic"]:
        raise Failure(f"the classic rules read {texts['classic']!r}")
    print(f"   fifteen rules: odd/even {texts['odd-even'][:50]!r}…")


def large_tour_as_an_image(browser, base, shots):
    """The 1000x1000 tour, too large to send step by step, is drawn as an image of its visit
    order (many colours, not a blank canvas), and its end is written as a square, (x, y), the
    square the API names."""
    browser.go(base + "/#tour")
    browser.find("#tour-form")
    browser.set_value("#tour-form [name=size]", "1000")
    browser.set_value("#tour-form [name=start]", "1,1")
    browser.click(browser.find("#tour-run"))
    browser.wait("const s = document.getElementById('tour-status');"
                 "return s.dataset.drawing === 'density' && s.dataset.outcome", 180, "the 1000x1000 tour")
    tour = http("GET", f"{base}/api/knights-tour/tour?size=1000&start=1,1&rule=seed&closed=false&seed=1",
                timeout=180)
    status = browser.text(browser.find("#tour-status"))
    x, y = tour["end"]
    if f"ends at ({x}, {y})" not in status or re.search(r"\d,\d", status):
        raise Failure(f"the API's end is ({x}, {y}); the page says {status!r}")
    block = tour["density"]["block"]
    legend = browser.text(browser.find("#tour-legend"))
    if f"block of {block}×{block} squares" not in legend:
        raise Failure(f"the API's blocks are {block}×{block}; the legend says {legend!r}")
    colours = browser.script(
        "const c = document.getElementById('tour-canvas');"
        "const data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;"
        "const seen = new Set();"
        "for (let i = 0; i < data.length; i += 4 * 7) seen.add(data[i] << 16 | data[i + 1] << 8 | data[i + 2]);"
        "return [c.width, seen.size];")
    if colours[0] < 400 or colours[1] < 100:
        raise Failure(f"a canvas {colours[0]} px wide with {colours[1]} colours")
    if shots:
        browser.screenshot(os.path.join(shots, "tour-large.png"))
    browser.set_value("#tour-form [name=size]", "8")
    print(f"   large tour: {colours[1]} colours on {colours[0]} px; {status[:90]}…")


def favicon_without_a_404(browser, base, shots):
    """A fresh load of the page logs no error in the console (no 404 for favicon.ico): the
    page's icon is in the page itself, and it decodes as an image."""
    browser.go("about:blank")
    browser.console()
    browser.go(base + "/")
    browser.find("#draughts-board .sq")
    time.sleep(1.0)
    errors = [entry for entry in browser.console() if entry.get("level") == "SEVERE"]
    if errors:
        raise Failure(f"the console logged {errors}")
    width = browser.script(
        "const img = new Image(); img.src = document.querySelector('link[rel=icon]').href;"
        "return img.decode().then(() => img.naturalWidth);")
    if not width:
        raise Failure("the page's icon does not decode")
    print(f"   favicon: an inline SVG, {width} px; no console errors")


BOARD_GEOMETRY = """
const box = (e) => { const r = e.getBoundingClientRect(); return {left: r.left, right: r.right, top: r.top, bottom: r.bottom, x: (r.left + r.right) / 2, y: (r.top + r.bottom) / 2}; };
const label = (e) => { const b = box(e); const hit = document.elementFromPoint(b.x, b.y);
  return Object.assign(b, {text: e.textContent, size: parseFloat(getComputedStyle(e).fontSize), seen: hit === e || e.contains(hit)}); };
return {
  board: box(document.getElementById('draughts-board')),
  files: [...document.querySelectorAll('#draughts-files span')].map(label),
  ranks: [...document.querySelectorAll('#draughts-ranks span')].map(label),
  squares: [...document.querySelectorAll('#draughts-board .sq.dark')].map(e => Object.assign(box(e), {name: e.dataset.square})),
};
"""


def draughts_edge_coordinates(browser, base, shots):
    """Files a-h under the board and ranks 1-8 beside it, outside the board, in a readable
    size and not covered; each names the squares of its column or row, both when White is at
    the bottom and when the board is turned for a person playing Black."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    for white, black in (("person", "damebot"), ("damebot", "person")):
        browser.set_value("#draughts-speed", "0")
        new_draughts_game(browser, white=white, black=black, fen="")
        g = browser.script(BOARD_GEOMETRY)
        board = g["board"]
        if sorted(f["text"] for f in g["files"]) != list("abcdefgh") or \
                sorted(r["text"] for r in g["ranks"]) != list("12345678"):
            raise Failure(f"edge labels {[f['text'] for f in g['files']]} and {[r['text'] for r in g['ranks']]}")
        for f in g["files"]:
            column = [s["name"] for s in g["squares"] if abs(s["x"] - f["x"]) < 2]
            if len(column) != 4 or any(name[0] != f["text"] for name in column) or f["top"] < board["bottom"] - 1:
                raise Failure(f"file label {f} stands under the squares {column}")
        for r in g["ranks"]:
            row = [s["name"] for s in g["squares"] if abs(s["y"] - r["y"]) < 2]
            if len(row) != 4 or any(name[1:] != r["text"] for name in row) or r["right"] > board["left"] + 1:
                raise Failure(f"rank label {r} stands beside the squares {row}")
        small = [x["text"] for x in g["files"] + g["ranks"] if x["size"] < 12 or not x["seen"]]
        if small:
            raise Failure(f"labels too small or covered: {small}")
    browser.set_value("#draughts-form [name=white]", "person")
    browser.set_value("#draughts-form [name=black]", "damebot")
    print("   draughts coordinates: a-h and 1-8 outside the board, both ways round")


def draughts_themes_remembered(browser, base, shots):
    """A board theme chosen changes the squares' colours and is still chosen after a reload."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq.dark")
    dark = "return getComputedStyle(document.querySelector('#draughts-board .sq.dark')).backgroundColor"
    colours = {}
    for theme in ("wood", "green", "slate"):
        browser.set_value("#draughts-theme", theme)
        colours[theme] = browser.script(dark)
    if len(set(colours.values())) != 3:
        raise Failure(f"the themes colour the dark squares {colours}")
    browser.set_value("#draughts-theme", "green")
    if shots:
        browser.screenshot(os.path.join(shots, "draughts-green.png"))
    browser.call("POST", "/refresh", {})
    browser.find("#draughts-board .sq.dark")
    after = (browser.script("return document.getElementById('draughts-theme').value"), browser.script(dark))
    browser.set_value("#draughts-theme", "wood")
    if after != ("green", colours["green"]):
        raise Failure(f"after a reload the theme is {after}, not green {colours['green']}")
    print(f"   themes: {colours}; green kept after a reload")


RECORD_SLIDES = """
window.slides = [];
window.animations = [];
const animate = Element.prototype.animate;
Element.prototype.animate = function (frames, options) {
  const square = this.closest('[data-square]');
  window.slides.push({square: square && square.dataset.square, captured: this.classList.contains('captured'),
                      frames: frames.map(f => f.transform || null), duration: options.duration});
  const animation = animate.call(this, frames, options);
  window.animations.push(animation);
  return animation;
};
"""


HALFWAY_ON_TOP = """
const animation = window.animations[arguments[0]];
animation.pause();
animation.currentTime = animation.effect.getTiming().duration / 2;
const box = document.querySelector(`#draughts-board [data-square="${arguments[1]}"]`).getBoundingClientRect();
const seen = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
const piece = seen && seen.closest('.piece');
const square = piece && piece.closest('[data-square]');
const answer = piece ? (square ? square.dataset.square : 'a piece') : (seen ? seen.className : 'nothing');
animation.finish();
return answer;
"""


def draughts_moves_slide(browser, base, shots):
    """A move slides its piece from square to square: the double capture a1:c3:e5 animates the
    piece on e5 from a1's place through c3's (offsets measured on the board), and the two
    captured pieces fade out where they stood."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    new_draughts_game(browser, white="person", black="person", fen="W:Wa1:Bb2,d4,h8")
    browser.script(RECORD_SLIDES)
    rects = browser.script(
        "return Object.fromEntries(['a1', 'c3', 'e5'].map(s => { const r = document.querySelector("
        "`#draughts-board [data-square=\"${s}\"]`).getBoundingClientRect(); return [s, [r.left, r.top]]; }))")
    for square in ("a1", "c3", "e5"):
        browser.click(browser.find(f"#draughts-board [data-square='{square}']"))
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) === 1", 10, "the capture")
    slides = browser.script("return window.slides")
    ex, ey = rects["e5"]
    expected = [f"translate({round(rects[s][0] - ex)}px, {round(rects[s][1] - ey)}px)" for s in ("a1", "c3", "e5")]
    moving = [s for s in slides if s["square"] == "e5" and not s["captured"]]
    if not moving or moving[0]["frames"] != expected or not moving[0]["duration"]:
        raise Failure(f"the piece on e5 slid {moving}; expected the frames {expected}")
    faded = sorted(s["square"] for s in slides if s["captured"])
    if faded != ["b2", "d4"]:
        raise Failure(f"captured pieces faded on {faded}, not b2 and d4")
    # Halfway, the piece stands on c3, a square drawn after e5's: what a person sees at c3's
    # centre is the sliding piece, not the square over it.
    on_top = browser.script(HALFWAY_ON_TOP, slides.index(moving[0]), "c3")
    if on_top != "e5":
        raise Failure(f"halfway through its slide the piece is hidden: c3's centre shows {on_top!r}")
    browser.set_value("#draughts-form [name=fen]", "")
    browser.set_value("#draughts-form [name=black]", "damebot")
    print(f"   slides: e5 through {expected}; b2 and d4 fade")


def draughts_kings_and_values(browser, base, shots):
    """A king is drawn as two stacked men, with no chess sign on it; the "Endgame values" box
    under rules without a database (international) says so, naming the rule sets that
    /api/info lists as having one."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    browser.set_value("#draughts-form [name=rules]", "czech")
    new_draughts_game(browser, white="person", black="person", fen="W:WKa1:Bh8")
    king = browser.script(
        "const p = document.querySelector('#draughts-board [data-square=\"a1\"] .piece');"
        "const top = getComputedStyle(p, '::before');"
        "return {text: p.textContent, content: top.content, transform: top.transform, "
        "background: top.backgroundColor, own: getComputedStyle(p).backgroundColor}")
    if king["text"] != "" or king["content"] == "none" or king["transform"] == "none" \
            or king["background"] != king["own"]:
        raise Failure(f"the king on a1 is not drawn as a second man on the first: {king}")
    if shots:
        browser.screenshot(os.path.join(shots, "draughts-king.png"))
    man = browser.script(
        "return getComputedStyle(document.querySelector('#draughts-board [data-square=\"h8\"] .piece'),"
        " '::before').content")
    if man not in ("none", "normal"):
        raise Failure(f"the man on h8 has a second disc: {man!r}")
    info = http("GET", base + "/api/info")
    names = " and ".join(info["draughts"]["endgame_rules"])
    browser.set_value("#draughts-form [name=rules]", "international")
    new_draughts_game(browser, white="person", black="person", fen="W:W32:B18")
    box = browser.find("#draughts-values")
    if not browser.script("return document.getElementById('draughts-values').checked"):
        browser.click(box)
    browser.wait("return document.getElementById('draughts-value-list').textContent !== ''", 10,
                 "the endgame values box's words")
    said = browser.script("return document.getElementById('draughts-value-list').textContent")
    if "No endgame database under international rules" not in said or names not in said:
        raise Failure(f"under international rules the values box says {said!r}")
    browser.click(box)
    browser.set_value("#draughts-form [name=rules]", "czech")
    browser.set_value("#draughts-form [name=fen]", "")
    browser.set_value("#draughts-form [name=black]", "damebot")
    print(f"   kings as stacked men; values box: {said!r}")


def draughts_copy_pdn(browser, base, shots):
    """"Copy PDN" puts the game as PDN in the moves box, selected: the text the API writes
    (GET .../pdn), with the page's tags, the start position as a FEN tag and the double
    capture a1:c3:e5 written as PDN 3.0 asks, start and end squares only: `1. a1xe5 *`."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    browser.set_value("#draughts-form [name=rules]", "czech")
    game = new_draughts_game(browser, white="person", black="person", fen="W:Wa1:Bb2,d4,h8")
    for square in ("a1", "c3", "e5"):
        browser.click(browser.find(f"#draughts-board [data-square='{square}']"))
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) === 1", 10, "the capture")
    browser.click(browser.find("#draughts-copy-pdn"))
    browser.wait("return document.getElementById('draughts-notation').value.startsWith('[Event')", 10,
                 "the PDN in the moves box")
    shown = browser.script("return document.getElementById('draughts-notation').value")
    with urllib.request.urlopen(f"{base}/api/draughts/games/{game}/pdn", timeout=30) as response:
        written = response.read().decode()
    if shown != written:
        raise Failure(f"the page copied {shown!r}; the API writes {written!r}")
    for line in ('[Event "boardlab page"]', '[White "person"]', '[Black "person"]', '[Result "*"]',
                 '[SetUp "1"]', "1. a1xe5 *"):
        if line not in shown.splitlines():
            raise Failure(f"no line {line!r} in the copied PDN {shown!r}")
    selected = browser.script("const t = document.getElementById('draughts-notation');"
                              "return t.selectionEnd - t.selectionStart")
    if selected != len(shown):
        raise Failure(f"{selected} of the {len(shown)} characters of the PDN are selected")
    browser.set_value("#draughts-form [name=fen]", "")
    browser.set_value("#draughts-form [name=black]", "damebot")
    print(f"   copy PDN: {len(shown.splitlines())} lines, as the API writes them")


def national_games_at_their_size(browser, base, shots):
    """Every rule set in the menu; an international game drawn 10x10 with its squares numbered
    as PDN numbers them (1 at the top left, 46 at the bottom left) and a double capture made
    by clicking 32, 23 and 12; a Canadian game of two bots watched on a 12x12 board."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    info = http("GET", base + "/api/info")
    offered = browser.script("return [...document.querySelectorAll('#draughts-form [name=rules] option')]"
                             ".map(o => o.value)")
    expected = sorted(set(info["draughts"]["rules"]) | set(info["draughts_variants"]["rules"]))
    if sorted(offered) != expected or len(offered) != 13:
        raise Failure(f"the rules menu offers {offered}, not {expected}")
    browser.set_value("#draughts-form [name=rules]", "international")
    new_draughts_game(browser, white="person", black="person", fen="W:W32:B18,28")
    numbers = browser.script(
        "return [...document.querySelectorAll('#draughts-board .sq')].map(e => "
        "e.querySelector('.number') ? e.querySelector('.number').textContent : '')")
    if len(numbers) != 100 or numbers[1] != "1" or numbers[90] != "46" or numbers.count("") != 50:
        raise Failure(f"the international board shows {len(numbers)} squares numbered {numbers[:12]}...")
    for square in ("32", "23", "12"):
        browser.click(browser.find(f"#draughts-board [data-square='{square}']"))
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) === 1", 10, "the capture")
    record = browser.script("return document.getElementById('draughts-notation').value")
    result = dataset(browser, "#draughts-status", "result")
    if record != "1. 32x23x12" or result != "1-0":
        raise Failure(f"after clicking 32, 23, 12: the record {record!r} and result {result!r}")
    browser.set_value("#draughts-speed", "0")
    browser.set_value("#draughts-form [name=rules]", "canadian")
    new_draughts_game(browser, white="random", black="random", fen="")
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) >= 6", 30, "six plies")
    g = browser.script(BOARD_GEOMETRY)
    files = "".join(f["text"] for f in g["files"])
    if len(g["squares"]) != 72 or files != "abcdefghijkl" or g["board"]["right"] - g["board"]["left"] < 500:
        raise Failure(f"the Canadian board: {len(g['squares'])} dark squares, files {files}, {g['board']}")
    if shots:
        browser.screenshot(os.path.join(shots, "draughts-canadian.png"))
    browser.set_value("#draughts-form [name=rules]", "czech")
    browser.set_value("#draughts-form [name=white]", "person")
    browser.set_value("#draughts-form [name=black]", "damebot")
    print(f"   national games: 13 rules; 10x10 numbered, 32x23x12 by clicks; 12x12 watched, files {files}")


def refused_forms_change_nothing(browser, base, shots):
    """A "New game" the server refuses leaves the game shown as it was: paused bots stay paused,
    the form keeps what was typed; a refused tour goes on being drawn; a refused ChessMemory
    board keeps the board and its count."""
    browser.go(base + "/#draughts")
    browser.find("#draughts-board .sq")
    browser.set_value("#draughts-speed", "2000")
    game = new_draughts_game(browser, white="random", black="random", fen="")
    browser.wait("return Number(document.getElementById('draughts-status').dataset.plies) >= 2", 20, "two moves")
    browser.click(browser.find("#draughts-pause"))
    time.sleep(1.0)
    plies = dataset(browser, "#draughts-status", "plies")
    browser.set_value("#draughts-form [name=black]", "alphabeta:20")
    browser.click(browser.find("#draughts-new"))
    browser.wait("return document.getElementById('draughts-error').textContent.includes('alphabeta')", 10, "the refusal")
    time.sleep(1.5)
    after = (dataset(browser, "#draughts-status", "game"), dataset(browser, "#draughts-status", "plies"),
             browser.text(browser.find("#draughts-pause")),
             browser.script("return document.querySelector('#draughts-form [name=black]').value"))
    if after != (game, plies, "Resume", "alphabeta:20"):
        raise Failure(f"after a refused new game: (game, plies, pause button, black) = {after}, "
                      f"not {(game, plies, 'Resume', 'alphabeta:20')}")
    browser.set_value("#draughts-form [name=white]", "person")
    browser.set_value("#draughts-form [name=black]", "damebot")

    browser.go(base + "/#tour")
    browser.set_value("#tour-form [name=size]", "30")
    browser.set_value("#tour-speed", "10")
    browser.click(browser.find("#tour-run"))
    browser.wait("const s = document.getElementById('tour-status'); return !s.dataset.outcome && Number(s.dataset.steps) > 0",
                 20, "a tour being drawn")
    browser.set_value("#tour-form [name=size]", "ten")
    browser.click(browser.find("#tour-run"))
    browser.wait("return document.getElementById('tour-error').textContent", 10, "the refused tour")
    steps = int(dataset(browser, "#tour-status", "steps"))
    browser.wait("return Number(document.getElementById('tour-status').dataset.steps) > arguments[0]", 10,
                 "the tour drawn on after a refusal", steps)
    browser.set_value("#tour-form [name=size]", "8")

    browser.go(base + "/#memory")
    browser.wait("return document.getElementById('memory-status').dataset.pairs !== undefined", 30, "a board")
    status = browser.text(browser.find("#memory-status"))
    browser.set_value("#memory-form [name=order]", "XYZ")
    browser.click(browser.find("#memory-new"))
    browser.wait("return document.getElementById('memory-error').textContent", 10, "the refused board")
    if browser.text(browser.find("#memory-status")) != status:
        raise Failure(f"a refused board changed the status {status!r} to {browser.text(browser.find('#memory-status'))!r}")
    browser.set_value("#memory-form [name=order]", "QNBR")
    print("   refused forms: draughts stays paused, the tour goes on, the memory board stays")


TESTS = [results_charts_once_and_in_the_address, bot_speed_is_faster_to_the_right,
         fifteen_rules_follow_the_variant, large_tour_as_an_image, favicon_without_a_404,
         draughts_edge_coordinates, draughts_themes_remembered, draughts_moves_slide, draughts_kings_and_values,
         draughts_copy_pdn,
         national_games_at_their_size, refused_forms_change_nothing]
