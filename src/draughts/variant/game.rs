//! The national games as a [`Game`]: positions carry what each rule set's endings need, White
//! takes the first seat.
//!
//! Endings, each rule set's own ([`RuleSet`], `docs/draughts-variants.md`): a side to move
//! without a legal move loses; the game is drawn when the same position (side to move
//! included) has occurred [`RuleSet::repetitions_for_draw`] times since the last capture or
//! man's move, after [`RuleSet::quiet_plies_for_draw`] plies without one, by international
//! draughts' endgame counts (FMJD article 6: three pieces with a king against a lone king,
//! 16 moves each; two pieces with a king, or a king, against a lone king, 5 moves each, counted
//! from the last capture), or at the ply cap of the spec.

use super::notation;
use super::{Engine, Position, RuleSet, Variant, VariantMove};
use crate::draughts::board::Color;
use crate::draughts::game::{Ending, seat_of};
use crate::game::{Game, GameResult, Seat};

/// A national game of draughts with a cap on its length.
#[derive(Clone, Copy, Debug)]
pub struct VariantGame {
    pub engine: Engine,
    /// Plies after which the game is drawn.
    pub max_plies: u32,
}

impl VariantGame {
    pub fn new(variant: Variant, max_plies: u32) -> VariantGame {
        VariantGame {
            engine: Engine::new(variant.rules()),
            max_plies,
        }
    }

    pub fn rules(&self) -> &RuleSet {
        self.engine.rules()
    }

    pub fn variant(&self) -> Variant {
        self.rules().variant
    }
}

/// A position in a game: the board and what the endings need.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VariantPosition {
    pub board: Position,
    /// Plies played since the start.
    pub plies: u32,
    /// Consecutive plies without a capture or a man's move.
    pub quiet_plies: u32,
    /// Plies since the last capture (the endgame counts run from there).
    pub since_capture: u32,
    /// The boards since the last capture or man's move, this one included (only these can
    /// repeat).
    pub since_irreversible: Vec<Position>,
}

impl VariantPosition {
    pub fn new(board: Position) -> VariantPosition {
        VariantPosition {
            board,
            plies: 0,
            quiet_plies: 0,
            since_capture: 0,
            since_irreversible: vec![board],
        }
    }

    /// How often the current board has occurred since the last capture or man's move.
    pub fn repetitions(&self) -> usize {
        self.since_irreversible
            .iter()
            .filter(|b| **b == self.board)
            .count()
    }
}

/// The plies after which international draughts' endgame counts draw `board` (FMJD article
/// 6), if its material is one they cover: a lone king against three pieces with a king, 16
/// moves each; against two pieces with a king or a lone king, 5 moves each.
pub fn endgame_count(board: &Position) -> Option<u32> {
    let lone_king = |pieces: u128| pieces.count_ones() == 1 && pieces & board.kings != 0;
    let [white, black] = [board.white, board.black];
    let other = if lone_king(white) {
        black
    } else if lone_king(black) {
        white
    } else {
        return None;
    };
    match other.count_ones() {
        _ if other & board.kings == 0 => None,
        1 | 2 => Some(10),
        3 => Some(32),
        _ => None,
    }
}

impl VariantGame {
    /// How the game stands in `position` if it is over: its result and the rule that ended
    /// it (an endgame count is reported as quiet plies).
    pub fn ending(&self, position: &VariantPosition) -> Option<(GameResult, Ending)> {
        let result = self.result(position)?;
        let rules = self.rules();
        let ending = match result {
            GameResult::Win(_) => Ending::NoMove,
            GameResult::Draw if position.repetitions() >= rules.repetitions_for_draw as usize => {
                Ending::Repetition
            }
            GameResult::Draw if position.plies >= self.max_plies => Ending::PlyCap,
            GameResult::Draw => Ending::QuietPlies,
        };
        Some((result, ending))
    }

    fn endgame_drawn(&self, position: &VariantPosition) -> bool {
        self.rules().endgame_counts
            && endgame_count(&position.board).is_some_and(|plies| position.since_capture >= plies)
    }
}

impl Game for VariantGame {
    type Position = VariantPosition;
    type Move = VariantMove;
    const NAME: &'static str = "draughts-variants";

    fn start(&self) -> VariantPosition {
        VariantPosition::new(self.engine.start())
    }

    fn to_move(&self, position: &VariantPosition) -> Seat {
        seat_of(position.board.side)
    }

    fn legal_moves(&self, position: &VariantPosition, moves: &mut Vec<VariantMove>) {
        self.engine.legal_moves(&position.board, moves);
    }

    fn play(&self, position: &VariantPosition, mv: &VariantMove) -> VariantPosition {
        let mut next = position.clone();
        self.advance(&mut next, mv);
        next
    }

    fn advance(&self, position: &mut VariantPosition, mv: &VariantMove) {
        let board = self.engine.play(&position.board, mv);
        let man_moved = position.board.kings >> mv.from() & 1 == 0;
        position.board = board;
        position.plies += 1;
        position.quiet_plies += 1;
        position.since_capture += 1;
        if mv.is_capture() {
            position.since_capture = 0;
        }
        if mv.is_capture() || man_moved {
            position.quiet_plies = 0;
            position.since_irreversible.clear();
        }
        position.since_irreversible.push(board);
    }

