//! The IS-MCTS bot: forced moves, legal choices under every bundled ruleset, determinism
//! with an iteration budget, and a clearly better card found in a small endgame.

mod common;
use common::{bundled, call, random_position};
use manille_engine::bot::Bot;
use manille_engine::cards::iter;
use manille_engine::heuristic::HeuristicBot;
use manille_engine::ismcts::{search, Budget, IsmctsBot, Rollout, Settings};
use manille_engine::rng::Rng;
use manille_engine::rules::{CallBy, RulesData};
use manille_engine::sample::{Knowledge, Sampler};
use manille_engine::search::{factor, margin};
use manille_engine::sim::play_deal;
use manille_engine::solver::Solver;
use manille_engine::{Action, Deal, Phase, Rules};

/// The bundled rulesets' settings with their call ladders (what the decisions before play
/// read): `belgian` and `belgian-capped` "Ik ga mee" and "Ik ga tegen", `french-coinchee`
/// "contre" and "surcontre".
fn rulesets() -> Vec<(&'static str, Rules)> {
    bundled()
        .into_iter()
        .map(|(name, data)| {
            let calls = match name {
                "belgian" | "belgian-capped" => vec![
                    call("ik-ga-mee", CallBy::Opponents, None, 2),
                    call("ik-ga-tegen", CallBy::ContractSide, Some(0), 4),
                ],
                "french-coinchee" => vec![
                    call("contre", CallBy::Opponents, None, 2),
                    call("surcontre", CallBy::ContractSide, Some(0), 4),
                ],
                _ => Vec::new(),
            };
            (name, Rules::new(RulesData { calls, ..data }).unwrap())
        })
        .collect()
}

fn iterations(n: u32) -> Settings {
    Settings {
        budget: Budget::Iterations(n),
        ..Settings::default()
    }
}

#[test]
fn a_forced_move_is_returned_at_once() {
    for (name, rules) in rulesets() {
        for seed in 0..20u64 {
            // The last trick: every card is forced.
            let deal = random_position(&rules, seed, 1 + (seed % 4) as u32);
            let know = Knowledge::of(&rules, &deal, deal.to_play, [0, 0]);
            let out = search(
                &rules,
                &know,
                &iterations(1000),
                seed,
                &HeuristicBot::default(),
            )
            .unwrap();
            assert_eq!(out.iterations, 0, "{name} seed {seed}");
            assert_eq!(
                out.action.0 as u32,
                deal.legal_cards(&rules).trailing_zeros()
            );
        }
    }
}

#[test]
fn it_never_plays_an_illegal_action_under_any_bundled_ruleset() {
    for (name, rules) in rulesets() {
        for seed in 0..6u64 {
            // Whole deals by four IS-MCTS bots (play_deal stops at an illegal action), from
            // scores that offer blind no-trump where the ruleset has it.
            let scores = [[0, 0], [0, 80], [60, 100]][seed as usize % 3];
            let mut bots: Vec<IsmctsBot> = (0..4)
                .map(|s| {
                    let mut bot =
                        IsmctsBot::new(seed * 4 + s, iterations(40), HeuristicBot::default());
                    bot.set_scores(scores);
                    bot
                })
                .collect();
            let deal = Deal::new(&rules, seed as i128 + 77, (seed % 4) as u8, 0, scores);
            let end = play_deal(&rules, deal, &mut bots);
            assert!(
                end.result(&rules).is_some(),
                "{name} seed {seed}: unfinished"
            );
        }
        for seed in 0..30u64 {
            // Random positions in play, each rollout policy.
            let deal = random_position(&rules, seed, 5 + (seed % 28) as u32);
            let legal = deal.legal_actions(&rules);
            for rollout in [Rollout::Heuristic, Rollout::Random] {
                let settings = Settings {
                    rollout,
                    ..iterations(30)
                };
                let mut bot = IsmctsBot::new(seed, settings, HeuristicBot::default());
                let action = bot.act(&rules, &deal, legal);
                assert!(legal >> action.0 & 1 == 1, "{name} seed {seed}: {action:?}");
            }
        }
    }
}

#[test]
fn the_same_seed_and_knowledge_give_the_same_search() {
    let rules = &rulesets()[1].1; // belgian: decisions before play and calls
    for seed in 0..8u64 {
        let mut deal = Deal::new(rules, seed as i128, 1, 0, [0, 0]);
        if seed % 2 == 1 {
            deal = random_position(rules, seed, 20);
        }
        let know = Knowledge::of(rules, &deal, deal.to_play, [0, 0]);
        let h = HeuristicBot::default();
        let a = search(rules, &know, &iterations(200), seed, &h).unwrap();
        let b = search(rules, &know, &iterations(200), seed, &h).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.iterations, 200);
        assert_eq!(a.children.iter().map(|c| c.1).sum::<u32>(), 200);
    }
}

