//! The search's decisions before play: bound-limited values, worlds shared between choices
//! with the same play, and the sequential stop.

mod common;
use common::random_position;
use manille_engine::cards::MAX_SEATS;
use manille_engine::heuristic::hand_tricks;
use manille_engine::rng::Rng;
use manille_engine::rules::{CallBy, RulesData};
use manille_engine::sample::{Knowledge, Sampler};
use manille_engine::search::{
    calls_likelihood, choice_likelihood, decide_from, decision_values, Stop, CALL_AT,
};
use manille_engine::solver::Solver;
use manille_engine::{Action, Deal, Phase, Rules};

/// `belgian`: blind no-trump, "Ik ga mee" (x2) and "Ik ga tegen" (x4 in total).
fn belgian() -> Rules {
    use common::call;
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

#[test]
fn a_value_within_a_tolerance_is_that_close_to_the_exact_value() {
    let rules = belgian();
    let mut solver = Solver::new();
    for seed in 0..40u64 {
        let deal = random_position(&rules, seed, 12 + (seed % 3) as u32 * 4);
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
    let know = before_play(&deal, deal.to_play, decisions);
    (rules, know)
}

/// What `seat` knows before play, seat 0 dealing, after `decisions`.
fn before_play(deal: &Deal, seat: u8, decisions: Vec<Action>) -> Knowledge {
    Knowledge {
        seat,
        dealer: 0,
        own: deal.dealt[seat as usize],
        decisions,
        played: Vec::new(),
        turned: None,
        pending_ties: 0,
        scores: [0, 0],
    }
}

/// `belgian` with "Ik ga mee" alone (no reply in the ladder).
fn mee_alone() -> Rules {
    let mut data = belgian().data.clone();
    data.calls.truncate(1);
    Rules::new(data).unwrap()
}

#[test]
fn ik_ga_mee_asked_last_without_a_reply_is_worth_twice_the_pass_over_the_same_worlds() {
    // Rule: "Ik ga mee" multiplies the deal by 2 for whichever side wins it; asked last, with
    // no reply in the ladder, the play is the same as after a pass and nothing follows, so
    // both are valued on one solve per world.
    let rules = mee_alone();
    let mut checked = 0;
    for seed in 0..8 {
        let mut deal = Deal::new(&rules, seed as i128, 0, 0, [0, 0]);
        let decisions = vec![Action::LOOK, Action::trump(1), Action::PASS];
        for &a in &decisions {
            deal.apply_mut(&rules, a).unwrap();
        }
        if deal.phase != Phase::Calls
            || deal.apply(&rules, Action::PASS).unwrap().phase != Phase::Play
        {
            continue;
        }
        let know = before_play(&deal, deal.to_play, decisions);
        let rows = decision_values(&rules, &know, 4, seed, None).unwrap();
        let pass = rows.iter().find(|e| e.action == Action::PASS).unwrap();
        let call = rows.iter().find(|e| e.action == Action::call(0)).unwrap();
        assert!((call.mean - 2.0 * pass.mean).abs() < 1e-9);
        assert_eq!((pass.n, call.n), (4, 4));
        checked += 1;
    }
    assert!(checked >= 4);
}

#[test]
fn without_a_clear_margin_the_default_choice_stands() {
    // The search departs from a default only for an option better by z standard errors: with
    // an infinite z never, whichever option is the default.
    let never = Stop {
        min: 2,
        z: f64::INFINITY,
        tolerance: 4,
    };
    for seed in 0..4 {
        let (rules, know) = asked_to_call(seed);
        for default in [Action::PASS, Action::call(0)] {
            let d = decide_from(&rules, &know, 6, seed, None, Some(never), Some(default)).unwrap();
            assert_eq!(d.chosen, default);
        }
    }
}

#[test]
fn a_departure_from_the_default_needs_four_worlds() {
    // With z below any margin, the best mean is taken, but only after four worlds; the
    // default is searched even when `only` leaves it out.
    let eager = Stop {
        min: 2,
        z: -1.0,
        tolerance: 0,
    };
    for seed in 0..6 {
        let (rules, know) = asked_to_call(seed);
        let only = [Action::call(0)];
        let d = decide_from(
            &rules,
            &know,
            8,
            seed,
            Some(&only),
            Some(eager),
            Some(Action::PASS),
        )
        .unwrap();
        assert_eq!(d.estimates.len(), 2);
        let best = d
            .estimates
            .iter()
            .max_by(|a, b| a.mean.total_cmp(&b.mean))
            .unwrap();
        if d.chosen != Action::PASS {
            assert!(d.estimates.iter().all(|e| e.n >= 4));
            assert_eq!(d.chosen, best.action);
        } else {
            assert!(
                best.action == Action::PASS
                    || d.estimates[0].n < 4
                    || best.mean == d.estimates[0].mean
            );
        }
    }
}

/// Belgian, seat 0 deals with `hands` and names `trump`; the seat after it has `decision`'d
/// (a call or a pass), seen by `seat`.
fn after_the_first_call(
    hands: [u32; 4],
    trump: u8,
    decision: Action,
    seat: u8,
) -> (Rules, Knowledge) {
    let rules = belgian();
    let mut deal = Deal::from_hands(&rules, hands, None, 0, 0, [0, 0]);
    let decisions = vec![Action::LOOK, Action::trump(trump), decision];
    for &a in &decisions {
        deal.apply_mut(&rules, a).unwrap();
    }
    let know = before_play(&deal, seat, decisions);
    (rules, know)
}

/// Four hands: seat `strong` holds every heart, the rest dealt in order.
fn with_strong(strong: usize) -> [u32; 4] {
    let spades = 0xFFu32 << 8;
    let mut rest = !spades;
    let mut hands = [0u32; 4];
    hands[strong] = spades;
    for (s, hand) in hands.iter_mut().enumerate() {
        if s == strong {
            continue;
        }
        for _ in 0..8 {
            let card = rest.trailing_zeros();
            *hand |= 1 << card;
            rest &= !(1 << card);
        }
    }
    hands
}

#[test]
fn a_call_makes_worlds_where_the_caller_is_strong_likelier_and_a_pass_the_reverse() {
    // Seat 0 names hearts; the first seat asked (an opponent) calls or passes; seat 2 weighs
    // worlds by it: the caller holding every heart (many tricks) or not.
    let rules = belgian();
    let first = {
        let mut deal = Deal::from_hands(&rules, with_strong(1), None, 0, 0, [0, 0]);
        deal.apply_mut(&rules, Action::LOOK).unwrap();
        deal.apply_mut(&rules, Action::trump(1)).unwrap();
        deal.to_play as usize
    };
    let weak_world = with_strong((first + 2) % 4);
    let strong_world = with_strong(first);
    assert!(hand_tricks(&rules, strong_world[first], Some(1)) > CALL_AT);
    assert!(hand_tricks(&rules, weak_world[first], Some(1)) < CALL_AT);
    let seat = ((first + 1) % 4) as u8;
    let (r, called) = after_the_first_call(strong_world, 1, Action::call(0), seat);
    let p = |know: &Knowledge, world: &[u32; 4]| {
        let mut hands = [0; MAX_SEATS];
        hands[..4].copy_from_slice(world);
        calls_likelihood(&r, know, &hands)
    };
    assert!(p(&called, &strong_world) > 0.9);
    assert!(p(&called, &weak_world) < 0.5);
    let (_, passed) = after_the_first_call(strong_world, 1, Action::PASS, seat);
    assert!(p(&passed, &strong_world) < 0.1);
    assert!(p(&passed, &weak_world) > 0.5);
    // The caller itself knows why it called: its own decision weighs nothing.
    let (_, own) = after_the_first_call(strong_world, 1, Action::PASS, first as u8);
    assert_eq!(p(&own, &strong_world), 1.0);
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
        decide_from(&rules, &know, 6, 1, None, Some(never), None)
            .unwrap()
            .estimates,
        exact
    );
    // Always clear after the minimum (z below any margin): two worlds.
    let eager = Stop {
        min: 2,
        z: -1.0,
        tolerance: 0,
    };
    let rows = decide_from(&rules, &know, 6, 1, None, Some(eager), None)
        .unwrap()
        .estimates;
    assert!(rows.iter().all(|e| e.n == 2));
}

#[test]
fn a_value_within_a_tolerance_does_not_depend_on_earlier_searches() {
    // The same position gives the same answer from a fresh solver and from one whose table
    // and history hold other searches (the search bot's choice must depend on its view alone).
    let rules = belgian();
    let mut used = Solver::new();
    for seed in 0..30u64 {
        let deal = random_position(&rules, seed, 16);
        let other = random_position(&rules, seed + 1000, 20);
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
    // Seen by another seat: suits ranked as the heuristic ranks them (its rough count of
    // tricks, then length); each suit ranked higher divides the likelihood by 1/0.35.
    let p = |trump| choice_likelihood(&rules, &named(trump), 1);
    let worth = |s: u8| {
        hand_tricks(&rules, dealer, Some(s)) + 0.05 * (dealer & 0xFF << (8 * s)).count_ones() as f64
    };
    let mut ranked: Vec<u8> = (0..4).collect();
    ranked.sort_by(|&a, &b| worth(b).total_cmp(&worth(a)));
    for pair in ranked.windows(2) {
        if worth(pair[0]) > worth(pair[1]) {
            assert!((p(pair[1]) / p(pair[0]) - 0.35).abs() < 1e-9);
        }
    }
    // A hand this rich in points is more likely to be seen naming no-trump than its best suit.
    let no_trump = {
        let mut deal = Deal::from_hands(&rules, hands, None, 0, 0, [0, 0]);
        deal.apply_mut(&rules, Action::NO_TRUMP).unwrap();
        choice_likelihood(&rules, &deal, 1)
    };
    assert!(no_trump > p(ranked[0]));
    // The dealer itself knows why it chose: no weighting.
    assert_eq!(choice_likelihood(&rules, &named(3), 0), 1.0);
}

/// `belgian` with delegation and no-trump open too: every kind of decision before play.
fn every_decision() -> Rules {
    let mut data = belgian().data.clone();
    data.delegation = true;
    Rules::new(data).unwrap()
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(64))]

    #[test]
    fn a_world_weighs_between_zero_and_one_and_the_seats_own_decisions_weigh_nothing(
        seed in 0u64..1_000_000,
        world_seed in 0u64..1_000_000,
    ) {
        // Random decisions before play, then each seat's view of them weighed on the real
        // hands and on another deal's hands: a probability, 1 for the only decider's seat.
        let rules = every_decision();
        let mut rng = Rng::new(seed);
        let mut deal = Deal::new(&rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
        let mut decisions = Vec::new();
        let mut deciders = Vec::new();
        while deal.phase != Phase::Play && deal.phase != Phase::Over {
            let actions = deal.legal_actions(&rules) & !(1 << Action::THROW_IN.0);
            let a = Action(rng.pick(actions));
            deciders.push(deal.to_play);
            decisions.push(a);
            deal.apply_mut(&rules, a).unwrap();
        }
        let other = Deal::new(&rules, world_seed as i128, (seed % 4) as u8, 0, [0, 0]).dealt;
        for seat in 0..4u8 {
            let know = Knowledge {
                seat,
                dealer: (seed % 4) as u8,
                own: deal.dealt[seat as usize],
                decisions: decisions.clone(),
                played: Vec::new(),
                turned: None,
                pending_ties: 0,
                scores: [0, 0],
            };
            for world in [deal.dealt, other] {
                let p = calls_likelihood(&rules, &know, &world);
                proptest::prop_assert!((0.0..=1.0).contains(&p), "{p}");
            }
            if deciders.iter().all(|&d| d == seat) {
                proptest::prop_assert_eq!(calls_likelihood(&rules, &know, &deal.dealt), 1.0);
            }
            let p = choice_likelihood(&rules, &deal, seat);
            proptest::prop_assert!((0.0..=1.0).contains(&p), "{p}");
        }
    }
}

/// `Knowledge::of` reads a seat's view off a whole deal: every world drawn from it replays to
/// the deal's own phase, seat to play and cards played, with the seat's hand as dealt.
#[test]
fn knowledge_of_a_deal_gives_worlds_that_replay_to_it() {
    let mut all: Vec<(&str, Rules)> = common::bundled()
        .into_iter()
        .map(|(name, data)| (name, Rules::new(data).unwrap()))
        .collect();
    all.push(("belgian with calls", belgian()));
    for (name, rules) in all {
        for seed in 0..40u64 {
            let mut deal = Deal::new(&rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
            let mut rng = Rng::new(seed);
            let steps = rng.below(30);
            for _ in 0..steps {
                if deal.is_over() {
                    break;
                }
                let legal = deal.legal_actions(&rules);
                deal = deal.apply(&rules, Action(rng.pick(legal))).unwrap();
            }
            if deal.is_over() {
                continue;
            }
            let seat = deal.to_play;
            let know = Knowledge::of(&rules, &deal, seat, [0, 0]);
            let sampler = Sampler::new(&rules, &know).unwrap();
            let world = sampler.replay(&sampler.draw(&mut rng).unwrap()).unwrap();
            assert_eq!(world.phase, deal.phase, "{name} seed {seed}");
            assert_eq!(world.to_play, deal.to_play);
            assert_eq!(
                world.history[..world.played()],
                deal.history[..deal.played()]
            );
            if know.own != 0 {
                assert_eq!(world.dealt[seat as usize], deal.dealt[seat as usize]);
            }
        }
    }
}
