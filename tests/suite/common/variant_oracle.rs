//! A deliberately simple draughts move generator for twelve rule sets, written only for the
//! tests: a square array board indexed by (rank, file), a recursive capture search that lists
//! every route and filters them afterwards, and its own FEN reader and writer. It shares no
//! code with `boardlab::draughts`, so that agreement between the two is evidence about the
//! rules and not about a shared helper. Nothing here is fast; everything is meant to be read.
//!
//! # Board and numbering
//!
//! The board is N×N (8, 10 or 12). Rank 1 is at the bottom (White's side), file a at the left
//! as White sees it; White's men start on the bottom rows and move up, White moves first.
//! A square (rank r, file f), both counted from 0, is dark (playable) when r + f is even, so
//! a1 is dark; the Spanish and Italian boards are mirrored (h1 dark, a1 light) and use odd
//! r + f. Squares are numbered as in PDN: 1 is the leftmost dark square of the top row, and
//! the numbers run left to right along each row, rows from top to bottom. On 10×10, 1 = b10,
//! 46 = a1, 50 = i1; on the 8×8 board 1 = b8 and 29 = a1; on the mirrored 8×8 board 1 = a8
//! and 32 = h1.
//!
//! # Rules common to all twelve
//!
//! Men step one square diagonally forward. Capturing is compulsory and goes on while the
//! capturing piece can capture again; the whole chain is one move. A man jumps an adjacent
//! opposing piece onto the empty square directly beyond it. Captured pieces stay on the board
//! until the move ends (they block lines and cannot be jumped twice), except under the Thai
//! rule of passing capture; the moving piece's own start square is empty during its move. A
//! man that ends its move on the far rank is crowned. A flying king moves any distance along
//! a diagonal over empty squares and captures the first piece on a line when empty squares
//! follow it, landing on any of those empty squares; if a further capture is possible from
//! some of them it must land on one of those. A short king moves and jumps like a man, but in
//! all four diagonal directions.
//!
//! # What differs per rule set
//!
//! The flags of [`OracleRules`] follow the rule headers of the reference library dctl
//! (github.com/rhalbersma/dctl, `include/dctl/core/rules/*.hpp`), which cite the federation
//! rules:
//!
//! - Czech (damweb.cz): flying kings, men capture forward only; a capture by a king must be
//!   chosen over a capture by a man.
//! - English checkers (usacheckers.com): short kings, men capture forward only, free choice.
//! - Russian (shashist.ru, kodeks 2004): flying kings, men capture backward too, free choice;
//!   a man reaching the far rank during a capture is crowned at once and, if it can, goes on
//!   capturing as a king.
//! - Brazilian and Canadian: the international rules on 8×8 and on 12×12.
//! - Pool checkers (APCA): flying kings, men capture backward too, free choice.
//! - Spanish (mirrored board): flying kings, men capture forward only; the most pieces, then
//!   the most kings.
//! - Italian (FID, mirrored board): short kings, men capture forward only and never capture
//!   kings; the most pieces, then a capture by a king, then the most kings, then the king
//!   met first (the places of the kings in the capture order, compared first to last: the
//!   route whose first king comes earlier wins, on a tie the second king decides, …).
//! - Thai: two rows of men each; flying kings that land only on the square directly behind
//!   the piece taken; men capture forward only; captured pieces leave the board as they are
//!   taken, so a king may cross their squares again, even turning straight back; free choice.
//! - International (FMJD): flying kings, men capture backward too; the most pieces.
//! - Killer (mindsports.nl): international, except that a king whose capture ends by taking
//!   a king must stop on the square directly behind it.
//! - Frisian (friesdammen.nl): international, except that men and kings also capture along
//!   ranks and files (a man jumps the piece on the next dark square of its rank or file, two
//!   squares away, onto the one after), and the capture of the highest value must be chosen,
//!   a king counting just under two men, then a capture by a king. Its limit of three king
//!   moves in a row depends on the game's history, not on the position, and is left out.
//!
//! # Capture routes
//!
//! A move is one capture route: the pieces taken, in order, and the squares landed on. The
//! search lists every route; where a flying king takes two pieces on one straight line, the
//! square it passes between them is no real choice, so it is written as the last empty
//! square before the second piece and the route is kept once. Routes that still differ (in
//! a piece taken, the order, or a square turned on) are all kept. That is how dctl's
//! generator (`include/dctl/core/model/detail/king_jumps.hpp`) counts under its
//! `keep_duplicates` policy: it continues straight on only from the first landing square and
//! turns from every landing square, so in Frisian, where a king can reach the same next
//! piece along a rank from one landing square and along a diagonal from another, two routes
//! may take the same pieces in the same order and end on the same square. [`perft`] with
//! `merge_equal` counts routes with the same start, end, set of captured pieces and crowning
//! once, as dctl's `drop_duplicates` does.

