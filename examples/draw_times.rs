//! Wall time of each draw of the seed's backtracker, measured in-process, for the median time
//! per draw that `boardlab bench` (a mean over many draws) does not give.
//!
//! Usage: cargo run --release --example draw_times -- [ORDER] [DRAWS] [SEED]
//! (defaults QNBR, 2000, 1; draws 0..DRAWS of the master seed, one thread, 8×8). Prints the
//! median, mean and 90th percentile in milliseconds and the median iterations.

use boardlab::chess_memory::board::BoardSize;
use boardlab::chess_memory::queue::Queue;
use boardlab::chess_memory::search::{Outcome, seed_draw};
use std::time::Instant;

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    let order = args.get(1).map_or("QNBR", String::as_str);
    let draws: u64 = args.get(2).map_or(Ok(2000), |a| a.parse())?;
    let seed: u64 = args.get(3).map_or(Ok(1), |a| a.parse())?;
    let queue = Queue::parse(order, BoardSize::STANDARD)?;
    let mut times = Vec::with_capacity(draws as usize);
    let mut iterations = Vec::with_capacity(draws as usize);
    for index in 0..draws {
        let start = Instant::now();
        let draw = seed_draw(&queue, seed, index, None)?;
        times.push(start.elapsed().as_secs_f64() * 1e3);
        anyhow::ensure!(
            draw.outcome == Outcome::Solved,
            "draw {index} did not solve"
        );
        iterations.push(draw.counters.iterations);
    }
    times.sort_by(f64::total_cmp);
    iterations.sort_unstable();
    let mean = times.iter().sum::<f64>() / times.len() as f64;
    let at = |q: f64| times[((times.len() - 1) as f64 * q).round() as usize];
    println!(
        "order {order} draws {draws} seed {seed}: median {:.3} ms, mean {mean:.3} ms, p90 {:.3} ms, median iterations {}",
        at(0.5),
        at(0.9),
        iterations[iterations.len() / 2]
    );
    Ok(())
}
