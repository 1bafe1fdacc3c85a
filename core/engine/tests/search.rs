//! The search's decisions before play: bound-limited values, worlds shared between choices
//! with the same play, and the sequential stop.

use manille_engine::rules::{CallBy, CallData, RulesData};
use manille_engine::sample::Knowledge;
use manille_engine::search::{choice_likelihood, decide, decision_values, Stop};
use manille_engine::sim::Rng;
use manille_engine::solver::Solver;
use manille_engine::{Action, Deal, Phase, Rules};

/// `belgian`: blind no-trump, "Ik ga mee" (x2) and "Ik ga tegen" (x4 in total).
fn belgian() -> Rules {
    let call = |name: &str, by, after, factor| CallData {
        name: name.into(),
        label: name.into(),
        by,
        after,
        factor,
        modes: 7,
    };
    Rules::new(RulesData {
        blind_allowed: true,
        tie_per_tie: true,
        best_of: 3,
        calls: vec![
            call("ik-ga-mee", CallBy::Opponents, None, 2),
            call("ik-ga-tegen", CallBy::ContractSide, Some(0), 4),
        ],
        ..RulesData::default()
    })
    .unwrap()
}

/// A random position with `left` cards still to play.
fn position(rules: &Rules, seed: u64, left: u32) -> Deal {
    let mut rng = Rng::new(seed);
    let mut deal = Deal::new(rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
    while deal.phase != Phase::Play {
        let actions = deal.legal_actions(rules) & !(1 << Action::THROW_IN.0);
        deal.apply_mut(rules, Action(rng.pick(actions))).unwrap();
    }
    while deal.rem.count_ones() > left {
        let card = rng.pick(deal.legal_cards(rules) as u64);
        deal.play_unchecked(rules, card);
    }
    deal
}

#[test]
fn a_value_within_a_tolerance_is_that_close_to_the_exact_value() {
    let rules = belgian();
    let mut solver = Solver::new();
    for seed in 0..40u64 {
        let deal = position(&rules, seed, 12 + (seed % 3) as u32 * 4);
        let exact = solver.value(&rules, &deal).unwrap();
        assert_eq!(solver.value_within(&rules, &deal, 0), Some(exact));
        for tolerance in [1, 2, 4, 8] {
            let near = solver.value_within(&rules, &deal, tolerance).unwrap();
            assert!(
                near.abs_diff(exact) <= tolerance.div_ceil(2),
                "seed {seed}: {near} vs {exact}"
            );
        }
    }
}

/// Belgian, the dealer has named hearts: the opponent to the dealer's left is asked to call.
fn asked_to_call(seed: u64) -> (Rules, Knowledge) {
    let rules = belgian();
    let mut deal = Deal::new(&rules, seed as i128, 0, 0, [0, 0]);
    let decisions = vec![Action::LOOK, Action::trump(1)];
    for &a in &decisions {
        deal.apply_mut(&rules, a).unwrap();
    }
    assert_eq!(deal.phase, Phase::Calls);
    let seat = deal.to_play;
    let know = Knowledge {
        seat,
        dealer: 0,
        own: deal.dealt[seat as usize],
        decisions,
        played: Vec::new(),
        turned: None,
        pending_ties: 0,
        scores: [0, 0],
    };
    (rules, know)
}

#[test]
fn ik_ga_mee_doubles_the_deal_so_its_value_is_twice_the_pass_over_the_same_worlds() {
    // Rule: "Ik ga mee" multiplies the deal by 2 for whichever side wins it; the play is the
    // same as after a pass, so both are valued on one solve per world.
    for seed in 0..4 {
        let (rules, know) = asked_to_call(seed);
        let rows = decision_values(&rules, &know, 4, seed, None).unwrap();
        let pass = rows.iter().find(|e| e.action == Action::PASS).unwrap();
        let call = rows.iter().find(|e| e.action == Action::call(0)).unwrap();
        assert!((call.mean - 2.0 * pass.mean).abs() < 1e-9);
        assert_eq!((pass.n, call.n), (4, 4));
    }
}

#[test]
fn sampling_stops_early_only_when_one_choice_is_clearly_best() {
    let (rules, know) = asked_to_call(3);
    let exact = decision_values(&rules, &know, 6, 1, None).unwrap();
    // Never clear (an infinite z): every world is drawn, and the values are the same.
    let never = Stop {
        min: 2,
        z: f64::INFINITY,
        tolerance: 0,
    };
    assert_eq!(
        decide(&rules, &know, 6, 1, None, Some(never)).unwrap(),
        exact
    );
    // Always clear after the minimum (z below any margin): two worlds.
    let eager = Stop {
        min: 2,
        z: -1.0,
        tolerance: 0,
    };
    let rows = decide(&rules, &know, 6, 1, None, Some(eager)).unwrap();
    assert!(rows.iter().all(|e| e.n == 2));
}

#[test]
fn a_value_within_a_tolerance_does_not_depend_on_earlier_searches() {
    // The same position gives the same answer from a fresh solver and from one whose table
    // and history hold other searches (the search bot's choice must depend on its view alone).
    let rules = belgian();
    let mut used = Solver::new();
    for seed in 0..30u64 {
        let deal = position(&rules, seed, 16);
        let other = position(&rules, seed + 1000, 20);
        used.value(&rules, &other);
        let mut fresh = Solver::new();
        assert_eq!(
            used.value_within(&rules, &deal, 4),
            fresh.value_within(&rules, &deal, 4),
            "seed {seed}"
        );
    }
}

#[test]
fn a_world_is_as_likely_as_the_trump_choice_it_shows() {
    // Seat 0 deals and holds five spades, two hearts, one club (suits: 0 spades, 1 hearts,
    // 2 clubs, 3 diamonds; 8 cards a suit).
    let rules = Rules::new(RulesData::default()).unwrap();
    let spades = 0b1111_1000u32;
    let dealer = spades | 0b11 << 8 | 1 << 16;
    let mut rest = !dealer;
    let mut hands = [dealer, 0, 0, 0];
    for hand in hands.iter_mut().skip(1) {
        for _ in 0..8 {
            let card = rest.trailing_zeros();
            *hand |= 1 << card;
            rest &= !(1 << card);
        }
    }
    let named = |trump: u8| {
        let mut deal = Deal::from_hands(&rules, hands, None, 0, 0, [0, 0]);
        deal.apply_mut(&rules, Action::trump(trump)).unwrap();
        deal
    };
    // Seen by another seat: its longest suit is the most likely, its void the least.
    let p = |trump| choice_likelihood(&rules, &named(trump), 1);
    assert_eq!(p(0), 1.0);
    assert!((p(1) - 0.35).abs() < 1e-12);
    assert!((p(3) - 0.35f64.powi(3)).abs() < 1e-12);
    // The dealer itself knows why it chose: no weighting.
    assert_eq!(choice_likelihood(&rules, &named(3), 0), 1.0);
}