#![allow(dead_code)]

use std::collections::HashSet;

/// The largest board side.
const MAX: usize = 12;

/// A square as (rank, file), both counted from 0.
type Coord = (i32, i32);

/// A direction as (rank step, file step). A diagonal step goes to the next square; an
/// orthogonal step (Frisian) goes two ranks or two files, to the next dark square on the
/// same rank or file.
type Dir = (i32, i32);

const DIAGONALS: [Dir; 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];
const ORTHOGONALS: [Dir; 4] = [(2, 0), (0, 2), (-2, 0), (0, -2)];

/// How captures of equal legality are ranked: only the routes of the highest rank may be
/// played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Precedence {
    /// Any capture may be chosen (English, Russian, pool, Thai).
    Free,
    /// A capture by a king must be chosen over a capture by a man (Czech).
    KingFirst,
    /// The most pieces (international, Brazilian, Canadian, killer).
    MostPieces,
    /// The most pieces, then the most kings (Spanish).
    MostPiecesThenKings,
    /// The most pieces, then with a king, then the most kings, then the earliest kings
    /// (Italian).
    Italian,
    /// The highest value, a king counting just under two men, then with a king (Frisian).
    Frisian,
}

/// One rule set, as flags.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleRules {
    /// The rule set's name, as given to [`rules`].
    pub name: &'static str,
    /// Board side: 8, 10 or 12.
    size: usize,
    /// a1 is light and h1 dark (Spanish, Italian).
    mirrored: bool,
    /// Rows of men each side starts with.
    rows_of_men: usize,
    /// Kings move and capture at any distance; otherwise one square.
    flying_kings: bool,
    /// Men capture backward as well as forward.
    men_capture_backward: bool,
    /// Men and kings also capture along ranks and files (Frisian).
    orthogonal_captures: bool,
    /// Men may capture kings (not in Italian).
    men_capture_kings: bool,
    /// A man reaching the far rank during a capture is crowned at once and goes on capturing
    /// as a king (Russian).
    passing_promotion: bool,
    /// Captured pieces leave the board as they are taken (Thai).
    passing_capture: bool,
    /// A king lands only on the square directly behind the piece it takes (Thai).
    land_behind_piece: bool,
    /// A king's capture that ends by taking a king stops directly behind it (killer).
    halt_behind_king: bool,
    precedence: Precedence,
}

