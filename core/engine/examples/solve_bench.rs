//! Time the solver on whole deals at the first lead:
//! `cargo run --release --example solve_bench [DEALS] [table|coinchee|parlee] [value|moves|within:N]`
//! (the value alone, the default; every first lead's value; the value within N points).
//! `PLAYED=K` in the environment solves each deal after K random legal cards instead (the
//! positions the search bot meets later in a deal).
//!
//! Times are CPU time of the thread (the machine is shared); nodes do not depend on the load.
//! The checksum (the sum of the values) must not change when the solver gets faster.

use manille_engine::rng::Rng;
use manille_engine::rules::{RulesData, TakeUp, TrumpSource};
use manille_engine::solver::Solver;
use manille_engine::{Action, Deal, Phase, Rules};

#[path = "shared/clock.rs"]
mod clock;
use clock::cpu_ms;

#[path = "../tests/common/mod.rs"]
mod common;

/// `french-coinchee`'s play settings, as the solver's tests take them.
fn french() -> RulesData {
    common::bundled()
        .into_iter()
        .find(|(name, _)| *name == "french-coinchee")
        .map(|(_, data)| data)
        .expect("french-coinchee is bundled")
}

fn main() {
    let mut args = std::env::args().skip(1);
    let n: u64 = args.next().and_then(|a| a.parse().ok()).unwrap_or(200);
    let data = match args.next().as_deref() {
        Some("coinchee") => french(),
        Some("parlee") => RulesData {
            trump_source: TrumpSource::Turned,
            take_up: TakeUp::AfterFirstTrick,
            no_trump_allowed: false,
            delegation: false,
            ..french()
        },
        _ => RulesData::default(),
    };
    let mode = args.next().unwrap_or_else(|| "value".into());
    let tolerance: Option<u32> = mode.strip_prefix("within:").and_then(|t| t.parse().ok());
    let played: u32 = std::env::var("PLAYED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let rules = Rules::new(data).unwrap();
    let mut solver = Solver::new();
    let mut times = Vec::new();
    let mut rng = Rng::new(1);
    let mut checksum = 0u64;
    let mut total_nodes = 0u64;
    for seed in 0..n {
        let mut deal = Deal::new(&rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
        while deal.phase != Phase::Play {
            let actions = deal.legal_actions(&rules) & !(1 << Action::THROW_IN.0);
            deal.apply_mut(&rules, Action(rng.pick(actions))).unwrap();
        }
        for _ in 0..played {
            let card = rng.pick(deal.legal_cards(&rules) as u64);
            deal.play_unchecked(&rules, card);
        }
        let start = cpu_ms();
        let nodes = solver.nodes;
        let v = match (mode.as_str(), tolerance) {
            (_, Some(t)) => solver.value_within(&rules, &deal, t).unwrap(),
            ("moves", _) => solver.moves(&rules, &deal).iter().map(|m| m.1).sum(),
            _ => solver.value(&rules, &deal).unwrap(),
        };
        times.push((cpu_ms() - start, solver.nodes - nodes));
        checksum += v as u64;
        total_nodes += solver.nodes - nodes;
    }
    let mut nodes: Vec<u64> = times.iter().map(|t| t.1).collect();
    nodes.sort_unstable();
    times.sort_by(|a, b| a.0.total_cmp(&b.0));
    let q = |p: f64| ((times.len() - 1) as f64 * p) as usize;
    println!(
        "median {:.2} ms, p90 {:.2} ms, max {:.2} ms (CPU); nodes median {}, p90 {}, mean {}; checksum {}",
        times[q(0.5)].0,
        times[q(0.9)].0,
        times[q(1.0)].0,
        nodes[q(0.5)],
        nodes[q(0.9)],
        total_nodes / n,
        checksum
    );
}
