#!/usr/bin/env node
// Test vectors for the Rust port of Damebot, made by the original TypeScript
// engine itself (github.com/basvas-jkj/dame_bot_1.0 at commit 3ddfe58).
//
// The original's .ts files are transpiled unchanged and loaded with require();
// only the web page is stubbed (jQuery, the .svg imports, the bot's setTimeout
// pauses and its console.log). Move generation, evaluation and the bot's
// choice are always the original's own functions. See README.md.
"use strict";

const fs = require("fs");
const os = require("os");
const path = require("path");
const crypto = require("crypto");
const childProcess = require("child_process");

const REPOSITORY = "github.com/basvas-jkj/dame_bot_1.0";
const CLONE_URL = "https://github.com/basvas-jkj/dame_bot_1.0";
const COMMIT = "3ddfe58d5b5881639ee81bb5a837ae897e438653";
const CANONICAL_COMMAND = "node scripts/damebot-vectors/generate.js --source /tmp/dame_bot_1.0-3ddfe58";
const REPO_ROOT = path.resolve(__dirname, "..", "..");
const DEFAULT_OUT = path.join(REPO_ROOT, "tests", "data", "damebot-vectors.jsonl");

// The files of the original at COMMIT (sha256 of the bytes as stored in git).
const EXPECTED_SHA256 = {
    "src/ts/board.ts": "2790f7c701333c718014bc0035118322b290877879dd5eac97185f31e21dc6c0",
    "src/ts/field.ts": "a6431e4a71965ed38c79f214f4ffd560c19056fb8ad9fa51f239df60b065703f",
    "src/ts/main.ts": "6c2913de7654f411678a99050f9b5b6a79b71cf677d547643c9048c79f88d7df",
    "src/ts/move.ts": "6c8190bee0126df4e6f8e2999657d57ca193db972487654136a101ccbe8555f4",
    "src/ts/next.ts": "5adae427c3fa54c8618492e82d146b4213172fed7db8899b2d9b3009c8db55cd",
    "src/ts/piece.ts": "c363c1ec54059d7c5711fc9920c8ff923474abbea1d1c2e4b5d046daff248f99",
    "src/ts/player.ts": "dc23d9c9193ff803331bffe1f9e8c49da4d4dcd40181d69b018367b772566f05",
    "src/ts/starting_position.json": "01391e346ff2b00cac79e0ee167fa4bad1a08099345c8107c16699917037f0e8",
};
// Loaded into Node; main.ts only wires the page (document ready, buttons).
const ENGINE_MODULES = ["board", "field", "move", "next", "piece", "player"];
const SVG_IMPORTS = ["white_man.svg", "black_man.svg", "white_king.svg", "black_king.svg"];

const START_FEN = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3:Bb6,d6,f6,h6,a7,c7,e7,g7,b8,d8,f8,h8";

// Sizes and seeds. Everything below is deterministic given these.
const GAME_COUNT = 64;
const GAME_SEED_BASE = 20240;
const PLY_CAP = 200;
const GAME_TARGET = 350;
const PER_GAME_CAP = 9;
const SETUP_SEED = 7013;
const SETUP_CANDIDATES = 6000;
const SETUP_TARGET = 300;
const SELECTION_SEED = 99;
const POLICIES = [
    ["random", "random"],
    ["bot", "bot"],
    ["random", "bot"],
    ["bot", "random"],
    ["mixed", "mixed"],
];
// Two more games, with seeds found by playing a few thousand games: in them a
// capture that takes the same piece twice becomes legal and is played, so the
// original's piece list loses a piece that stays on the board.
const EXTRA_GAMES = [
    { seed: 5515, white: "bot", black: "random" },
    { seed: 8930, white: "random", black: "bot" },
];

const TAGS = ["capture", "multi-capture", "king", "king-capture", "promotion", "threatened", "edge",
    "double-jump", "man-and-king-capture"];

// Set-up positions written by hand for the rarest behaviours (White/Black squares, FEN order).
const HAND_MADE = [
    // A king's capture can end on the square it started from (c1:e3:c5:a3:c1).
    "W:WKc1:Bb2,d2,b4,d4",
];

// ---------------------------------------------------------------------------
// command line and source

class UsageError extends Error {}

function fail(message) {
    throw new UsageError(message);
}