/// The twelve rule sets: czech, english, russian, brazilian, pool, spanish, italian, thai
/// (8×8), international, frisian, killer (10×10) and canadian (12×12).
pub fn rules(name: &str) -> OracleRules {
    // International draughts (FMJD) on a board of the given side, the base of most others.
    let international = |name: &'static str, size: usize| OracleRules {
        name,
        size,
        mirrored: false,
        rows_of_men: size / 2 - 1,
        flying_kings: true,
        men_capture_backward: true,
        orthogonal_captures: false,
        men_capture_kings: true,
        passing_promotion: false,
        passing_capture: false,
        land_behind_piece: false,
        halt_behind_king: false,
        precedence: Precedence::MostPieces,
    };
    // The base of the 8×8 games whose men capture forward only: no precedence rule.
    let forward_only = |name: &'static str| OracleRules {
        men_capture_backward: false,
        precedence: Precedence::Free,
        ..international(name, 8)
    };
    match name {
        "czech" => OracleRules {
            precedence: Precedence::KingFirst,
            ..forward_only("czech")
        },
        "english" => OracleRules {
            flying_kings: false,
            ..forward_only("english")
        },
        "russian" => OracleRules {
            passing_promotion: true,
            precedence: Precedence::Free,
            ..international("russian", 8)
        },
        "brazilian" => international("brazilian", 8),
        "pool" => OracleRules {
            precedence: Precedence::Free,
            ..international("pool", 8)
        },
        "spanish" => OracleRules {
            mirrored: true,
            precedence: Precedence::MostPiecesThenKings,
            ..forward_only("spanish")
        },
        "italian" => OracleRules {
            mirrored: true,
            flying_kings: false,
            men_capture_kings: false,
            precedence: Precedence::Italian,
            ..forward_only("italian")
        },
        "thai" => OracleRules {
            rows_of_men: 2,
            passing_capture: true,
            land_behind_piece: true,
            ..forward_only("thai")
        },
        "international" => international("international", 10),
        "killer" => OracleRules {
            halt_behind_king: true,
            ..international("killer", 10)
        },
        "frisian" => OracleRules {
            orthogonal_captures: true,
            precedence: Precedence::Frisian,
            ..international("frisian", 10)
        },
        "canadian" => international("canadian", 12),
        _ => panic!("unknown rule set {name:?}"),
    }
}

impl OracleRules {
    /// The board side: 8, 10 or 12.
    pub fn size(&self) -> usize {
        self.size
    }

    fn is_dark(&self, (rank, file): Coord) -> bool {
        (rank + file) % 2 == i32::from(self.mirrored)
    }

    fn on_board(&self, (rank, file): Coord) -> bool {
        let n = self.size as i32;
        (0..n).contains(&rank) && (0..n).contains(&file)
    }

    /// The number of squares.
    fn squares(&self) -> u32 {
        (self.size * self.size / 2) as u32
    }

    /// The PDN number of a dark square.
    fn number(&self, (rank, file): Coord) -> u32 {
        assert!(self.on_board((rank, file)) && self.is_dark((rank, file)));
        let row_from_top = self.size as u32 - 1 - rank as u32;
        row_from_top * (self.size as u32 / 2) + file as u32 / 2 + 1
    }

    /// The square of a PDN number.
    fn coord(&self, number: u32) -> Coord {
        assert!(
            (1..=self.squares()).contains(&number),
            "no square {number} on a {0}×{0} board",
            self.size
        );
        let half = self.size as u32 / 2;
        let rank = (self.size as u32 - 1 - (number - 1) / half) as i32;
        let file = (2 * ((number - 1) % half)) as i32;
        if self.is_dark((rank, file)) {
            (rank, file)
        } else {
            (rank, file + 1)
        }
    }

    fn far_rank(&self, white: bool) -> i32 {
        if white { self.size as i32 - 1 } else { 0 }
    }

    /// The directions a man of the given colour captures in.
    fn man_capture_dirs(&self, white: bool) -> Vec<Dir> {
        let forward = if white { 1 } else { -1 };
        let mut dirs: Vec<Dir> = DIAGONALS
            .into_iter()
            .filter(|&(dr, _)| self.men_capture_backward || dr == forward)
            .collect();
        if self.orthogonal_captures {
            dirs.extend(ORTHOGONALS);
        }
        dirs
    }

    /// The directions a king captures in.
    fn king_capture_dirs(&self) -> Vec<Dir> {
        let mut dirs = DIAGONALS.to_vec();
        if self.orthogonal_captures {
            dirs.extend(ORTHOGONALS);
        }
        dirs
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cell {
    Empty,
    Piece { white: bool, king: bool },
}

/// A position: the board and the side to move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OraclePosition {
    /// `cells[rank][file]`, rank 0 = rank 1, file 0 = file a; only the first `size` ranks and
    /// files are used.
    cells: [[Cell; MAX]; MAX],
    size: usize,
    pub white_to_move: bool,
}

/// A legal move. A quiet move has one landing square (its destination) and no captures.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct OracleMove {
    pub from: u32,
    pub to: u32,
    /// Every square landed on, the last being `to`.
    pub landings: Vec<u32>,
    /// The captured squares in the order taken.
    pub captured: Vec<u32>,
}