#[test]
fn the_tree_covers_the_decisions_before_play() {
    let rules = &rulesets()[1].1; // belgian, the dealer asked blind or look
    let deal = Deal::new(rules, 5, 0, 0, [0, 80]);
    assert_eq!(deal.phase, Phase::Blind);
    let know = Knowledge::of(rules, &deal, 0, [0, 80]);
    let out = search(rules, &know, &iterations(300), 1, &HeuristicBot::default()).unwrap();
    let tried: Vec<Action> = out.children.iter().map(|c| c.0).collect();
    assert_eq!(tried, vec![Action::LOOK, Action::BLIND]);
    // The trump choice: every suit and no-trump are tried.
    let deal = deal.apply(rules, Action::LOOK).unwrap();
    let know = Knowledge::of(rules, &deal, 0, [0, 80]);
    let out = search(rules, &know, &iterations(300), 1, &HeuristicBot::default()).unwrap();
    assert_eq!(out.children.len(), 5);
}

#[test]
fn a_time_budget_stops_the_search() {
    let rules = &rulesets()[0].1;
    let deal = Deal::new(rules, 3, 0, 0, [0, 0])
        .apply(rules, Action::trump(0))
        .unwrap();
    let know = Knowledge::of(rules, &deal, deal.to_play, [0, 0]);
    let settings = Settings {
        budget: Budget::Millis(30),
        ..Settings::default()
    };
    let start = std::time::Instant::now();
    let out = search(rules, &know, &settings, 0, &HeuristicBot::default()).unwrap();
    assert!(out.iterations >= 8);
    assert!(start.elapsed().as_millis() < 2000);
}

/// The legal card that, over `samples` worlds the seat may face, is never worse double-dummy
/// than any other (net match points for the seat's side) and better by `by` on average.
fn dominant(rules: &Rules, deal: &Deal, samples: u32, by: f64) -> Option<Action> {
    let know = Knowledge::of(rules, deal, deal.to_play, [0, 0]);
    let sampler = Sampler::new(rules, &know).unwrap();
    let mut rng = Rng::new(7);
    let mut solver = Solver::new();
    let sign = if rules.team(deal.to_play) == rules.team(deal.dealer) {
        1.0
    } else {
        -1.0
    };
    let cards: Vec<u8> = iter(deal.legal_cards(rules)).collect();
    let mut values = vec![Vec::new(); cards.len()];
    for _ in 0..samples {
        let world = sampler.replay(&sampler.draw(&mut rng).unwrap()).unwrap();
        let f = factor(rules, &world);
        for (k, (_, total)) in solver.moves(rules, &world).into_iter().enumerate() {
            values[k].push(sign * margin(rules, f, total));
        }
    }
    let mean = |v: &[f64]| v.iter().sum::<f64>() / v.len() as f64;
    let best = (0..cards.len()).max_by(|&i, &j| mean(&values[i]).total_cmp(&mean(&values[j])))?;
    let clear = (0..cards.len()).all(|k| {
        k == best
            || (values[best].iter().zip(&values[k]).all(|(b, v)| b >= v)
                && mean(&values[best]) >= mean(&values[k]) + by)
    });
    clear.then(|| Action::card(cards[best]))
}

#[test]
fn it_prefers_a_clearly_winning_card_in_a_small_endgame() {
    let mut found = 0;
    for (name, rules) in rulesets() {
        let before = found;
        for seed in 0..150u64 {
            if found >= before + 3 {
                break;
            }
            let deal = random_position(&rules, seed, 8 + (seed % 2) as u32 * 4);
            if deal.legal_cards(&rules).count_ones() < 2 {
                continue;
            }
            let Some(best) = dominant(&rules, &deal, 24, 3.0) else {
                continue;
            };
            found += 1;
            let mut bot = IsmctsBot::new(seed, iterations(400), HeuristicBot::default());
            let chosen = bot.act(&rules, &deal, deal.legal_actions(&rules));
            assert_eq!(chosen, best, "{name} seed {seed}");
        }
    }
    assert!(
        found >= 10,
        "only {found} endgames with a clearly better card"
    );
}
