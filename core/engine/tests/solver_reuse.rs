//! One solver reused across rulesets whose cards rank and score differently (it keeps the
//! tables of the last ruleset and must make them again when the cards change): every value
//! equals plain minimax, every value within a tolerance stays within it and does not depend on
//! what the solver searched before.

mod common;
use common::random_position;
use manille_engine::rules::RulesData;
use manille_engine::solver::{banked, brute_force, Solver};
use manille_engine::{Deal, Rules};
use proptest::prelude::*;

/// Rulesets whose cards differ: the table convention (10 A K Q J 9 8 7; 7-9 worth nothing),
/// a plain rank order with other card points and a last-trick bonus, played the other way
/// round, and a ruleset where the 7 and the 8 are worth a point (fewer equal cards).
fn rulesets() -> Vec<Rules> {
    let mut plain = RulesData {
        step: -1,
        leader_offset: -1,
        last_trick_bonus: 10,
        ..RulesData::default()
    };
    let plain_values = [0, 0, 0, 10, 2, 3, 4, 11]; // 7 8 9 10 J Q K A
    for card in 0..32 {
        plain.strength[card] = (card % 8) as u8;
        plain.values[card] = plain_values[card % 8];
    }
    let mut sevens = RulesData {
        trick_points: 1,
        ..RulesData::default()
    };
    for card in 0..32 {
        if card % 8 < 2 {
            sevens.values[card] = 1;
        }
    }
    [RulesData::default(), plain, sevens]
        .into_iter()
        .map(|data| Rules::new(data).unwrap())
        .collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn a_reused_solver_equals_minimax_when_the_cards_change(
        seed in any::<u64>(),
        left in 4u32..12,
        order in proptest::collection::vec(0usize..3, 6),
    ) {
        let all = rulesets();
        let mut solver = Solver::new();
        for (i, &which) in order.iter().enumerate() {
            let rules = &all[which];
            let deal = random_position(rules, seed.wrapping_add(i as u64), left);
            let expected = brute_force(rules, &deal);
            prop_assert_eq!(solver.value(rules, &deal), Some(expected));
            let moves = solver.moves(rules, &deal);
            let maximise = rules.team(deal.to_play) == rules.team(deal.dealer);
            let best = moves.iter().map(|m| m.1);
            prop_assert_eq!(if maximise { best.max() } else { best.min() }, Some(expected));
        }
    }

    #[test]
    fn values_within_a_tolerance_stay_within_it_whatever_was_searched_before(
        seed in any::<u64>(),
        left in 4u32..12,
        tolerance in 0u32..16,
        which in 0usize..3,
    ) {
        let all = rulesets();
        let rules = &all[which];
        let deal = random_position(rules, seed, left);
        let exact = brute_force(rules, &deal);
        let fresh = Solver::new().value_within(rules, &deal, tolerance).unwrap();
        prop_assert!(fresh.abs_diff(exact) <= tolerance, "{fresh} vs {exact}");
        if tolerance == 0 {
            prop_assert_eq!(fresh, exact);
        }
        // The same answer from a solver that searched other deals of other rulesets first.
        let mut used = Solver::new();
        for (i, other) in all.iter().enumerate() {
            used.value(other, &random_position(other, seed ^ (i as u64 + 1), 16));
        }
        prop_assert_eq!(used.value_within(rules, &deal, tolerance), Some(fresh));
    }

    #[test]
    fn a_value_within_a_tolerance_is_the_middle_of_the_exact_values_bucket(
        seed in any::<u64>(),
        tricks in 2u32..6,
        tolerance in 0u32..16,
        which in 0usize..3,
    ) {
        // Whether the bucket is found by the exact value or by zero-window tests at its edges
        // (from PROBE_TOLERANCE on), the answer is the middle of the bucket of `tolerance + 1`
        // points (cut from what is still to be won) that holds the exact value.
        let all = rulesets();
        let rules = &all[which];
        let deal = random_position(rules, seed, 4 * tricks); // at a trick's start
        let mut solver = Solver::new();
        let exact = solver.value(rules, &deal).unwrap();
        let banked = banked(rules, &deal);
        let most = still_to_win(rules, &deal);
        let width = tolerance + 1;
        let bucket = (exact - banked) / width * width;
        let top = (bucket + width - 1).min(most);
        prop_assert_eq!(solver.value_within(rules, &deal, tolerance), Some(banked + (bucket + top) / 2));
    }
}

/// The points still to be won from a position (every card left, the tricks' points and the
/// last-trick bonus), as the solver counts what team A could take at most.
fn still_to_win(rules: &Rules, deal: &Deal) -> u32 {
    let tricks_left = deal.rem.count_ones().div_ceil(rules.seats() as u32);
    rules.points(deal.rem)
        + tricks_left * rules.data.trick_points
        + if deal.rem != 0 {
            rules.data.last_trick_bonus
        } else {
            0
        }
}