impl OracleMove {
    /// `32-28` for a quiet move, `37x28x19` for a capture, PDN style.
    pub fn text(&self) -> String {
        let separator = if self.captured.is_empty() { "-" } else { "x" };
        let mut text = self.from.to_string();
        for landing in &self.landings {
            text.push_str(separator);
            text.push_str(&landing.to_string());
        }
        text
    }
}

/// A capture route while it is being searched and once it is complete.
#[derive(Clone, Debug)]
struct Route {
    from: Coord,
    landings: Vec<Coord>,
    /// (square, was a king) for each piece taken, in order.
    captured: Vec<(Coord, bool)>,
    /// The direction of each jump.
    dirs: Vec<Dir>,
    /// For each jump, whether the jumping piece could choose among several landing squares
    /// (a flying king, outside Thai rules).
    free_landing: Vec<bool>,
    with_king: bool,
}

impl Route {
    /// Where a flying king takes two pieces on one line, the square it passes between them
    /// is written as the last empty square before the second.
    fn canonical(mut self) -> Route {
        for i in 0..self.landings.len().saturating_sub(1) {
            let dir = self.dirs[i];
            if self.free_landing[i] && self.dirs[i + 1] == dir {
                let (next, _) = self.captured[i + 1];
                self.landings[i] = (next.0 - dir.0, next.1 - dir.1);
            }
        }
        self
    }

    /// The rank of the route under a precedence rule: only routes of the highest rank are
    /// legal.
    fn rank(&self, precedence: Precedence) -> (i64, i64, i64, i64) {
        let pieces = self.captured.len() as i64;
        let kings = self.captured.iter().filter(|(_, king)| *king).count() as i64;
        let with_king = i64::from(self.with_king);
        // Italian: a king taken earlier beats one taken later. Bit 62 - i stands for a king
        // as the i-th piece taken, so the larger number takes its first king earlier, and on
        // a tie its next one, and so on.
        let order: i64 = self
            .captured
            .iter()
            .enumerate()
            .filter(|(_, (_, king))| *king)
            .map(|(i, _)| 1i64 << (62 - i))
            .sum();
        match precedence {
            Precedence::Free => (0, 0, 0, 0),
            Precedence::KingFirst => (with_king, 0, 0, 0),
            Precedence::MostPieces => (pieces, 0, 0, 0),
            Precedence::MostPiecesThenKings => (pieces, kings, 0, 0),
            Precedence::Italian => (pieces, with_king, kings, order),
            // dctl's frisian.hpp: value (pieces + kings) * M - kings with M larger than any
            // number of kings, so a king counts for just under two men.
            Precedence::Frisian => ((pieces + kings) * 1000 - kings, with_king, 0, 0),
        }
    }
}

/// A possible jump: its direction, the piece jumped and the squares the jumper may land on.
type Jump = (Dir, Coord, Vec<Coord>);

impl OraclePosition {
    fn empty(rules: &OracleRules, white_to_move: bool) -> OraclePosition {
        OraclePosition {
            cells: [[Cell::Empty; MAX]; MAX],
            size: rules.size,
            white_to_move,
        }
    }

    /// The starting position: each side's men on the dark squares of its first rows.
    pub fn start(rules: &OracleRules) -> OraclePosition {
        let mut position = OraclePosition::empty(rules, true);
        let n = rules.size as i32;
        let rows = rules.rows_of_men as i32;
        for rank in 0..n {
            for file in 0..n {
                if !rules.is_dark((rank, file)) {
                    continue;
                }
                if rank < rows {
                    position.set(
                        (rank, file),
                        Cell::Piece {
                            white: true,
                            king: false,
                        },
                    );
                } else if rank >= n - rows {
                    position.set(
                        (rank, file),
                        Cell::Piece {
                            white: false,
                            king: false,
                        },
                    );
                }
            }
        }
        position
    }

