//! Time the solver on whole deals at the first lead: `cargo run --release --example solve_bench`.

use manille_engine::rules::RulesData;
use manille_engine::sim::Rng;
use manille_engine::solver::Solver;
use manille_engine::{Action, Deal, Phase, Rules};
use std::time::Instant;

fn main() {
    let n: u64 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(200);
    let rules = Rules::new(RulesData::default()).unwrap();
    let mut solver = Solver::new();
    let mut times = Vec::new();
    let mut rng = Rng::new(1);
    for seed in 0..n {
        let mut deal = Deal::new(&rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
        while deal.phase != Phase::Play {
            let actions = deal.legal_actions(&rules) & !(1 << Action::THROW_IN.0);
            deal.apply_mut(&rules, Action(rng.pick(actions))).unwrap();
        }
        let start = Instant::now();
        let nodes = solver.nodes;
        let v = solver.value(&rules, &deal).unwrap();
        times.push((start.elapsed().as_secs_f64() * 1e3, solver.nodes - nodes, v));
    }
    times.sort_by(|a, b| a.0.partial_cmp(&b.0).unwrap());
    let q = |p: f64| times[((times.len() - 1) as f64 * p) as usize];
    println!(
        "median {:.2} ms ({} nodes), p90 {:.2} ms, max {:.2} ms",
        q(0.5).0,
        q(0.5).1,
        q(0.9).0,
        q(1.0).0
    );
}