    fn result(&self, position: &VariantPosition) -> Option<GameResult> {
        let mut moves = Vec::new();
        self.legal_moves(position, &mut moves);
        if moves.is_empty() {
            return Some(GameResult::Win(seat_of(position.board.side.other())));
        }
        let rules = self.rules();
        let drawn = position.repetitions() >= rules.repetitions_for_draw as usize
            || position.quiet_plies >= rules.quiet_plies_for_draw
            || self.endgame_drawn(position)
            || position.plies >= self.max_plies;
        drawn.then_some(GameResult::Draw)
    }

    /// The players' notation: start and end, the landing squares between only where needed.
    fn move_text(&self, position: &VariantPosition, mv: &VariantMove) -> String {
        let mut legal = Vec::new();
        self.legal_moves(position, &mut legal);
        notation::move_text(self.rules(), mv, &legal)
    }

    fn parse_move(&self, position: &VariantPosition, text: &str) -> Result<VariantMove, String> {
        notation::parse_move(&self.engine, &position.board, text)
    }
}

/// The colour whose turn it is in `position`.
pub fn side(position: &VariantPosition) -> Color {
    position.board.side
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draughts::variant::notation::parse_fen;

    fn after(game: &VariantGame, position: &VariantPosition, moves: &[&str]) -> VariantPosition {
        moves.iter().fold(position.clone(), |position, text| {
            let mv = game.parse_move(&position, text).unwrap();
            game.play(&position, &mv)
        })
    }

    #[test]
    fn a_side_without_moves_loses_and_kings_shuffling_draw_by_repetition() {
        let game = VariantGame::new(Variant::International, 400);
        let lost = VariantPosition::new(parse_fen(game.rules(), "B:W28:B").unwrap());
        assert_eq!(game.result(&lost), Some(GameResult::Win(Seat::First)));
        let czech = VariantGame::new(Variant::Czech, 400);
        let start = VariantPosition::new(parse_fen(czech.rules(), "W:WKa1:BKh2").unwrap());
        let cycle = ["a1-b2", "h2-g1", "b2-a1", "g1-h2"];
        let once = after(&czech, &start, &cycle);
        assert_eq!(czech.result(&once), None);
        let twice = after(&czech, &once, &cycle);
        assert_eq!(twice.repetitions(), 3);
        assert_eq!(
            czech.ending(&twice),
            Some((GameResult::Draw, Ending::Repetition))
        );
    }

    #[test]
    fn international_endgame_counts_draw_two_kings_against_a_lone_king_after_five_moves() {
        let game = VariantGame::new(Variant::International, 400);
        let rules = game.rules();
        let start = VariantPosition::new(parse_fen(rules, "W:WK50,K49:BK1").unwrap());
        let walk = [
            "49-43", "1-6", "43-38", "6-1", "38-32", "1-6", "32-27", "6-1", "27-21",
        ];
        let position = after(&game, &start, &walk);
        assert_eq!(game.result(&position), None);
        let position = after(&game, &position, &["1-7"]);
        assert_eq!(position.since_capture, 10);
        assert_eq!(game.result(&position), Some(GameResult::Draw));
        // Russian draughts has no such count.
        let russian = VariantGame::new(Variant::Russian, 400);
        assert!(!russian.endgame_drawn(&position));
        let board = |fen: &str| parse_fen(rules, fen).unwrap();
        assert_eq!(endgame_count(&board("W:WK46,K50,K45,33:BK5")), None);
        assert_eq!(endgame_count(&board("W:WK46,K50,33:BK5")), Some(32));
        assert_eq!(endgame_count(&board("W:W46,50,33:BK5")), None);
    }

    #[test]
    fn a_frisian_king_moves_at_most_three_times_in_a_row_while_its_side_has_men() {
        let game = VariantGame::new(Variant::Frisian, 400);
        let rules = game.rules();
        let walk = ["46-41", "1-6", "41-46", "6-11", "46-41", "11-16"];
        let with_men = VariantPosition::new(parse_fen(rules, "W:WK46,35:B1").unwrap());
        let position = after(&game, &with_men, &walk);
        let mut moves = Vec::new();
        game.legal_moves(&position, &mut moves);
        let texts: Vec<String> = moves.iter().map(|m| game.move_text(&position, m)).collect();
        assert_eq!(texts, ["35-30"]);
        // Without men the king moves freely.
        let kings_only = VariantPosition::new(parse_fen(rules, "W:WK46:B1").unwrap());
        let position = after(&game, &kings_only, &walk);
        game.legal_moves(&position, &mut moves);
        assert!(moves.iter().all(|m| m.from() == moves[0].from()));
        assert!(moves.len() > 1);
    }

    #[test]
    fn random_play_with_undo_matches_a_replay_on_every_rule_set() {
        use crate::game::Sitter::{self, Person};
        use crate::game::session::random_play_with_undo;
        let bot = |name: &str| Sitter::Bot(name.to_string());
        for &variant in Variant::ALL {
            let game = VariantGame::new(variant, 40);
            for seats in [[Person, bot("random")], [bot("random"), bot("alphabeta:1")]] {
                random_play_with_undo(&game, &game.start(), &seats, 3, "draughts-variants/play")
                    .unwrap();
            }
        }
    }
}