function parseArgs(argv) {
    const args = { source: null, out: DEFAULT_OUT };
    for (let i = 0; i < argv.length; i += 1) {
        const a = argv[i];
        if (a === "--source" && i + 1 < argv.length) {
            args.source = argv[++i];
        } else if (a.startsWith("--source=")) {
            args.source = a.slice("--source=".length);
        } else if (a === "--out" && i + 1 < argv.length) {
            args.out = argv[++i];
        } else if (a.startsWith("--out=")) {
            args.out = a.slice("--out=".length);
        } else if (a === "--help" || a === "-h") {
            process.stdout.write("usage: node generate.js [--source DIR] [--out FILE]\n" +
                `  DIR: ${REPOSITORY} at commit ${COMMIT} (or env DAMEBOT_SOURCE)\n` +
                `  FILE: default ${path.relative(process.cwd(), DEFAULT_OUT) || DEFAULT_OUT}\n`);
            process.exit(0);
        } else {
            fail(`unknown argument ${JSON.stringify(a)} (try --help)`);
        }
    }
    return args;
}

function git(args, options = {}) {
    return childProcess.execFileSync("git", args, {
        encoding: "utf8",
        stdio: ["ignore", "pipe", "pipe"],
        env: Object.assign({}, process.env, { GIT_TERMINAL_PROMPT: "0" }),
        ...options,
    }).trim();
}

function cloneSource(workDir) {
    const dir = path.join(workDir, "dame_bot_1.0");
    try {
        git(["clone", "--quiet", "-c", "core.autocrlf=false", CLONE_URL, dir], { timeout: 180000 });
        git(["-C", dir, "checkout", "--quiet", COMMIT], { timeout: 60000 });
    } catch (e) {
        return null;
    }
    return dir;
}

function sha256(file) {
    return crypto.createHash("sha256").update(fs.readFileSync(file)).digest("hex");
}

function checkSource(dir) {
    for (const rel of Object.keys(EXPECTED_SHA256)) {
        if (!fs.existsSync(path.join(dir, rel))) {
            fail(`${dir} has no ${rel}: pass --source DIR holding ${REPOSITORY} at commit ${COMMIT}`);
        }
    }
    // A git checkout must be at the commit (an archive extract is checked by its hashes alone).
    let top = null;
    try {
        top = git(["-C", dir, "rev-parse", "--show-toplevel"]);
    } catch (e) {
        top = null;
    }
    if (top !== null && fs.realpathSync(top) === fs.realpathSync(dir)) {
        const head = git(["-C", dir, "rev-parse", "HEAD"]);
        if (head !== COMMIT) {
            fail(`${dir} is a git checkout at ${head}, not at ${COMMIT}`);
        }
    }
    const hashes = {};
    const tsFiles = fs.readdirSync(path.join(dir, "src", "ts")).filter((f) => f.endsWith(".ts")).sort();
    for (const f of tsFiles.concat(["starting_position.json"])) {
        const rel = `src/ts/${f}`;
        hashes[rel] = sha256(path.join(dir, rel));
        if (EXPECTED_SHA256[rel] !== hashes[rel]) {
            fail(`${rel} in ${dir} differs from commit ${COMMIT} (sha256 ${hashes[rel]})`);
        }
    }
    return hashes;
}

// ---------------------------------------------------------------------------
// loading the original

// The page, as far as board.ts, field.ts and player.ts touch it: $("<td id=\"ij\"></td>")
// must know its id (FIELD reads row and column from it); everything else is a no-op.
function fakeJQuery() {
    function element(id) {
        const e = {};
        for (const name of ["css", "html", "text", "addClass", "append", "click", "mouseleave"]) {
            e[name] = function () { return e; };
        }
        e.attr = function (key, value) {
            if (value === undefined) {
                return key === "id" ? id : undefined;
            }
            return e;
        };
        return e;
    }
    return function $(selector) {
        let id;
        if (typeof selector === "string") {
            const m = /^\s*<[^>]*\bid\s*=\s*["']([^"']*)["']/.exec(selector);
            if (m) {
                id = m[1];
            }
        }
        return element(id);
    };
}

function loadEngine(sourceDir, workDir) {
    const ts = require("typescript");
    const root = path.join(workDir, "engine");
    const tsDir = path.join(root, "src", "ts");
    fs.mkdirSync(tsDir, { recursive: true });
    fs.mkdirSync(path.join(root, "src", "svg"), { recursive: true });
    fs.mkdirSync(path.join(root, "node_modules", "jquery"), { recursive: true });

    for (const name of ENGINE_MODULES) {
        const file = path.join(sourceDir, "src", "ts", `${name}.ts`);
        const out = ts.transpileModule(fs.readFileSync(file, "utf8"), {
            compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2015 },
            fileName: `${name}.ts`,
            reportDiagnostics: true,
        });
        if (out.diagnostics && out.diagnostics.length > 0) {
            fail(`transpiling ${name}.ts: ${ts.flattenDiagnosticMessageText(out.diagnostics[0].messageText, " ")}`);
        }
        fs.writeFileSync(path.join(tsDir, `${name}.js`), out.outputText);
    }
    fs.copyFileSync(path.join(sourceDir, "src", "ts", "starting_position.json"),
        path.join(tsDir, "starting_position.json"));
    for (const svg of SVG_IMPORTS) {
        fs.writeFileSync(path.join(root, "src", "svg", svg), ""); // require() of it gives {}
    }
    fs.writeFileSync(path.join(root, "node_modules", "jquery", "index.js"),
        `"use strict";\nmodule.exports = (${fakeJQuery.toString()})();\n`);

    const BOARD = require(path.join(tsDir, "board.js"));
    const PLAYER = require(path.join(tsDir, "player.js")).PLAYER;
    const NEXT = require(path.join(tsDir, "next.js"));
    const SP = require(path.join(tsDir, "starting_position.json"));
    const START = JSON.parse(JSON.stringify({ player_on_move: SP.player_on_move, white: SP.white, black: SP.black }));
    return { BOARD, PLAYER, NEXT, SP, START };
}

