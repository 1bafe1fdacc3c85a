//! `cargo bench -p manille-engine`: deals per second of the pure-Rust engine (no Python).

use std::hint::black_box;
use std::time::Instant;

use manille_engine::rules::RulesData;
use manille_engine::sim::{random_bot_deal, random_deals};
use manille_engine::Rules;

fn rate(label: &str, count: usize, run: impl FnOnce()) {
    let start = Instant::now();
    run();
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{label:40} {:>12.0} deals/s  ({:.2} us a deal)",
        count as f64 / seconds,
        seconds / count as f64 * 1e6
    );
}

fn main() {
    let rules = Rules::new(RulesData::default()).expect("the default rules are valid");
    let n = 200_000;
    let seeds: Vec<i128> = (0..n as i128).collect();
    rate("shuffle, deal and random playout", n, || {
        black_box(random_deals(&rules, &seeds, 1));
    });
    rate("the same with Python-seeded random bots", n, || {
        for i in 0..n as u64 {
            black_box(random_bot_deal(&rules, 7, i));
        }
    });
}
