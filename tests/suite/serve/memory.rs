//! Games that grow long: however many plies are played, the server's memory stays within its
//! game budget (`--max-game-memory`), the oldest games forgotten to make room. Memory is
//! measured by the kernel: the server's peak resident memory (VmHWM).

use super::Server;
use serde_json::json;
use std::time::Instant;

/// Plies played in all: in games of two `random` bots, about 50 plies long, a session holds
/// about 150 bytes a ply (a position a ply, as sessions once kept, about 210), so that all of
/// them kept would take about 6 MB.
const PLIES: usize = 40_000;

/// What the server's peak memory may grow by: the budget (1 MiB) and room for the requests
/// in flight and the allocator's own.
const GROWTH_KIB: u64 = 5 * 1024;

pub fn peak_memory_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// Plays draughts games of two `random` bots (seeds from `first`, step `step`) to their ends
/// until `plies` are played; the games' ids.
fn play_long_games(server: &Server, first: u64, step: u64, plies: usize) -> Vec<u64> {
    let mut ids = Vec::new();
    let mut played = 0;
    let mut seed = first;
    while played < plies {
        let body = json!({"white": "random", "black": "random", "seed": seed, "max_plies": 1500});
        let state = server.ok("POST", "/api/draughts/games", Some(&body));
        let id = state["id"].as_u64().unwrap();
        let end = super::play_out(server, "draughts", id);
        played += end["moves"].as_array().unwrap().len();
        ids.push(id);
        seed += step;
    }
    ids
}

#[test]
fn long_games_keep_the_server_s_memory_within_its_game_budget() {
    let server = Server::start(&["--max-game-memory", "1", "--max-games", "100000"]);
    let pid = server.child.id();
    server.ok("GET", "/api/info", None);
    let before = peak_memory_kib(pid);
    let start = Instant::now();
    let threads = 4;
    let each = PLIES / threads as usize;
    let server_ref = &server;
    let ids: Vec<Vec<u64>> = std::thread::scope(|scope| {
        let players: Vec<_> = (0..threads)
            .map(|t| scope.spawn(move || play_long_games(server_ref, t, threads, each)))
            .collect();
        players.into_iter().map(|p| p.join().unwrap()).collect()
    });
    let games: usize = ids.iter().map(Vec::len).sum();
    let grown = peak_memory_kib(pid) - before;
    println!(
        "serve: {games} games of {PLIES}+ plies in {:.1} s; peak memory (VmHWM) grew {:.1} MiB \
with --max-game-memory 1",
        start.elapsed().as_secs_f64(),
        grown as f64 / 1024.0
    );
    assert!(
        games < 1000,
        "fewer games than --max-games, so only the budget forgets"
    );
    let (status, _) = server.send("GET", &format!("/api/draughts/games/{}", ids[0][0]), None);
    assert_eq!(status, 404, "the first game should have been forgotten");
    let last = ids[0].last().unwrap();
    server.ok("GET", &format!("/api/draughts/games/{last}"), None);
    assert!(grown < GROWTH_KIB, "peak memory grew {grown} KiB");
}