// ---------------------------------------------------------------------------
// small helpers

function mulberry32(seed) {
    let a = seed >>> 0;
    return function () {
        a = (a + 0x6D2B79F5) >>> 0;
        let t = a;
        t = Math.imul(t ^ (t >>> 15), t | 1);
        t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
        return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };
}

function randInt(rng, n) {
    return Math.floor(rng() * n);
}

function pick(rng, list) {
    return list[randInt(rng, list.length)];
}

function squareName(row, column) {
    return `${String.fromCharCode(97 + column)}${8 - row}`;
}

function parseSquare(s) {
    const column = s.charCodeAt(0) - 97;
    const row = 8 - Number.parseInt(s.slice(1), 10);
    if (!(column >= 0 && column < 8 && row >= 0 && row < 8) || (row + column) % 2 !== 1) {
        throw new Error(`bad square ${s}`);
    }
    return { row, column };
}

// Squares of the dark fields in canonical FEN order: rank 1 to 8, files a to h.
const CANONICAL = [];
for (let row = 7; row >= 0; row -= 1) {
    for (let column = 0; column < 8; column += 1) {
        if ((row + column) % 2 === 1) {
            CANONICAL.push({ row, column });
        }
    }
}

// A side's piece-list order for a set-up position: from its own back rank
// forward, files a to h within a rank (the order of starting_position.json).
function listOrder(colour, pieces) {
    const key = (p) => (colour === "white" ? (7 - p.row) : p.row) * 8 + p.column;
    return pieces.slice().sort((a, b) => key(a) - key(b));
}

function parseFen(fen) {
    const [side, ...parts] = fen.split(":");
    const pos = { player_on_move: side === "W" ? "white" : "black", white: [], black: [] };
    for (const part of parts) {
        const colour = part[0] === "W" ? "white" : "black";
        for (const token of part.slice(1).split(",").filter((t) => t.length > 0)) {
            const king = token[0] === "K";
            const sq = parseSquare(king ? token.slice(1) : token);
            pos[colour].push({ row: sq.row, column: sq.column, type: king ? colour.toUpperCase() : colour });
        }
    }
    pos.white = listOrder("white", pos.white);
    pos.black = listOrder("black", pos.black);
    return pos;
}

// ---------------------------------------------------------------------------
// driving the original

