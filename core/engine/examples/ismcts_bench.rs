//! The IS-MCTS bot against the heuristic, in the core alone (for tuning; the figures of
//! docs/search.md come from `bench/search_strength.py` and `bench/search_bench.py`, with the
//! real rulesets and the heuristic's decision tables):
//!
//! `cargo run --release --example ismcts_bench [PAIRS] [table|belgian|coinchee] [ITERATIONS|Nms] [heuristic|random] [EXPLORATION]`
//! (`WEIGHTED=0`: worlds not weighted by the decisions they show; `WORLDS=N`: at most N
//! distinct worlds a decision, 0 for a new world every iteration)
//!
//! Duplicate deal pairs: each deal played twice, the IS-MCTS bot on team 0 then on team 1, the
//! heuristic (default thresholds, no decision table) on the other team; a pair's figure is the
//! IS-MCTS side's net match points over both.  Prints the mean with a 95% interval and the CPU
//! time per searched decision (median, p90) by phase.

use manille_engine::bot::Bot;
use manille_engine::heuristic::HeuristicBot;
use manille_engine::ismcts::{
    Budget, IsmctsBot, Rollout, Settings, DEFAULT_EXPLORATION, DEFAULT_WORLDS,
};
use manille_engine::sim::SeatBot;
use manille_engine::{Action, Deal, Phase};

#[path = "shared/clock.rs"]
mod clock;
use clock::cpu_ms;

#[path = "shared/rules.rs"]
mod bench_rules;
#[path = "../tests/common/mod.rs"]
mod common;
use bench_rules::rules_named;
#[path = "shared/pairs.rs"]
mod pairs;
use pairs::{interval, side_net};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let pairs: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(50);
    let rules = rules_named(args.get(2).map_or("table", String::as_str));
    let budget = match args.get(3) {
        Some(a) if a.ends_with("ms") => Budget::Millis(a.trim_end_matches("ms").parse().unwrap()),
        Some(a) => Budget::Iterations(a.parse().unwrap()),
        None => Budget::Iterations(1000),
    };
    let rollout = match args.get(4).map(String::as_str) {
        Some("random") => Rollout::Random,
        _ => Rollout::Heuristic,
    };
    let exploration = args
        .get(5)
        .and_then(|a| a.parse().ok())
        .unwrap_or(DEFAULT_EXPLORATION);
    let settings = Settings {
        budget,
        exploration,
        rollout,
        weighted: std::env::var("WEIGHTED").map_or(true, |v| v != "0"),
        worlds: std::env::var("WORLDS").map_or(DEFAULT_WORLDS, |v| v.parse().unwrap()),
    };
    let mut nets = Vec::new();
    let mut times: [Vec<f64>; 4] = Default::default();
    for index in 0..pairs {
        let mut net = 0.0;
        for team in 0..2u8 {
            let mut bots: Vec<SeatBot> = (0..4u8)
                .map(|seat| {
                    if seat % 2 == team {
                        SeatBot::Ismcts(IsmctsBot::new(
                            index * 4 + seat as u64,
                            settings,
                            HeuristicBot::default(),
                        ))
                    } else {
                        SeatBot::Heuristic(HeuristicBot::default())
                    }
                })
                .collect();
            let mut deal = Deal::new(&rules, 10_000 + index as i128, (index % 4) as u8, 0, [0, 0]);
            while !deal.is_over() {
                let legal = deal.legal_actions(&rules);
                let seat = deal.to_play;
                let phase = deal.phase;
                let start = cpu_ms();
                let action: Action = bots[seat as usize].act(&rules, &deal, legal);
                if seat % 2 == team && legal.count_ones() > 1 {
                    let k = match phase {
                        Phase::Play => 0,
                        Phase::Trump => 1,
                        Phase::Calls => 2,
                        _ => 3,
                    };
                    times[k].push(cpu_ms() - start);
                }
                deal = deal.apply(&rules, action).expect("legal");
            }
            net += side_net(&rules, &deal, team);
        }
        nets.push(net);
    }
    let (mean, half) = interval(&nets);
    println!(
        "{pairs} pairs, {budget:?}, {rollout:?}, c = {exploration}, weighted {}, worlds {}: IS-MCTS side {mean:+.2} ± {:.2} a pair",
        settings.weighted,
        settings.worlds,
        half
    );
    for (name, t) in ["card", "trump", "calls", "blind"]
        .iter()
        .zip(times.iter_mut())
    {
        if t.is_empty() {
            continue;
        }
        t.sort_by(f64::total_cmp);
        let at = |q: f64| t[((t.len() - 1) as f64 * q) as usize];
        println!(
            "  {name:6} {:5} decisions: median {:.1} ms, p90 {:.1} ms",
            t.len(),
            at(0.5),
            at(0.9)
        );
    }
}