    /// Reads a PDN FEN such as `W:W31-50:B1-20` or `B:WK4,18,31-33:B12`: the side to move,
    /// then the White and the Black list in either order, each a comma separated list of
    /// numbers and ranges `a-b`, with `K` before a king. Spaces are ignored.
    pub fn from_fen(rules: &OracleRules, fen: &str) -> OraclePosition {
        let text: String = fen.chars().filter(|c| !c.is_whitespace()).collect();
        let fields: Vec<&str> = text.split(':').collect();
        let white_to_move = match fields[0] {
            "W" => true,
            "B" => false,
            side => panic!("bad side {side:?} in FEN {fen:?}"),
        };
        assert!(fields.len() <= 3, "too many fields in FEN {fen:?}");
        let mut position = OraclePosition::empty(rules, white_to_move);
        let mut seen = [false; 2];
        for field in &fields[1..] {
            let white = match field.chars().next() {
                Some('W') => true,
                Some('B') => false,
                _ => panic!("bad list {field:?} in FEN {fen:?}"),
            };
            assert!(
                !seen[usize::from(white)],
                "two lists for one side in {fen:?}"
            );
            seen[usize::from(white)] = true;
            for item in field[1..].split(',').filter(|item| !item.is_empty()) {
                let king = item.starts_with('K');
                let numbers = item.trim_start_matches('K');
                let parse = |s: &str| -> u32 {
                    s.parse()
                        .unwrap_or_else(|_| panic!("bad square {s:?} in FEN {fen:?}"))
                };
                let (first, last) = match numbers.split_once('-') {
                    Some((a, b)) => (parse(a), parse(b)),
                    None => (parse(numbers), parse(numbers)),
                };
                assert!(first <= last, "bad range {item:?} in FEN {fen:?}");
                for number in first..=last {
                    let square = rules.coord(number);
                    assert!(
                        position.at(square) == Cell::Empty,
                        "square {number} twice in FEN {fen:?}"
                    );
                    position.set(square, Cell::Piece { white, king });
                }
            }
        }
        position
    }

    /// The canonical FEN: `W:W31,32,K45:B1,2`, numbers ascending, no ranges.
    pub fn to_fen(&self, rules: &OracleRules) -> String {
        let mut lists = [String::new(), String::new()];
        for number in 1..=rules.squares() {
            if let Cell::Piece { white, king } = self.at(rules.coord(number)) {
                let list = &mut lists[usize::from(!white)];
                if !list.is_empty() {
                    list.push(',');
                }
                if king {
                    list.push('K');
                }
                list.push_str(&number.to_string());
            }
        }
        let side = if self.white_to_move { "W" } else { "B" };
        format!("{side}:W{}:B{}", lists[0], lists[1])
    }

    fn at(&self, (rank, file): Coord) -> Cell {
        self.cells[rank as usize][file as usize]
    }

    fn set(&mut self, (rank, file): Coord, cell: Cell) {
        self.cells[rank as usize][file as usize] = cell;
    }

    fn is_empty(&self, rules: &OracleRules, square: Coord) -> bool {
        rules.on_board(square) && self.at(square) == Cell::Empty
    }

    /// Every legal move: all capture routes of the highest precedence if there is a capture,
    /// otherwise every quiet move.
    pub fn moves(&self, rules: &OracleRules) -> Vec<OracleMove> {
        let mut routes = Vec::new();
        for square in self.own_pieces(rules) {
            self.capture_routes(rules, square, &mut routes);
        }
        let mut moves: Vec<OracleMove> = if routes.is_empty() {
            self.own_pieces(rules)
                .into_iter()
                .flat_map(|square| self.quiet_moves(rules, square))
                .collect()
        } else {
            let best = routes
                .iter()
                .map(|route| route.rank(rules.precedence))
                .max()
                .unwrap();
            routes
                .into_iter()
                .filter(|route| route.rank(rules.precedence) == best)
                .map(|route| OracleMove {
                    from: rules.number(route.from),
                    to: rules.number(*route.landings.last().unwrap()),
                    landings: route.landings.iter().map(|&l| rules.number(l)).collect(),
                    captured: route
                        .captured
                        .iter()
                        .map(|&(c, _)| rules.number(c))
                        .collect(),
                })
                .collect()
        };
        moves.sort();
        moves.dedup();
        moves
    }

