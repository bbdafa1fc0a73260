//! Two-player games: the one interface that every game and every bot plugs into.
//!
//! A game is alternating, perfect-information and finite (the "15" game, Czech draughts). Its
//! [`Game::Position`] knows whose turn it is, lists its legal moves, applies one, and says when
//! the game is over and who won. A [`Player`] (a bot) chooses a move from a position and the
//! game's random stream only, so a game is a function of (master seed, pairing, game index).
//! The shape follows OpenSpiel's `State` (`legal_actions`, `apply_action`, `is_terminal`,
//! `returns`), with positions as cheap values instead of undo.
//!
//! What every game gets from here: [`play`], the one loop that plays two bots against each
//! other; [`pairing`], game `i` of a pairing (seats, random streams, opening), the one seeding
//! scheme of bot-against-bot games; [`mcts`], the UCT search behind every `mcts:N` bot;
//! [`cancel`], the flag that stops a long search from outside; [`matches`], the match study
//! that runs seeded games in the experiment harness; and [`session`], one game of a person
//! or a bot in each seat with undo, behind every front end.

pub mod cancel;
pub mod console;
pub mod forfeit;
pub mod matches;
pub mod mcts;
pub mod pairing;
pub mod play;
pub mod session;

pub use console::Console;
pub use forfeit::{Fault, Forfeit};
pub use play::{GameBuffers, IllegalMove, play_game, play_game_with};
pub use session::{Session, SessionError, Sitter};

use rand_core::Rng;
use std::fmt;

/// One of the two seats: `First` moves first from the start position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// 0 for `First`, 1 for `Second`.
    pub fn index(self) -> usize {
        self as usize
    }
}

/// How a finished game ended, from the point of view of the seats.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    Win(Seat),
    Draw,
}

impl GameResult {
    /// +1 for a win of `seat`, 0 for a draw, −1 for a loss.
    pub fn score_for(self, seat: Seat) -> i32 {
        match self {
            GameResult::Draw => 0,
            GameResult::Win(winner) if winner == seat => 1,
            GameResult::Win(_) => -1,
        }
    }
}

/// A game: its positions and moves. Positions are values: copying one is cheap.
pub trait Game {
    /// A position, including whose turn it is and any history the rules need.
    type Position: Clone + fmt::Debug;
    /// A move in that position, printable in the game's own notation.
    type Move: Clone + fmt::Debug + fmt::Display + PartialEq;

    /// The game's name in specs and data files, e.g. `fifteen`.
    const NAME: &'static str;

    /// The position every game starts from.
    fn start(&self) -> Self::Position;

    /// The seat to move in `position`.
    fn to_move(&self, position: &Self::Position) -> Seat;

    /// Appends the legal moves of `position` to `moves` (cleared first); empty at the end.
    fn legal_moves(&self, position: &Self::Position, moves: &mut Vec<Self::Move>);

    /// The position after `mv`, which must be one of `legal_moves(position)`.
    fn play(&self, position: &Self::Position, mv: &Self::Move) -> Self::Position;

    /// [`Game::play`] in place: `position` becomes the position after `mv`. A game whose
    /// position owns a history overrides it to extend that history instead of copying it.
    fn advance(&self, position: &mut Self::Position, mv: &Self::Move) {
        *position = self.play(position, mv);
    }

    /// `Some(result)` when the game is over in `position`.
    fn result(&self, position: &Self::Position) -> Option<GameResult>;

    /// `mv` as a person would type it, which [`Game::parse_move`] reads back (OpenSpiel's
    /// `ActionToString`); by default the move's own notation.
    fn move_text(&self, _position: &Self::Position, mv: &Self::Move) -> String {
        mv.to_string()
    }

    /// The legal move of `position` that `text` names (OpenSpiel's `StringToAction`), or a
    /// one-line message naming the text and what may be typed instead. By default the legal
    /// move whose [`Game::move_text`] is `text`, spaces around it ignored.
    fn parse_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, String> {
        let mut legal = Vec::new();
        self.legal_moves(position, &mut legal);
        let texts: Vec<String> = legal
            .iter()
            .map(|mv| self.move_text(position, mv))
            .collect();
        match texts.iter().position(|t| t == text.trim()) {
            Some(at) => Ok(legal.swap_remove(at)),
            None => Err(format!(
                "`{}` is not a legal move here; the legal moves are {}",
                text.trim(),
                texts.join(", ")
            )),
        }
    }
}

/// A bot: chooses one legal move of a position that is not over.
///
/// The choice may depend only on the position, the player's own settings and `rng` (the
/// game's random stream for this player), never on time or on other games.
pub trait Player<G: Game> {
    /// The player's name as written in specs, e.g. `article:own+wb:first`.
    fn name(&self) -> String;