function makeDriver(engine) {
    const { BOARD, PLAYER, NEXT, SP } = engine;
    const realRandom = Math.random;
    const realFloor = Math.floor;

    function withRandom(random, f) {
        Math.random = random;
        try {
            return f();
        } finally {
            Math.random = realRandom;
        }
    }

    // Position from {player_on_move, white, black} (lists in piece-list order).
    function setPosition(pos) {
        SP.player_on_move = pos.player_on_move;
        SP.white = pos.white.map((p) => ({ row: p.row, column: p.column, type: p.type }));
        SP.black = pos.black.map((p) => ({ row: p.row, column: p.column, type: p.type }));
        BOARD.create();
        // With Black to move prepare() lets the automatic Black choose a move;
        // the page's setTimeout is a no-op, so nothing is played.
        withRandom(() => 0, () => PLAYER.prepare());
        PLAYER.white.automatic = false;
        PLAYER.black.automatic = false;
    }

    function sq(piece) {
        return BOARD.get_field(piece.row, piece.column).to_string();
    }

    function token(piece) {
        return (piece.is_man ? "" : "K") + sq(piece);
    }

    // FEN from the board (the fields), not from the piece lists.
    function fen() {
        const white = [];
        const black = [];
        for (const { row, column } of CANONICAL) {
            const piece = BOARD.get_piece(row, column);
            if (piece != null) {
                (piece.is_white ? white : black).push(token(piece));
            }
        }
        const side = PLAYER.player_on_move === PLAYER.white ? "W" : "B";
        return `${side}:W${white.join(",")}:B${black.join(",")}`;
    }

    function lists() {
        return { white: PLAYER.white.pieces.map(token), black: PLAYER.black.pieces.map(token) };
    }

    // The moves PLAYER.choose_move() looks at, in its order (the same loop).
    function legalMoves() {
        const player = PLAYER.player_on_move;
        const canCapture = player.can_capture();
        const moves = [];
        for (const piece of player.pieces) {
            let generator;
            if (piece.is_man) {
                generator = canCapture ? NEXT.man_capture(piece, player.direction) : NEXT.man_move(piece, player.direction);
            } else {
                generator = canCapture ? NEXT.king_capture(piece) : NEXT.king_move(piece);
            }
            let move = generator.next().value;
            while (move != null) {
                moves.push(move);
                move = generator.next().value;
            }
        }
        return { canCapture, moves };
    }

    function describe(move) {
        const capture = move.captured_pieces.length > 0;
        const from = move.from.to_string();
        const landings = move.fields.map((f) => f.to_string());
        return {
            move: from + (capture ? ":" : "-") + landings.join(capture ? ":" : "-"),
            captured: move.captured_pieces.map(sq),
            flag: move.evaluation,
            weight: move.value_of_captured_pieces,
        };
    }

    function key(d) {
        return `${d.move}|${d.captured.join(",")}|${d.flag}|${d.weight}`;
    }

    // The original's chosen_moves, in its order: one call with Math.random = 1
    // and Math.floor recording its argument reveals chosen_moves.length; then
    // Math.random = (i + 0.5) / length makes choose_move() return element i.
    function bestMoves() {
        const player = PLAYER.player_on_move;
        const seen = [];
        Math.floor = function (x) {
            seen.push(x);
            return 0;
        };
        let first;
        try {
            first = withRandom(() => 1, () => player.choose_move());
        } finally {
            Math.floor = realFloor;
        }
        if (first == null) {
            return [];
        }
        if (seen.length !== 1 || !Number.isInteger(seen[0]) || seen[0] < 1) {
            throw new Error(`could not read the size of chosen_moves (${JSON.stringify(seen)})`);
        }
        const n = seen[0];
        const best = [];
        for (let i = 0; i < n; i += 1) {
            const m = withRandom(() => (i + 0.5) / n, () => player.choose_move());
            best.push(describe(m));
        }
        return best;
    }

    function botMove(rng) {
        return withRandom(rng, () => PLAYER.player_on_move.choose_move());
    }

    function perform(move) {
        PLAYER.player_on_move.perform_move(move);
    }

    return { setPosition, fen, lists, legalMoves, describe, key, bestMoves, botMove, perform, PLAYER, BOARD };
}

// Everything recorded about the current position, or {error} if the original throws.
function analyse(driver) {
    let legal;
    let best;
    try {
        legal = driver.legalMoves();
        best = driver.bestMoves();
    } catch (e) {
        return { error: `${e.constructor.name}: ${e.message}` };
    }
    const { PLAYER } = driver;
    const player = PLAYER.player_on_move;
    const white = player === PLAYER.white;
    const moves = legal.moves.map((m) => Object.assign(driver.describe(m), {
        king: !m.piece.is_man,
        piece: m.piece,
        to: m.to,
    }));
    const keys = new Set(moves.map(driver.key));
    for (const b of best) {
        if (!keys.has(driver.key(b))) {
            throw new Error(`best move ${b.move} is not among the legal moves at ${driver.fen()}`);
        }
    }
    const fen = driver.fen();
    const ls = driver.lists();

    const tags = new Set();
    const extra = new Set();
    if (legal.canCapture && moves.length > 0) tags.add("capture");
    if (moves.some((m) => m.captured.length >= 2)) tags.add("multi-capture");
    if (/K/.test(fen)) tags.add("king");
    if (moves.some((m) => m.king && m.captured.length > 0)) tags.add("king-capture");
    const crown = white ? 0 : 7;
    if (moves.some((m) => !m.king && m.to.row === crown)) tags.add("promotion");
    let threatened = false;
    try {
        threatened = player.pieces.some((p) => p.is_threatened());
    } catch (e) {
        extra.add("is_threatened-throws");
    }
    if (threatened) tags.add("threatened");
    if (moves.some((m) => m.to.row === 0 || m.to.row === 7 || m.to.column === 0 || m.to.column === 7)) tags.add("edge");
    if (moves.some((m) => new Set(m.captured).size < m.captured.length)) tags.add("double-jump");
    if (moves.some((m) => m.king && m.captured.length > 0) && moves.some((m) => !m.king && m.captured.length > 0)) {
        tags.add("man-and-king-capture");
    }

    // Features that only steer the choice of positions and the summary.
    if (best.length > 1) extra.add("best>1");
    if (best.length > 4) extra.add("best>4");
    for (const m of moves) extra.add(`flag:${m.flag}`);
    for (const b of best) extra.add(`best-flag:${b.flag}`);
    const boardSet = fen.split(":").slice(1).map((p) => p.slice(1).split(",").filter((t) => t).sort().join(","));
    if (boardSet[0] !== ls.white.slice().sort().join(",") || boardSet[1] !== ls.black.slice().sort().join(",")) {
        extra.add("lists-differ-from-board");
    }
    for (const m of moves) {
        if (m.king && m.captured.length > 0) {
            const start = m.move.split(":")[0];
            if (m.move.endsWith(`:${start}`)) extra.add("capture-ends-on-start");
            const prefix = m.captured.join(",") + ",";
            if (moves.some((o) => o.piece === m.piece && o.captured.length > m.captured.length &&
                o.captured.join(",").startsWith(prefix))) {
                extra.add("king-stops-though-line-continues");
            }
        }
    }
    if (keys.size < moves.length) extra.add("same-move-twice");

    return {
        fen,
        white: ls.white,
        black: ls.black,
        moves: moves.map((m) => ({ move: m.move, captured: m.captured, flag: m.flag, weight: m.weight })),
        best: best.map((b) => b.move),
        legalObjects: legal.moves,
        tags: TAGS.filter((t) => tags.has(t)),
        extra: [...extra].sort(),
    };
}