    fn own_pieces(&self, rules: &OracleRules) -> Vec<Coord> {
        let n = rules.size as i32;
        let mut squares = Vec::new();
        for rank in 0..n {
            for file in 0..n {
                if matches!(self.at((rank, file)), Cell::Piece { white, .. } if white == self.white_to_move)
                {
                    squares.push((rank, file));
                }
            }
        }
        squares
    }

    fn quiet_moves(&self, rules: &OracleRules, from: Coord) -> Vec<OracleMove> {
        let Cell::Piece { white, king } = self.at(from) else {
            unreachable!()
        };
        let forward = if white { 1 } else { -1 };
        let mut moves = Vec::new();
        for (dr, df) in DIAGONALS {
            if !king && dr != forward {
                continue;
            }
            let mut to = (from.0 + dr, from.1 + df);
            while self.is_empty(rules, to) {
                moves.push(OracleMove {
                    from: rules.number(from),
                    to: rules.number(to),
                    landings: vec![rules.number(to)],
                    captured: vec![],
                });
                if !(king && rules.flying_kings) {
                    break;
                }
                to = (to.0 + dr, to.1 + df);
            }
        }
        moves
    }

    /// Every capture route of the piece on `from`, each route once, before precedence.
    fn capture_routes(&self, rules: &OracleRules, from: Coord, out: &mut Vec<Route>) {
        let Cell::Piece { king, .. } = self.at(from) else {
            unreachable!()
        };
        // The moving piece's square is empty while it moves.
        let mut board = self.clone();
        board.set(from, Cell::Empty);
        let mut route = Route {
            from,
            landings: Vec::new(),
            captured: Vec::new(),
            dirs: Vec::new(),
            free_landing: Vec::new(),
            with_king: king,
        };
        let mut found = Vec::new();
        board.extend(rules, from, king, &mut route, &mut found);
        let mut seen = HashSet::new();
        for route in found {
            let route = route.canonical();
            if seen.insert((route.landings.clone(), route.captured.clone())) {
                out.push(route);
            }
        }
    }

    /// Whether the piece on `square` may be taken by a piece of the side to move, a king if
    /// `by_king`, in the middle of `route`.
    fn is_target(&self, rules: &OracleRules, square: Coord, by_king: bool, route: &Route) -> bool {
        match self.at(square) {
            Cell::Piece { white, king } => {
                white != self.white_to_move
                    && (by_king || rules.men_capture_kings || !king)
                    && !route.captured.iter().any(|&(c, _)| c == square)
            }
            Cell::Empty => false,
        }
    }

    /// The jumps a piece (a king if `king`) standing on `at` could make next.
    fn jumps(&self, rules: &OracleRules, at: Coord, king: bool, route: &Route) -> Vec<Jump> {
        let dirs = if king {
            rules.king_capture_dirs()
        } else {
            rules.man_capture_dirs(self.white_to_move)
        };
        let flying = king && rules.flying_kings;
        let mut jumps = Vec::new();
        for dir in dirs {
            let step = |(rank, file): Coord| (rank + dir.0, file + dir.1);
            let mut victim = step(at);
            if flying {
                while self.is_empty(rules, victim) {
                    victim = step(victim);
                }
            }
            if !rules.on_board(victim) || !self.is_target(rules, victim, king, route) {
                continue;
            }
            let mut landings = Vec::new();
            let mut landing = step(victim);
            while self.is_empty(rules, landing) {
                landings.push(landing);
                if !flying || rules.land_behind_piece {
                    break;
                }
                landing = step(landing);
            }
            if !landings.is_empty() {
                jumps.push((dir, victim, landings));
            }
        }
        jumps
    }

