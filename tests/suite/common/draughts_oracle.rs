//! A deliberately simple second draughts move generator, written only for the tests: an 8×8
//! array board, coordinates (rank, file), recursive capture search, its own FEN reader and
//! move printer. It shares no code with `boardlab::draughts`, so that agreement between the
//! two is evidence about the rules and not about a shared helper.
//!
//! Rules (the contract's): men step and capture diagonally forward; capture is compulsory and
//! continues while possible; captured pieces stay on the board until the move ends and cannot
//! be jumped twice. Czech: flying kings, which after a jump must land on a square from which
//! they can capture again if any landing square on that line allows it; a king capture takes
//! priority over a man capture. English: kings step and jump one square in any direction, no
//! priority. A man ending on its last rank is crowned.
//!
//! One move per capture route: the search lists every path, then spells each one canonically
//! (where a king takes two pieces on one diagonal, its stop between them becomes the last
//! square before the second) and keeps one of each spelling. The fast generator prunes those
//! paths while searching instead; the two ways must agree.

#![allow(dead_code)]

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cell {
    Empty,
    Piece { white: bool, king: bool },
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleBoard {
    /// `cells[rank][file]`, rank 0 = rank 1, file 0 = file a.
    pub cells: [[Cell; 8]; 8],
    pub white_to_move: bool,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OracleMove {
    pub from: (i32, i32),
    pub landings: Vec<(i32, i32)>,
    pub captured: Vec<(i32, i32)>,
}

/// A square as (rank, file).
type Coord = (i32, i32);

/// A possible jump: the piece jumped and the squares the jumper may land on.
type JumpOption = (Coord, Vec<Coord>);

const DIRS: [(i32, i32); 4] = [(1, -1), (1, 1), (-1, 1), (-1, -1)];

fn name((rank, file): (i32, i32)) -> String {
    format!("{}{}", (b'a' + file as u8) as char, rank + 1)
}

fn on_board((rank, file): (i32, i32)) -> bool {
    (0..8).contains(&rank) && (0..8).contains(&file)
}

impl OracleMove {
    /// `c3-d4` or `c3:e5:c7`.
    pub fn text(&self) -> String {
        let sep = if self.captured.is_empty() { "-" } else { ":" };
        let mut text = name(self.from);
        for &l in &self.landings {
            text.push_str(sep);
            text.push_str(&name(l));
        }
        text
    }
}

impl OracleMove {
    /// Moves each stop between two captured pieces on one diagonal to the last empty square
    /// before the second piece.
    fn spell_canonically(&mut self) {
        for i in 0..self.landings.len().saturating_sub(1) {
            let before = if i == 0 {
                self.from
            } else {
                self.landings[i - 1]
            };
            let (at, next) = (self.landings[i], self.captured[i + 1]);
            let unit = |a: Coord, b: Coord| ((b.0 - a.0).signum(), (b.1 - a.1).signum());
            let direction = unit(before, at);
            if unit(at, next) == direction {
                self.landings[i] = (next.0 - direction.0, next.1 - direction.1);
            }
        }
    }
}

impl OracleBoard {
    pub fn from_fen(fen: &str) -> OracleBoard {
        let mut board = OracleBoard {
            cells: [[Cell::Empty; 8]; 8],
            white_to_move: true,
        };
        let fields: Vec<&str> = fen.trim().split(':').collect();
        board.white_to_move = fields[0] == "W";
        for field in &fields[1..] {
            let white = field.starts_with('W');
            for item in field[1..].split(',').filter(|s| !s.is_empty()) {
                let king = item.starts_with('K');
                let sq = item.trim_start_matches('K').as_bytes();
                let file = (sq[0] - b'a') as usize;
                let rank = (sq[1] - b'1') as usize;
                board.cells[rank][file] = Cell::Piece { white, king };
            }
        }
        board
    }

    pub fn to_fen(&self) -> String {
        let mut lists = [String::new(), String::new()];
        for rank in 0..8 {
            for file in 0..8 {
                if let Cell::Piece { white, king } = self.cells[rank][file] {
                    let list = &mut lists[usize::from(!white)];
                    if !list.is_empty() {
                        list.push(',');
                    }
                    if king {
                        list.push('K');
                    }
                    list.push_str(&name((rank as i32, file as i32)));
                }
            }
        }
        let side = if self.white_to_move { "W" } else { "B" };
        format!("{side}:W{}:B{}", lists[0], lists[1])
    }

    fn at(&self, (rank, file): (i32, i32)) -> Cell {
        self.cells[rank as usize][file as usize]
    }

    fn is_opponent(&self, square: (i32, i32)) -> bool {
        matches!(self.at(square), Cell::Piece { white, .. } if white != self.white_to_move)
    }

    /// Every legal move, each capture route once.
    pub fn moves(&self, english: bool) -> Vec<OracleMove> {
        let mut moves = self.every_path(english);
        for mv in &mut moves {
            mv.spell_canonically();
        }
        let mut seen = Vec::new();
        moves.retain(|mv| {
            let text = mv.text();
            let new = !seen.contains(&text);
            seen.push(text);
            new
        });
        moves
    }

    /// Every legal move, every capture path listed.
    fn every_path(&self, english: bool) -> Vec<OracleMove> {
        let mut king_captures = Vec::new();
        let mut man_captures = Vec::new();
        let mut quiet = Vec::new();
        for rank in 0..8 {
            for file in 0..8 {
                let Cell::Piece { white, king } = self.cells[rank as usize][file as usize] else {
                    continue;
                };
                if white != self.white_to_move {
                    continue;
                }
                let from = (rank, file);
                // Lift the piece: its square is empty during its own move.
                let mut lifted = self.clone();
                lifted.cells[rank as usize][file as usize] = Cell::Empty;
                let mut path = Vec::new();
                let mut taken = Vec::new();
                if king {
                    lifted.king_jumps(
                        from,
                        from,
                        english,
                        &mut path,
                        &mut taken,
                        &mut king_captures,
                    );
                } else {
                    lifted.man_jumps(from, from, &mut path, &mut taken, &mut man_captures);
                }
                self.quiet_moves(from, king, english, &mut quiet);
            }
        }
        if !king_captures.is_empty() && !english {
            return king_captures;
        }
        king_captures.extend(man_captures);
        if !king_captures.is_empty() {
            return king_captures;
        }
        quiet
    }

    fn forward(&self) -> i32 {
        if self.white_to_move { 1 } else { -1 }
    }

    fn quiet_moves(&self, from: (i32, i32), king: bool, english: bool, out: &mut Vec<OracleMove>) {
        for (dr, df) in DIRS {
            if !king && dr != self.forward() {
                continue;
            }
            let mut to = (from.0 + dr, from.1 + df);
            while on_board(to) && self.at(to) == Cell::Empty {
                out.push(OracleMove {
                    from,
                    landings: vec![to],
                    captured: vec![],
                });
                if !king || english {
                    break;
                }
                to = (to.0 + dr, to.1 + df);
            }
        }
    }

    fn man_jumps(
        &self,
        from: (i32, i32),
        at: (i32, i32),
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<OracleMove>,
    ) {
        let mut jumped = false;
        let last_rank = if self.white_to_move { 7 } else { 0 };
        if at.0 != last_rank {
            for (dr, df) in DIRS {
                if dr != self.forward() {
                    continue;
                }
                let over = (at.0 + dr, at.1 + df);
                let to = (at.0 + 2 * dr, at.1 + 2 * df);
                if on_board(to)
                    && self.is_opponent(over)
                    && !taken.contains(&over)
                    && self.at(to) == Cell::Empty
                {
                    jumped = true;
                    path.push(to);
                    taken.push(over);
                    self.man_jumps(from, to, path, taken, out);
                    path.pop();
                    taken.pop();
                }
            }
        }
        if !jumped && !path.is_empty() {
            out.push(OracleMove {
                from,
                landings: path.clone(),
                captured: taken.clone(),
            });
        }
    }

    /// The jumps a king on `at` could make next: (captured square, landing squares).
    fn king_jump_options(
        &self,
        at: (i32, i32),
        english: bool,
        taken: &[(i32, i32)],
    ) -> Vec<JumpOption> {
        let mut options = Vec::new();
        for (dr, df) in DIRS {
            let mut square = (at.0 + dr, at.1 + df);
            if !english {
                while on_board(square) && self.at(square) == Cell::Empty {
                    square = (square.0 + dr, square.1 + df);
                }
            }
            if !on_board(square) || !self.is_opponent(square) || taken.contains(&square) {
                continue;
            }
            let mut landings = Vec::new();
            let mut to = (square.0 + dr, square.1 + df);
            while on_board(to) && self.at(to) == Cell::Empty {
                landings.push(to);
                if english {
                    break;
                }
                to = (to.0 + dr, to.1 + df);
            }
            if !landings.is_empty() {
                options.push((square, landings));
            }
        }
        options
    }

    fn king_jumps(
        &self,
        from: (i32, i32),
        at: (i32, i32),
        english: bool,
        path: &mut Vec<(i32, i32)>,
        taken: &mut Vec<(i32, i32)>,
        out: &mut Vec<OracleMove>,
    ) {
        let options = self.king_jump_options(at, english, taken);
        if options.is_empty() {
            if !path.is_empty() {
                out.push(OracleMove {
                    from,
                    landings: path.clone(),
                    captured: taken.clone(),
                });
            }
            return;
        }
        for (victim, landings) in options {
            taken.push(victim);
            let continues: Vec<bool> = landings
                .iter()
                .map(|&l| !self.king_jump_options(l, english, taken).is_empty())
                .collect();
            let must_continue = continues.iter().any(|&c| c);
            for (landing, continues) in landings.into_iter().zip(continues) {
                if must_continue && !continues {
                    continue;
                }
                path.push(landing);
                self.king_jumps(from, landing, english, path, taken, out);
                path.pop();
            }
            taken.pop();
        }
    }

    pub fn play(&self, mv: &OracleMove) -> OracleBoard {
        let mut next = self.clone();
        let Cell::Piece { white, mut king } = self.at(mv.from) else {
            panic!("no piece on {}", name(mv.from));
        };
        next.cells[mv.from.0 as usize][mv.from.1 as usize] = Cell::Empty;
        for &(rank, file) in &mv.captured {
            next.cells[rank as usize][file as usize] = Cell::Empty;
        }
        let to = *mv.landings.last().unwrap();
        if to.0 == if white { 7 } else { 0 } {
            king = true;
        }
        next.cells[to.0 as usize][to.1 as usize] = Cell::Piece { white, king };
        next.white_to_move = !self.white_to_move;
        next
    }

    /// perft with every capture route counted.
    pub fn perft(&self, english: bool, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.moves(english)
            .iter()
            .map(|mv| self.play(mv).perft(english, depth - 1))
            .sum()
    }
}
