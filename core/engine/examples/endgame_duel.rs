//! The heuristic counting out its last cards ([`ENDGAME`] or the `COUNT` given) against the
//! same heuristic playing them by its rules (or counting out as `BASE` says), in duplicate
//! deal pairs (each deal played twice, the teams swapped), and what its card decisions cost:
//! `cargo run --release --example endgame_duel [PAIRS] [engine|table|belgian|coinchee] [COUNT [BASE]]`,
//! a count written `CARDS:WORLDS` (see [`Endgame`]).
//!
//! `engine` is the independent engine's rules (bench/independent/engine-rules.yaml): the
//! table convention with undertrumping allowed, no factors, no tie carried, to 61.  Prints
//! the net match points a pair with its 95% interval, and the CPU time of the counting side's
//! card decisions (mean, and the most one took).

use std::time::Instant;

use manille_engine::bot::Bot;
use manille_engine::endgame::{Endgame, ENDGAME};
use manille_engine::heuristic::HeuristicBot;
use manille_engine::sim::play_deal;
use manille_engine::{Action, Deal, Phase, Rules};

#[path = "shared/rules.rs"]
mod bench_rules;
#[path = "../tests/common/mod.rs"]
mod common;
#[path = "shared/pairs.rs"]
mod pairs;
use pairs::{interval, side_net};

/// A bot that times its card decisions.
struct Timed {
    bot: HeuristicBot,
    timed: bool,
    spent: Vec<f64>,
}

impl Bot for Timed {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action {
        let start = Instant::now();
        let action = self.bot.act(rules, deal, legal);
        if self.timed && deal.phase == Phase::Play {
            self.spent.push(start.elapsed().as_secs_f64() * 1e3);
        }
        action
    }
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let arg = |k: usize| args.get(k).map(String::as_str);
    let pairs: u64 = arg(1).and_then(|a| a.parse().ok()).unwrap_or(10_000);
    let rules = bench_rules::rules_named(arg(2).unwrap_or("engine"));
    let counted = |k: usize| {
        arg(k).map(|spec| {
            let (cards, worlds) = spec.split_once(':').expect("a count: CARDS:WORLDS");
            Endgame {
                cards: cards.parse().expect("cards"),
                worlds: worlds.parse().expect("worlds"),
            }
        })
    };
    let endgame = counted(3).unwrap_or(ENDGAME);
    let base = counted(4);
    let counting = HeuristicBot::default().with_endgame(Some(endgame));
    let plain = HeuristicBot::default().with_endgame(base);
    let mut nets = Vec::new();
    let mut spent = Vec::new();
    for index in 0..pairs {
        let mut net = 0.0;
        for side in 0..2u8 {
            let mut bots: Vec<Timed> = (0..rules.seats())
                .map(|seat| {
                    let ours = rules.team(seat) == side;
                    Timed {
                        bot: if ours {
                            counting.clone()
                        } else {
                            plain.clone()
                        },
                        timed: ours,
                        spent: Vec::new(),
                    }
                })
                .collect();
            let deal = Deal::new(&rules, 40_000 + index as i128, (index % 4) as u8, 0, [0, 0]);
            let done = play_deal(&rules, deal, &mut bots);
            net += side_net(&rules, &done, side);
            for b in bots {
                spent.extend(b.spent);
            }
        }
        nets.push(net);
    }
    let (mean, half) = interval(&nets);
    let worst = spent.iter().cloned().fold(0.0, f64::max);
    println!(
        "counting the last {} cards over {} worlds against {}: {mean:+.3} ± {:.3} match points a pair ({pairs} pairs); card decisions {:.4} ms on average, {:.3} ms at most",
        endgame.cards,
        endgame.worlds,
        base.map_or("the rules".to_string(), |b| format!("the last {} over {}", b.cards, b.worlds)),
        half,
        spent.iter().sum::<f64>() / spent.len() as f64,
        worst
    );
}