    /// Extends `route`, whose piece (a king if `king`) stands on `at`, by every possible
    /// next jump, and records it in `out` where it cannot go on. `self` is the board during
    /// the move: the mover lifted and, under passing capture, the captured pieces gone.
    fn extend(
        &mut self,
        rules: &OracleRules,
        at: Coord,
        king: bool,
        route: &mut Route,
        out: &mut Vec<Route>,
    ) {
        let jumps = self.jumps(rules, at, king, route);
        if jumps.is_empty() {
            if !route.captured.is_empty() {
                out.push(route.clone());
            }
            return;
        }
        for (dir, victim, landings) in jumps {
            let Cell::Piece {
                king: victim_is_king,
                ..
            } = self.at(victim)
            else {
                unreachable!()
            };
            route.captured.push((victim, victim_is_king));
            route.dirs.push(dir);
            route.free_landing.push(landings.len() > 1);
            if rules.passing_capture {
                self.set(victim, Cell::Empty);
            }
            // A king must land where it can capture again, if any landing allows it.
            let continuing: Vec<Coord> = landings
                .iter()
                .copied()
                .filter(|&l| king && !self.jumps(rules, l, true, route).is_empty())
                .collect();
            let choices = if !continuing.is_empty() {
                continuing
            } else if king && rules.halt_behind_king && victim_is_king {
                // Killer: a capture ending on a king stops directly behind it.
                vec![landings[0]]
            } else {
                landings
            };
            for landing in choices {
                route.landings.push(landing);
                // Russian: a man reaching the far rank is crowned at once.
                let now_king = king
                    || (rules.passing_promotion && landing.0 == rules.far_rank(self.white_to_move));
                self.extend(rules, landing, now_king, route, out);
                route.landings.pop();
            }
            if rules.passing_capture {
                self.set(
                    victim,
                    Cell::Piece {
                        white: !self.white_to_move,
                        king: victim_is_king,
                    },
                );
            }
            route.captured.pop();
            route.dirs.pop();
            route.free_landing.pop();
        }
    }

    /// Whether the piece making `mv` ends it as a newly crowned king.
    fn crowns(&self, rules: &OracleRules, mv: &OracleMove) -> bool {
        let Cell::Piece { white, king } = self.at(rules.coord(mv.from)) else {
            panic!("no piece on {}", mv.from);
        };
        let on_far_rank = |number: u32| rules.coord(number).0 == rules.far_rank(white);
        !king
            && (on_far_rank(mv.to)
                || (rules.passing_promotion && mv.landings.iter().any(|&l| on_far_rank(l))))
    }

    /// The position after `mv`.
    pub fn play(&self, rules: &OracleRules, mv: &OracleMove) -> OraclePosition {
        let from = rules.coord(mv.from);
        let Cell::Piece { white, king } = self.at(from) else {
            panic!("no piece on {}", mv.from);
        };
        let crowned = self.crowns(rules, mv);
        let mut next = self.clone();
        next.set(from, Cell::Empty);
        for &number in &mv.captured {
            next.set(rules.coord(number), Cell::Empty);
        }
        next.set(
            rules.coord(mv.to),
            Cell::Piece {
                white,
                king: king || crowned,
            },
        );
        next.white_to_move = !self.white_to_move;
        next
    }
}

/// The number of leaves `depth` moves below `position`. With `merge_equal`, moves with the
/// same start, end, set of captured squares and crowning count once (dctl's
/// `drop_duplicates`); otherwise every capture route counts (`keep_duplicates`).
pub fn perft(rules: &OracleRules, position: &OraclePosition, depth: u32, merge_equal: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut moves = position.moves(rules);
    if merge_equal {
        let mut seen = HashSet::new();
        moves.retain(|mv| {
            let mut set = mv.captured.clone();
            set.sort_unstable();
            seen.insert((mv.from, mv.to, set, position.crowns(rules, mv)))
        });
    }
    if depth == 1 {
        return moves.len() as u64;
    }
    moves
        .iter()
        .map(|mv| perft(rules, &position.play(rules, mv), depth - 1, merge_equal))
        .sum()
}