// ---------------------------------------------------------------------------
// games from the start position, played inside the original

function playGames(driver, engine, stats) {
    const games = [];
    const candidates = [];
    const plan = [];
    for (let g = 0; g < GAME_COUNT; g += 1) {
        const [white, black] = POLICIES[g % POLICIES.length];
        plan.push({ seed: GAME_SEED_BASE + g, white, black });
    }
    for (const extra of EXTRA_GAMES) plan.push(extra);
    for (let g = 0; g < plan.length; g += 1) {
        const { seed, white: whitePolicy, black: blackPolicy } = plan[g];
        const rng = mulberry32(seed);
        games.push({ game: g, seed, white: whitePolicy, black: blackPolicy });
        driver.setPosition(engine.START);
        const history = [];
        let end = "ply cap";
        for (let ply = 0; ply < PLY_CAP; ply += 1) {
            const a = analyse(driver);
            if (a.error) {
                stats.errors.push({ where: `game ${g} ply ${ply}`, error: a.error });
                end = "the original threw";
                break;
            }
            if (a.moves.length === 0) {
                end = "no moves";
                break;
            }
            candidates.push(Object.assign(a, { id: `g${String(g).padStart(3, "0")}-p${String(ply).padStart(3, "0")}`,
                kind: "game", history: history.slice(), game: g, ply }));
            const whiteToMove = driver.PLAYER.player_on_move === driver.PLAYER.white;
            let policy = whiteToMove ? whitePolicy : blackPolicy;
            // Every policy plays a capture that takes a piece twice when one is legal.
            const twice = a.moves.findIndex((m) => new Set(m.captured).size < m.captured.length);
            let move;
            if (twice >= 0) {
                move = a.legalObjects[twice];
            } else {
                if (policy === "mixed") {
                    policy = rng() < 0.5 ? "bot" : "random";
                }
                move = policy === "bot" ? driver.botMove(rng) : a.legalObjects[randInt(rng, a.legalObjects.length)];
            }
            const notation = driver.describe(move).move;
            try {
                driver.perform(move);
            } catch (e) {
                stats.errors.push({ where: `game ${g} ply ${ply} playing ${notation}`, error: `${e.constructor.name}: ${e.message}` });
                end = "the original threw";
                break;
            }
            history.push(notation);
        }
        games[g].plies = history.length;
        games[g].end = end;
    }
    return { games, candidates };
}

// ---------------------------------------------------------------------------
// set-up positions

