//! The Damebot port against the original program: `tests/data/damebot-vectors.jsonl` holds,
//! for 650 positions, the legal moves and best sets that the original TypeScript engine gave
//! when run under Node.js (`scripts/damebot-vectors/`, which names its commit and command).
//!
//! - Under the original's rules (`damebot`), the port lists the same moves in the same order,
//!   with the same captured pieces, flags and weights, and picks from the same best set, in
//!   every position; game positions are reached by replaying their history from the start,
//!   which must also leave the same piece lists.
//! - Under the Czech rules, wherever the Czech-legal moves are the original's, the bot's best
//!   set is the original's.

use boardlab::draughts::bots::article_damebot;
use boardlab::draughts::game::{Draughts, GamePosition};
use boardlab::draughts::movegen::legal_moves;
use boardlab::draughts::original::{PieceOrder, ScoredMove, best_set, scored_moves};
use boardlab::draughts::{Board, Color, MoveText, Rules, Square, parse_fen, to_fen};
use boardlab::game::Game;
use serde::Deserialize;
use std::collections::{BTreeMap, BTreeSet};

#[derive(Deserialize)]
struct Vector {
    id: String,
    kind: String,
    fen: String,
    white: Vec<String>,
    black: Vec<String>,
    history: Vec<String>,
    moves: Vec<VectorMove>,
    best: Vec<String>,
    tags: Vec<String>,
}

#[derive(Deserialize, PartialEq, Debug)]
struct VectorMove {
    #[serde(rename = "move")]
    text: String,
    captured: Vec<String>,
    flag: u8,
    weight: u32,
}