    /// A legal move of `position` (which is not over).
    fn choose(&mut self, game: &G, position: &G::Position, rng: &mut dyn Rng) -> G::Move;

    /// A legal move of `position`, or the player's [`Forfeit`] of the game. Bots in this
    /// process never forfeit (the default is [`Player::choose`]'s move); a player outside it
    /// (an engine over the Hub protocol) forfeits when it crashes, hangs past its time limit,
    /// answers garbage or names an illegal move. The game loop and sessions ask this.
    fn try_choose(
        &mut self,
        game: &G,
        position: &G::Position,
        rng: &mut dyn Rng,
    ) -> Result<G::Move, Forfeit> {
        Ok(self.choose(game, position, rng))
    }

    /// Whether the player runs a process of its own (a Hub engine), which a front end keeps
    /// for a whole game ([`session::KeptPlayers`]) rather than start for every move. Bots in
    /// this process are made afresh for each move, so that nothing but the position and the
    /// stream decides their choice.
    fn runs_a_process(&self) -> bool {
        false
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// Nim with one heap of `n` tokens, take 1 or 2; whoever takes the last token wins. The
    /// side to move loses exactly when the heap is a multiple of 3. The tests of the shared
    /// parts of this module play it.
    #[derive(Clone, Debug, Default)]
    pub(crate) struct Nim(pub u8);

    /// Nim's bots for the session tests: `random`, `optimal`, `quitter` and `process`
    /// (below).
    impl matches::MatchGame for Nim {
        const PUZZLE: &'static str = "nim";
        const ABOUT: &'static str = "one heap, take 1 or 2";
        const EXAMPLE_SPEC: &'static str = "";
        fn player(&self, name: &str) -> Result<matches::BoxedPlayer<Nim>, String> {
            match name {
                "random" => Ok(Box::new(RandomNim)),
                "optimal" => Ok(Box::new(Optimal)),
                "quitter" => Ok(Box::new(Quitter)),
                "process" => Ok(Box::new(Process::start())),
                _ => Err(format!("unknown player `{name}`; use random or optimal")),
            }
        }
        fn referee(&self, _: &str) -> Result<GameResult, String> {
            Err("Nim has no referee".into())
        }
    }

    /// Takes a uniformly random legal amount.
    struct RandomNim;

    impl Player<Nim> for RandomNim {
        fn name(&self) -> String {
            "random".into()
        }
        fn choose(&mut self, _: &Nim, position: &(u8, Seat), rng: &mut dyn Rng) -> u8 {
            1 + crate::rng::below(rng, position.0.min(2) as u64) as u8
        }
    }

    #[test]
    fn a_move_is_read_back_from_its_text_and_other_text_is_refused_naming_the_legal_moves() {
        let game = Nim(1);
        let position = game.start();
        assert_eq!(game.move_text(&position, &1), "1");
        assert_eq!(game.parse_move(&position, " 1 "), Ok(1));
        assert_eq!(
            game.parse_move(&position, "2"),
            Err("`2` is not a legal move here; the legal moves are 1".into())
        );
    }

    impl Game for Nim {
        type Position = (u8, Seat);
        type Move = u8;
        const NAME: &'static str = "nim";
        fn start(&self) -> (u8, Seat) {
            (self.0, Seat::First)
        }
        fn to_move(&self, position: &(u8, Seat)) -> Seat {
            position.1
        }
        fn legal_moves(&self, position: &(u8, Seat), moves: &mut Vec<u8>) {
            moves.clear();
            moves.extend((1..=2).filter(|&take| take <= position.0));
        }
        fn play(&self, position: &(u8, Seat), mv: &u8) -> (u8, Seat) {
            (position.0 - mv, position.1.other())
        }
        fn result(&self, position: &(u8, Seat)) -> Option<GameResult> {
            (position.0 == 0).then(|| GameResult::Win(position.1.other()))
        }
    }

    /// Takes what leaves a multiple of 3, else a uniformly random legal amount.
    struct Optimal;

    impl Player<Nim> for Optimal {
        fn name(&self) -> String {
            "optimal".into()
        }
        fn choose(&mut self, _: &Nim, position: &(u8, Seat), rng: &mut dyn Rng) -> u8 {
            match position.0 % 3 {
                0 => 1 + (crate::rng::below(rng, position.0.min(2) as u64) as u8),
                left => left,
            }
        }
    }

    /// The streams of game 0 of a Nim pairing.
    fn streams() -> [crate::rng::DefaultRng; 2] {
        let game = pairing::PairingGame {
            seed: 1,
            label: "nim",
            index: 0,
        };
        game.streams()
    }

    #[test]
    fn optimal_nim_player_wins_from_a_non_multiple_of_three() {
        let game = Nim(10);
        let mut rngs = streams();
        let [a, b] = &mut rngs;
        let (mut p1, mut p2) = (Optimal, Optimal);
        let (result, moves) = play_game(&game, &[], [&mut p1, &mut p2], [a, b]).unwrap();
        assert_eq!(result, GameResult::Win(Seat::First));
        assert_eq!(moves.iter().map(|&m| m as u32).sum::<u32>(), 10);
        assert_eq!(result.score_for(Seat::Second), -1);
    }

    /// Takes three tokens, which the rules never allow.
    struct Greedy;

    impl Player<Nim> for Greedy {
        fn name(&self) -> String {
            "greedy".into()
        }
        fn choose(&mut self, _: &Nim, _: &(u8, Seat), _: &mut dyn Rng) -> u8 {
            3
        }
    }

    /// Stands for a player in a process of its own: counts the processes started, and
    /// takes 1, or gives up at its second move when it is told to.
    pub(crate) struct Process;

    /// How many [`Process`] players were started (by the one test that makes them).
    pub(crate) static PROCESSES_STARTED: std::sync::atomic::AtomicUsize =
        std::sync::atomic::AtomicUsize::new(0);

    impl Process {
        fn start() -> Process {
            PROCESSES_STARTED.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            Process
        }
    }

    impl Player<Nim> for Process {
        fn name(&self) -> String {
            "process".into()
        }
        fn choose(&mut self, _: &Nim, _: &(u8, Seat), _: &mut dyn Rng) -> u8 {
            1
        }
        fn runs_a_process(&self) -> bool {
            true
        }
    }

    /// Gives up at once: the fault of a player in another process.
    struct Quitter;

    impl Player<Nim> for Quitter {
        fn name(&self) -> String {
            "quitter".into()
        }
        fn choose(&mut self, _: &Nim, _: &(u8, Seat), _: &mut dyn Rng) -> u8 {
            1
        }
        fn try_choose(&mut self, _: &Nim, _: &(u8, Seat), _: &mut dyn Rng) -> Result<u8, Forfeit> {
            Err(Forfeit::new(Fault::Timeout, "no answer"))
        }
    }

    #[test]
    fn a_forfeit_ends_the_game_as_the_other_seat_win_and_is_kept_with_the_game() {
        let game = Nim(10);
        let mut rngs = streams();
        let [a, b] = &mut rngs;
        let mut buffers = GameBuffers::default();
        let (mut optimal, mut quitter) = (Optimal, Quitter);
        let result = play_game_with(
            &game,
            &[],
            [&mut optimal, &mut quitter],
            [a, b],
            &mut buffers,
            &|| false,
        );
        assert_eq!(result.unwrap(), Some(GameResult::Win(Seat::First)));
        assert_eq!(buffers.moves, [1]);
        let (seat, forfeit) = buffers.forfeit.clone().unwrap();
        assert_eq!((seat, forfeit.fault), (Seat::Second, Fault::Timeout));
        // The next game starts without it.
        let [a, b] = &mut rngs;
        let result = play_game_with(
            &game,
            &[],
            [&mut Optimal, &mut Optimal],
            [a, b],
            &mut buffers,
            &|| false,
        );
        assert_eq!(result.unwrap(), Some(GameResult::Win(Seat::First)));
        assert_eq!(buffers.forfeit, None);
    }

    #[test]
    fn an_illegal_move_ends_the_game_with_an_error_naming_player_move_and_position() {
        let game = Nim(10);
        let mut rngs = streams();
        let [a, b] = &mut rngs;
        let (mut optimal, mut greedy) = (Optimal, Greedy);
        let error = play_game(&game, &[], [&mut optimal, &mut greedy], [a, b]).unwrap_err();
        assert_eq!(
            (error.player.as_str(), error.ply, error.mv),
            ("greedy", 1, 3)
        );
        assert_eq!(error.position, (9, Seat::Second));
        assert_eq!(
            error.to_string(),
            "greedy chose the illegal move 3 at ply 1 in (9, Second)"
        );
        // A bad opening move is the opening's, not a player's.
        let [a, b] = &mut rngs;
        let error = play_game(&game, &[2, 0], [&mut Optimal, &mut Optimal], [a, b]).unwrap_err();
        assert_eq!(
            (error.player.as_str(), error.ply, error.mv),
            (play::OPENING, 1, 0)
        );
        // A legal opening is played before the players take over.
        let [a, b] = &mut rngs;
        let (_, moves) = play_game(&game, &[2, 2], [&mut Optimal, &mut Optimal], [a, b]).unwrap();
        assert_eq!(moves[..2], [2, 2]);
    }
}