function randomSetup(rng) {
    const toMove = rng() < 0.5 ? "white" : "black";
    const style = pick(rng, ["sparse", "sparse", "medium", "medium", "dense"]);
    const range = { sparse: [1, 4], medium: [2, 8], dense: [5, 12] }[style];
    const count = () => range[0] + randInt(rng, range[1] - range[0] + 1);
    const counts = { white: count(), black: count() };
    const kingRate = pick(rng, [0, 0.2, 0.5, 0.8, 1]);
    const contact = pick(rng, [0.2, 0.5, 0.8, 0.95]);
    const board = new Map();
    const pieces = { white: [], black: [] };
    const free = (r, c) => r >= 0 && r < 8 && c >= 0 && c < 8 && (r + c) % 2 === 1 && !board.has(r * 8 + c);
    const order = [];
    for (let i = 0; i < Math.max(counts.white, counts.black); i += 1) {
        if (i < counts.white) order.push("white");
        if (i < counts.black) order.push("black");
    }
    for (const colour of order) {
        const other = colour === "white" ? "black" : "white";
        const king = rng() < kingRate;
        const crown = colour === "white" ? 0 : 7;
        let placed = null;
        for (let attempt = 0; attempt < 40 && placed === null; attempt += 1) {
            let r;
            let c;
            if (pieces[other].length > 0 && rng() < contact) {
                // next to (or a few squares along a diagonal from) an enemy piece
                const target = pick(rng, pieces[other]);
                const dr = rng() < 0.5 ? 1 : -1;
                const dc = rng() < 0.5 ? 1 : -1;
                const dist = rng() < 0.7 ? 1 : 2 + randInt(rng, 3);
                r = target.row + dr * dist;
                c = target.column + dc * dist;
            } else {
                const s = pick(rng, CANONICAL);
                r = s.row;
                c = s.column;
            }
            if (free(r, c) && (king || r !== crown)) {
                placed = { row: r, column: c, type: king ? colour.toUpperCase() : colour };
            }
        }
        if (placed !== null) {
            board.set(placed.row * 8 + placed.column, colour);
            pieces[colour].push(placed);
        }
    }
    if (pieces.white.length === 0 || pieces.black.length === 0) {
        return null;
    }
    return { player_on_move: toMove, white: listOrder("white", pieces.white), black: listOrder("black", pieces.black) };
}

function makeSetups(driver, stats) {
    const candidates = [];
    const handMade = [];
    let index = 0;
    for (const fen of HAND_MADE) {
        driver.setPosition(parseFen(fen));
        const a = analyse(driver);
        if (a.error || a.moves.length === 0 || a.fen !== fen) {
            throw new Error(`hand-made position ${fen} is unusable (${a.error || a.fen})`);
        }
        handMade.push(Object.assign(a, { kind: "setup", history: [], n: index++, forced: true }));
    }
    const rng = mulberry32(SETUP_SEED);
    let tried = 0;
    let noMoves = 0;
    while (candidates.length < SETUP_CANDIDATES) {
        const pos = randomSetup(rng);
        if (pos === null) continue;
        tried += 1;
        let a;
        try {
            driver.setPosition(pos);
            a = analyse(driver);
        } catch (e) {
            a = { error: `${e.constructor.name}: ${e.message}` };
        }
        if (a.error) {
            stats.errors.push({ where: `set-up ${JSON.stringify(pos)}`, error: a.error });
            continue;
        }
        if (a.moves.length === 0) {
            noMoves += 1;
            continue;
        }
        candidates.push(Object.assign(a, { kind: "setup", history: [], n: index++ }));
    }
    stats.setupTried = tried;
    stats.setupNoMoves = noMoves;
    return { handMade, candidates };
}

// ---------------------------------------------------------------------------
// choosing a varied subset

function select(candidates, target, rng, perGroupCap, forced) {
    const counts = new Map();
    const chosen = [];
    const seenPositions = new Set();
    const perGroup = new Map();
    const noise = candidates.map(() => rng());
    const features = candidates.map((c) => c.tags.concat(c.extra, c.tags.length === 0 ? ["quiet"] : []));
    const add = (i) => {
        const c = candidates[i];
        chosen.push(i);
        seenPositions.add(c.fen + "|" + c.white.join(",") + "|" + c.black.join(","));
        perGroup.set(c.group, (perGroup.get(c.group) || 0) + 1);
        for (const f of features[i]) counts.set(f, (counts.get(f) || 0) + 1);
    };
    for (const i of forced) add(i);
    const taken = new Set(chosen);
    while (chosen.length < target) {
        let bestI = -1;
        let bestScore = -Infinity;
        for (let i = 0; i < candidates.length; i += 1) {
            if (taken.has(i)) continue;
            const c = candidates[i];
            if ((perGroup.get(c.group) || 0) >= perGroupCap) continue;
            if (seenPositions.has(c.fen + "|" + c.white.join(",") + "|" + c.black.join(","))) continue;
            let score = noise[i];
            for (const f of features[i]) score += 4 / (1 + (counts.get(f) || 0));
            // keep the file small: long move lists cost a little
            score -= c.moves.length / 120;
            if (score > bestScore) {
                bestScore = score;
                bestI = i;
            }
        }
        if (bestI < 0) break;
        taken.add(bestI);
        add(bestI);
    }
    return chosen.sort((a, b) => a - b).map((i) => candidates[i]);
}

// ---------------------------------------------------------------------------