fn vectors() -> Vec<Vector> {
    let text = include_str!("../../data/damebot-vectors.jsonl");
    let mut lines = text.lines();
    let header: serde_json::Value = serde_json::from_str(lines.next().unwrap()).unwrap();
    assert_eq!(
        header["source"]["commit"],
        "3ddfe58d5b5881639ee81bb5a837ae897e438653"
    );
    lines
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

fn squares(list: &[String]) -> Vec<Square> {
    list.iter()
        .map(|name| name.trim_start_matches('K').parse().unwrap())
        .collect()
}

/// The record's position with its piece lists: a set-up position as the FEN order gives it,
/// a game position by replaying its history from the start under the original's rules.
fn position(vector: &Vector) -> GamePosition {
    let recorded = PieceOrder::from_lists(&squares(&vector.white), &squares(&vector.black))
        .expect("at most 12 pieces a side");
    let position = if vector.kind == "setup" {
        let position = GamePosition::new(parse_fen(&vector.fen).unwrap());
        assert_eq!(position.order, recorded, "{}: the FEN order", vector.id);
        position
    } else {
        let game = Draughts::new(Rules::Damebot);
        let mut position = game.start();
        let mut legal = Vec::new();
        for text in &vector.history {
            game.legal_moves(&position, &mut legal);
            let mv = legal
                .iter()
                .find(|mv| mv.to_string() == *text)
                .unwrap_or_else(|| panic!("{}: {text} is not legal", vector.id));
            position = game.play(&position, mv);
        }
        assert_eq!(
            position.order, recorded,
            "{}: the lists after its history",
            vector.id
        );
        position
    };
    assert_eq!(to_fen(&position.board), vector.fen, "{}", vector.id);
    position
}

fn as_recorded(scored: &ScoredMove) -> VectorMove {
    VectorMove {
        text: scored.mv.to_string(),
        captured: scored.mv.jumps().iter().map(|s| s.to_string()).collect(),
        flag: scored.flags,
        weight: scored.weight,
    }
}

fn best_texts(moves: &[ScoredMove], best: &[usize]) -> Vec<String> {
    best.iter().map(|&i| moves[i].mv.to_string()).collect()
}

#[test]
fn the_port_lists_the_original_s_moves_and_best_sets_under_its_rules() {
    let vectors = vectors();
    assert_eq!(vectors.len(), 650);
    let mut scored = Vec::new();
    for vector in &vectors {
        let position = position(vector);
        scored_moves(
            &position.board,
            &position.order,
            Rules::Damebot,
            &mut scored,
        );
        let got: Vec<VectorMove> = scored.iter().map(as_recorded).collect();
        assert_eq!(got, vector.moves, "{} {}", vector.id, vector.fen);
        let best = best_set(&scored, 0);
        assert_eq!(best_texts(&scored, &best), vector.best, "{}", vector.id);
    }
}

#[test]
fn under_czech_rules_the_bot_picks_the_original_s_set_wherever_the_moves_agree() {
    let mut agree = 0;
    let mut scored = Vec::new();
    let mut legal = Vec::new();
    for vector in &vectors() {
        let position = position(vector);
        if position.order.listed() != position.board.occupied() {
            continue; // pieces the original lost from its lists: not a Czech position
        }
        legal_moves(&position.board, Rules::Czech, &mut legal);
        let czech: BTreeSet<String> = legal.iter().map(|m| m.to_string()).collect();
        let original: BTreeSet<String> = vector.moves.iter().map(|m| m.text.clone()).collect();
        if czech != original {
            continue;
        }
        agree += 1;
        scored_moves(&position.board, &position.order, Rules::Czech, &mut scored);
        let best = best_set(&scored, 0);
        assert_eq!(best_texts(&scored, &best), vector.best, "{}", vector.id);
    }
    assert!(agree >= 400, "only {agree} positions with the same moves");
}

/// The share of positions where a bot's best set is the original's, overall and by tag.
fn shares(
    best_of: impl Fn(&Board, &GamePosition) -> BTreeSet<String>,
) -> BTreeMap<String, (u32, u32)> {
    let mut shares = BTreeMap::new();
    for vector in &vectors() {
        let position = position(vector);
        let same = best_of(&position.board, &position) == vector.best.iter().cloned().collect();
        for tag in vector.tags.iter().map(String::as_str).chain(["all"]) {
            let entry = shares.entry(tag.to_string()).or_insert((0, 0));
            entry.0 += u32::from(same);
            entry.1 += 1;
        }
    }
    shares
}

#[test]
fn the_article_reading_agrees_with_the_original_far_less_often_than_the_port() {
    let port = shares(|board, position| {
        let mut scored = Vec::new();
        scored_moves(board, &position.order, Rules::Damebot, &mut scored);
        best_texts(&scored, &best_set(&scored, 0))
            .into_iter()
            .collect()
    });
    let article = shares(|board, _| {
        let mut legal = Vec::new();
        legal_moves(board, Rules::Czech, &mut legal);
        let scores: Vec<i32> = legal
            .iter()
            .map(|mv| article_damebot::score(board, mv, Rules::Czech))
            .collect();
        let top = scores.iter().copied().max().unwrap_or(0);
        legal
            .iter()
            .zip(&scores)
            .filter(|(_, s)| **s == top)
            .map(|(mv, _)| mv.to_string())
            .collect()
    });
    for (tag, &(same, all)) in &port {
        assert_eq!(same, all, "the port differs on {tag}");
        let (article_same, _) = article[tag];
        println!("{tag}: port {same}/{all}, article reading {article_same}/{all}");
    }
    let (article_same, all) = article["all"];
    assert!(
        f64::from(article_same) < 0.8 * f64::from(all),
        "{article_same}/{all}"
    );
}

#[test]
fn a_side_to_move_is_the_colour_the_record_says() {
    for vector in vectors() {
        let board = parse_fen(&vector.fen).unwrap();
        let white = vector.fen.starts_with('W');
        assert_eq!(board.side == Color::White, white, "{}", vector.id);
        if let Some(first) = vector.moves.first() {
            let text = MoveText::parse(&first.text).unwrap();
            let mover = board.piece_at(text.from).map(|(color, _)| color);
            assert_eq!(mover, Some(board.side), "{}", vector.id);
        }
    }
}
