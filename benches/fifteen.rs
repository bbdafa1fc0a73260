//! Microbenchmarks of the "15" game (divan): one move of the `mcts:N` bot (UCT with N
//! playouts, `crate::game::mcts`) from the empty position and from a mid-game one, and whole
//! random-against-random games: through the one game loop as `boardlab fifteen bench` plays
//! them, and as `boardlab run` records them (the same game, then the referee's replay and the
//! row of `draws.csv`). Throughput (divan's items) is in playouts for a move, in games for the
//! games.
//!
//! `cargo bench --bench fifteen` (add `-- mcts` to run the benchmarks whose name matches).

use boardlab::experiment::Overrides;
use boardlab::fifteen::{Bot, Classic, Fifteen, Position};
use boardlab::game::Player;
use boardlab::game::matches::{MatchSpec, MatchStudy};
use boardlab::game::pairing::PairingGame;
use boardlab::rng;
use divan::counter::ItemsCount;
use divan::{Bencher, black_box};

fn main() {
    divan::main();
}

/// Games per iteration of the game benchmarks: games 0 to 999 of the pairing, the same
/// games every iteration.
const GAMES: u64 = 1000;

/// One `mcts:N` move, from the same stream every iteration (so every search is the same);
/// throughput in playouts.
fn bench_move(bencher: Bencher, position: Position, playouts: u32) {
    let game = Fifteen(Classic);
    let mut bot = Bot::Mcts(playouts);
    let stream = rng::stream(1, "bench mcts", 0);
    bencher
        .counter(ItemsCount::new(playouts))
        .bench_local(|| bot.choose(&game, black_box(&position), &mut stream.clone()));
}

mod mcts_move {
    use super::*;

    /// The empty position, nine numbers to choose from.
    #[divan::bench(args = [100, 1000])]
    fn empty(bencher: Bencher, playouts: u32) {
        bench_move(bencher, Position::START, playouts);
    }

    /// After 5, 1, 6, 4: the first seat to move with 2, 3, 7, 8 and 9 free, the second's
    /// 4 having blocked 5 + 6.
    #[divan::bench(args = [100, 1000])]
    fn mid_game(bencher: Bencher, playouts: u32) {
        let position = Position::START.with(5).with(1).with(6).with(4);
        bench_move(bencher, position, playouts);
    }
}

mod random_games {
    use super::*;

    /// Games 0 to 999 of `random-vs-random` under master seed 1 through the game loop, as
    /// `boardlab fifteen bench --a random --b random` plays them.
    #[divan::bench(sample_count = 50)]
    fn played(bencher: Bencher) {
        let game = Fifteen(Classic);
        let (mut a, mut b) = (Bot::Random, Bot::Random);
        bencher.counter(ItemsCount::new(GAMES)).bench_local(|| {
            (0..GAMES)
                .map(|index| {
                    let game_i = PairingGame {
                        seed: 1,
                        label: "random-vs-random",
                        index,
                    };
                    let (result, moves) = game_i.play(&game, 0, [&mut a, &mut b]).unwrap();
                    black_box(result);
                    moves.len()
                })
                .sum::<usize>()
        });
    }

    /// The same games as the match study plays them in `boardlab run`: the game, the
    /// referee's replay of its moves and its row of `draws.csv`.
    #[divan::bench(sample_count = 50)]
    fn recorded(bencher: Bencher) {
        let spec = "name = \"bench\"\nseed = 1\ngames = 1000\nplayers = [\"random\"]\n\
                    self-play = true\n";
        let (game, spec) =
            MatchSpec::parse::<Fifteen<Classic>>(spec, &Overrides::default()).unwrap();
        assert_eq!(spec.pairings[0].label, "random-vs-random");
        let study = MatchStudy::new(game, spec);
        let mut rows = Vec::new();
        let mut buffers = boardlab::game::GameBuffers::default();
        bencher.counter(ItemsCount::new(GAMES)).bench_local(|| {
            rows.clear();
            let plies: u64 = (0..GAMES)
                .map(|index| study.play(0, index, &mut rows, &mut buffers).unwrap())
                .sum();
            black_box(&rows);
            plies
        });
    }
}