function record(c) {
    return {
        id: c.id,
        kind: c.kind,
        fen: c.fen,
        white: c.white,
        black: c.black,
        history: c.history,
        moves: c.moves,
        best: c.best,
        tags: c.tags,
    };
}

function main() {
    const args = parseArgs(process.argv.slice(2));
    const workDir = fs.mkdtempSync(path.join(os.tmpdir(), "damebot-vectors-"));
    const realSetTimeout = global.setTimeout;
    const realLog = console.log;
    try {
        let source = args.source || process.env.DAMEBOT_SOURCE || null;
        if (source === null) {
            source = cloneSource(workDir);
            if (source === null) {
                fail(`no source: pass --source DIR (or set DAMEBOT_SOURCE) with ${REPOSITORY} at commit ${COMMIT}, ` +
                    `e.g. git -C MIRROR archive 3ddfe58 | tar -x -C DIR (cloning ${CLONE_URL} failed)`);
            }
        }
        source = path.resolve(source);
        const hashes = checkSource(source);
        const engine = loadEngine(source, workDir);

        // The page's pauses and its developer-console output.
        global.setTimeout = function () { return 0; };
        console.log = function () {};

        const driver = makeDriver(engine);
        const stats = { errors: [] };

        // sanity checks on the start position
        driver.setPosition(engine.START);
        const start = analyse(driver);
        if (start.error || start.fen !== START_FEN || start.moves.length !== 7) {
            throw new Error(`start position: ${start.error || start.fen} with ${start.moves && start.moves.length} moves`);
        }
        if (start.white.join(",") !== "a1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,g3" ||
            start.black.join(",") !== "b8,d8,f8,h8,a7,c7,e7,g7,b6,d6,f6,h6") {
            throw new Error("start position: unexpected piece lists");
        }
        const check = parseFen(START_FEN);
        if (JSON.stringify(check) !== JSON.stringify(engine.START)) {
            throw new Error("the FEN order convention does not reproduce starting_position.json");
        }

        const selRng = mulberry32(SELECTION_SEED);
        const { games, candidates: gameCandidates } = playGames(driver, engine, stats);
        for (const c of gameCandidates) c.group = `g${c.game}`;
        const startIndex = gameCandidates.findIndex((c) => c.id === "g000-p000");
        const gameRecords = select(gameCandidates, GAME_TARGET, selRng, PER_GAME_CAP, [startIndex]);

        const { handMade, candidates: setupCandidates } = makeSetups(driver, stats);
        const all = handMade.concat(setupCandidates);
        for (const c of all) c.group = "setup";
        const setupRecords = select(all, SETUP_TARGET, selRng, Infinity, handMade.map((_, i) => i));
        setupRecords.forEach((c, i) => { c.id = `s${String(i).padStart(4, "0")}`; });

        // Every game record is reached again by replaying its history (each
        // notation matching exactly one legal move); every set-up record's
        // lists follow the FEN order convention.
        for (const c of gameRecords) {
            driver.setPosition(engine.START);
            for (const n of c.history) {
                const matching = driver.legalMoves().moves.filter((m) => driver.describe(m).move === n);
                if (matching.length !== 1) {
                    throw new Error(`${c.id}: ${n} matches ${matching.length} legal moves on replay`);
                }
                driver.perform(matching[0]);
            }
            const ls = driver.lists();
            if (driver.fen() !== c.fen || ls.white.join() !== c.white.join() || ls.black.join() !== c.black.join()) {
                throw new Error(`${c.id}: replaying the history does not reach the recorded position`);
            }
        }
        for (const c of setupRecords) {
            const pos = parseFen(c.fen);
            const tokens = (list) => list.map((p) => (p.type === p.type.toUpperCase() ? "K" : "") + squareName(p.row, p.column));
            if (tokens(pos.white).join() !== c.white.join() || tokens(pos.black).join() !== c.black.join()) {
                throw new Error(`${c.id}: piece lists do not follow the FEN order convention`);
            }
        }

        global.setTimeout = realSetTimeout;
        console.log = realLog;

        const header = {
            about: "Legal moves and best-move sets of the original TypeScript Damebot (Czech draughts), recorded by running it headless under Node.js, as reference data for the Rust port.",
            source: { repository: REPOSITORY, commit: COMMIT, sha256: hashes },
            command: CANONICAL_COMMAND,
            typescript: require("typescript").version,
            node: Number.parseInt(process.versions.node.split(".")[0], 10),
            order: "Piece lists (and so the bot's move order) run from each side's own back rank forward, files a to h within a rank (White: rank 1, 2, ...; Black: rank 8, 7, ...), as in the original's starting_position.json; set-up positions use this order, game positions keep the order the original's lists have after the moves in history.",
            fields: {
                id: "gNNN-pNNN: game NNN before ply NNN; sNNNN: set-up position",
                kind: "game (reached from the start by history) or setup",
                fen: "side to move, then W and White's squares, B and Black's squares (K = king), each in order a1,c1,...,h8 (rank ascending, file ascending), read from the board",
                white: "White's piece list in the original's order (K = king); may differ from the board after a capture list with a duplicate piece",
                black: "Black's piece list, likewise",
                history: "moves from the start position (empty for setups)",
                moves: "legal moves in the order choose_move enumerates them: move (c3-d4; capture: start and every landing square joined by ':'), captured (squares in jump order, duplicates kept), flag (the original's evaluation bit flags), weight (value_of_captured_pieces: man 1, king 3)",
                best: "the original's chosen_moves in its order; the bot picks one uniformly at random",
                tags: "capture, multi-capture (a move takes 2+), king (a king on the board), king-capture, promotion (a man can reach its last rank), threatened (the original's is_threatened() holds for a piece to move), edge (a move ends on the board's edge), double-jump (a capture list holds a piece twice), man-and-king-capture",
            },
            policies: "random: a uniformly random legal move; bot: the original's choose_move with Math.random = mulberry32(seed); mixed: each move by one of the two, drawn at random; every policy plays a capture that takes a piece twice whenever one is legal",
            games: games.map((g) => ({ game: g.game, seed: g.seed, white: g.white, black: g.black, plies: g.plies, end: g.end })),
            setup_seed: SETUP_SEED,
            selection_seed: SELECTION_SEED,
            prng: "mulberry32",
        };
        const lines = [JSON.stringify(header)];
        for (const c of gameRecords.concat(setupRecords)) lines.push(JSON.stringify(record(c)));
        const text = lines.join("\n") + "\n";
        fs.mkdirSync(path.dirname(path.resolve(args.out)), { recursive: true });
        fs.writeFileSync(args.out, text);

        summary(args.out, text, gameRecords, setupRecords, stats, gameCandidates.length, setupCandidates.length);
    } finally {
        global.setTimeout = realSetTimeout;
        console.log = realLog;
        fs.rmSync(workDir, { recursive: true, force: true });
    }
}

