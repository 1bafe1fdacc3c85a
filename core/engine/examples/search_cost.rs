//! What the search bot spends per deal, by kind of decision, in solver nodes (which do not
//! depend on the machine's load) and CPU time:
//! `cargo run --release --example search_cost [DEALS] [table|belgian|coinchee] [OPTIONS]`
//! with OPTIONS as the bot spec takes them after `search:` (`worlds=24:loss=0.5`).
//!
//! Every seat is the search bot (default settings, the heuristic's default model: no
//! decision table); deal `i` has shuffle seed `20_000 + i` and dealer `i % 4`.

use manille_engine::bot::Bot;
use manille_engine::heuristic::HeuristicBot;
use manille_engine::search::with_solver;
use manille_engine::search::SearchBot;
use manille_engine::sim::BotKind;
use manille_engine::{Action, Deal, Phase, Rules};

#[path = "shared/rules.rs"]
mod bench_rules;
#[path = "../tests/common/mod.rs"]
mod common;

#[path = "shared/clock.rs"]
mod clock;
use clock::cpu_ms;

const KINDS: [&str; 5] = ["blind", "trump", "calls", "first trick", "later cards"];

fn kind(deal: &Deal) -> usize {
    match deal.phase {
        Phase::Blind => 0,
        Phase::Trump => 1,
        Phase::Calls => 2,
        _ if deal.rem.count_ones() > 28 => 3,
        _ => 4,
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let deals: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(40);
    let rules: Rules = bench_rules::rules_named(args.get(2).map_or("belgian", String::as_str));
    let spec = match args.get(3) {
        Some(options) => format!("search:{options}"),
        None => "search".to_string(),
    };
    let settings = BotKind::parse_seat(&spec)
        .expect("a search bot spec")
        .search;
    let mut nodes = [0u64; 5];
    let mut ms = [0f64; 5];
    for index in 0..deals {
        let mut bots: Vec<SearchBot> = (0..4)
            .map(|seat| SearchBot::new(index * 4 + seat, settings, HeuristicBot::default()))
            .collect();
        let mut deal = Deal::new(&rules, 20_000 + index as i128, (index % 4) as u8, 0, [0, 0]);
        while !deal.is_over() {
            let legal = deal.legal_actions(&rules);
            let k = kind(&deal);
            let (n0, t0) = (with_solver(|s| s.nodes), cpu_ms());
            let action: Action = bots[deal.to_play as usize].act(&rules, &deal, legal);
            nodes[k] += with_solver(|s| s.nodes) - n0;
            ms[k] += cpu_ms() - t0;
            deal = deal.apply(&rules, action).expect("legal");
        }
    }
    let n = deals as f64;
    for k in 0..5 {
        println!(
            "{:12} {:>12.0} nodes {:>8.1} ms a deal",
            KINDS[k],
            nodes[k] as f64 / n,
            ms[k] / n
        );
    }
    let total: u64 = nodes.iter().sum();
    println!(
        "{:12} {:>12.0} nodes {:>8.1} ms a deal",
        "all",
        total as f64 / n,
        ms.iter().sum::<f64>() / n
    );
}
