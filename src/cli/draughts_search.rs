//! `boardlab draughts search`: boardlab's engine thinks about one position and says what it
//! found: the move, its score, the depth finished, the nodes and their rate. It is how the
//! engine's speed is set beside another engine's on the same positions
//! (`scripts/engine-speed.sh`).

use super::draughts::PositionArgs;
use crate::draughts::bots::board_rules::BoardRules;
use crate::draughts::bots::engine::{EngineSpec, PvsEngine};
use crate::draughts::variant::{Engine, notation};
use crate::draughts::{Board, parse_fen};
use clap::Args;
use std::fmt::Display;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Debug, Args)]
#[command(
    after_help = "Exit status: 0 success, 2 a bad position or engine (one line naming it).

The engine is written as after `engine:` in a bot's name: N-nodes or Ts, then :-FLAG for each \
feature switched off (docs/engine.md). One line is printed (or one JSON object with --json): \
the engine, the move, its score in hundredths of a man for the side to move, the deepest \
iteration finished, the nodes searched, the seconds and the nodes per second. The table the \
engine keeps for a game starts empty.

Examples:
  boardlab draughts search --rules international --engine 0.2s
  boardlab draughts search --rules international --fen W:W31-50:B1-20 --engine 20000-nodes --json
  boardlab draughts search --rules czech --engine 5000-nodes:-lmr"
)]
pub struct SearchArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// The engine's limit and switches, e.g. `0.1s`, `100000-nodes`, `100000-nodes:-lmr`.
    #[arg(long, value_name = "LIMIT[:-FLAG...]", value_parser = parse_engine)]
    pub engine: EngineSpec,

    /// Seed of the stream that breaks ties between moves of equal score.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,

    /// Print one JSON object: `engine`, `rules`, `move`, `score`, `depth`, `nodes`, `seconds`,
    /// `nodes_per_second`.
    #[arg(long)]
    pub json: bool,
}

fn parse_engine(text: &str) -> Result<EngineSpec, String> {
    EngineSpec::parse(text.strip_prefix("engine:").unwrap_or(text))
}

pub(super) fn search(args: &SearchArgs) -> anyhow::Result<ExitCode> {
    let rules = args.position.rules;
    match rules.board_rules() {
        Some(board_rules) => {
            let board: Board = match &args.position.fen {
                Some(text) => parse_fen(text)?,
                None => board_rules.start(),
            };
            think(args, board_rules, &board, |mv| mv.to_string())
        }
        None => {
            let set = rules.variant().expect("a national game").rules();
            let engine = Engine::new(set);
            let position = match &args.position.fen {
                Some(text) => notation::parse_fen(&set, text).map_err(anyhow::Error::msg)?,
                None => engine.start(),
            };
            let mut moves = Vec::new();
            engine.legal_moves(&position, &mut moves);
            think(args, engine, &position, |mv| {
                notation::move_text(&set, mv, &moves)
            })
        }
    }
}

fn think<R: BoardRules>(
    args: &SearchArgs,
    rules: R,
    board: &R::Board,
    text: impl Fn(&R::Move) -> String,
) -> anyhow::Result<ExitCode>
where
    R::Move: Display,
{
    if rules.stuck(board) {
        anyhow::bail!("the game is over in this position: the side to move has no legal move");
    }
    let mut engine = PvsEngine::new(args.engine, rules);
    let mut rng = crate::rng::stream(args.seed, "draughts/search", 0);
    let started = Instant::now();
    let found = engine.think(board, &mut rng);
    let seconds = started.elapsed().as_secs_f64();
    let rate = found.nodes as f64 / seconds.max(1e-9);
    let name = format!("{}", args.engine);
    if args.json {
        let line = serde_json::json!({
            "engine": name,
            "rules": args.position.rules.name(),
            "move": text(&found.best),
            "score": found.score,
            "depth": found.depth,
            "nodes": found.nodes,
            "seconds": seconds,
            "nodes_per_second": rate,
        });
        println!("{line}");
    } else {
        println!(
            "{name}  rules {}  move {}  score {:+}  depth {}  nodes {}  {seconds:.3} s  {rate:.0} nodes/s",
            args.position.rules,
            text(&found.best),
            found.score,
            found.depth,
            found.nodes,
        );
    }
    Ok(ExitCode::SUCCESS)
}