function summary(out, text, gameRecords, setupRecords, stats, gameCandidates, setupCandidates) {
    const lines = [];
    const w = (s) => lines.push(s);
    const all = gameRecords.concat(setupRecords);
    w(`wrote ${path.relative(process.cwd(), path.resolve(out)) || out}: ${all.length} positions, ${text.length} bytes`);
    w(`  games: ${gameRecords.length} (of ${gameCandidates} positions played), setups: ${setupRecords.length} (of ${setupCandidates} candidates; ${stats.setupNoMoves} more had no move for the side to move)`);
    const cols = ["game", "setup", "all"];
    w(`  ${"tag".padEnd(34)}${cols.map((c) => c.padStart(7)).join("")}`);
    const row = (label, f) => {
        const n = [gameRecords.filter(f).length, setupRecords.filter(f).length, all.filter(f).length];
        w(`  ${label.padEnd(34)}${n.map((x) => String(x).padStart(7)).join("")}`);
    };
    for (const t of TAGS) row(t, (c) => c.tags.includes(t));
    row("(no tag)", (c) => c.tags.length === 0);
    row("White to move", (c) => c.fen.startsWith("W"));
    row("Black to move", (c) => c.fen.startsWith("B"));
    row("duplicate captured piece", (c) => c.moves.some((m) => new Set(m.captured).size < m.captured.length));
    row("best set size > 1", (c) => c.best.length > 1);
    row("lists differ from board", (c) => c.extra.includes("lists-differ-from-board"));
    row("king stops though line continues", (c) => c.extra.includes("king-stops-though-line-continues"));
    row("capture ends on its start square", (c) => c.extra.includes("capture-ends-on-start"));
    row("same move listed twice", (c) => c.extra.includes("same-move-twice"));
    w(`  the original threw: ${stats.errors.length} position(s) skipped`);
    const byError = new Map();
    for (const e of stats.errors) byError.set(e.error, (byError.get(e.error) || 0) + 1);
    for (const [e, n] of byError) w(`    ${n} x ${e} (e.g. ${stats.errors.find((x) => x.error === e).where})`);
    process.stdout.write(lines.join("\n") + "\n");
}

if (require.main === module) {
    try {
        main();
    } catch (e) {
        if (!(e instanceof UsageError)) throw e;
        process.stderr.write(`generate.js: ${e.message}\n`);
        process.exitCode = 2;
    }
}

module.exports = { loadEngine, makeDriver, analyse, parseFen, mulberry32, checkSource };
