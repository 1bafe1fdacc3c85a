//! Helpers shared by the integration tests (and the solver's timer, `examples/solve_bench.rs`):
//! each test crate uses some of them.
#![allow(dead_code)]

use manille_engine::rng::Rng;
use manille_engine::rules::{
    CallBy, CallData, RulesData, TakeUp, TrumpSource, TurnedBonus, Undertrump,
};
use manille_engine::{Action, Deal, Phase, Rules};
use proptest::prelude::*;

/// A call of a ladder, open in every mode.
pub fn call(name: &str, by: CallBy, after: Option<u8>, factor: u64) -> CallData {
    CallData {
        name: name.into(),
        label: name.into(),
        by,
        after,
        factor,
        modes: 7,
    }
}

/// A random play-phase position with `left` cards still to play: decisions before play and
/// cards drawn at random (a throw-in never), seeded.
pub fn random_position(rules: &Rules, seed: u64, left: u32) -> Deal {
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

/// The play settings of the bundled rulesets (what the play phase reads).
pub fn bundled() -> Vec<(&'static str, RulesData)> {
    let belgian = RulesData {
        blind_allowed: true,
        tie_per_tie: true,
        best_of: 3,
        ..RulesData::default()
    };
    let french = RulesData {
        step: -1,
        packets: vec![4, 4],
        cutter_offset: 1,
        leader_offset: -1,
        next_dealer_offset: -1,
        delegation: true,
        tie_carries: false,
        sweep_factor: 1,
        trump_when_partner_wins: true,
        overtrump_partner: false,
        undertrump: Undertrump::Allowed,
        trick_points: 1,
        target: 100,
        ..RulesData::default()
    };
    let parlee = RulesData {
        packets: vec![2, 2, 2, 2],
        trump_source: TrumpSource::Turned,
        take_up: TakeUp::AfterFirstCard,
        turned_bonus: TurnedBonus::TenOnly,
        delegation: false,
        no_trump_allowed: false,
        calls: Vec::new(),
        trump_when_partner_wins: false,
        target: 50,
        ..french.clone()
    };
    vec![
        ("table-convention", RulesData::default()),
        ("belgian", belgian.clone()),
        (
            "belgian-capped",
            RulesData {
                cap: Some(4),
                ..belgian
            },
        ),
        ("french-coinchee", french),
        ("french-parlee", parlee.clone()),
        (
            "french-muette",
            RulesData {
                turned_bonus: TurnedBonus::CardValue,
                target: 100,
                ..parlee
            },
        ),
    ]
}

/// Any setting of the undertrump clauses.
pub fn undertrump() -> impl Strategy<Value = Undertrump> {
    prop_oneof![
        Just(Undertrump::Forbidden),
        Just(Undertrump::Allowed),
        Just(Undertrump::ForbiddenIfCanOvertrump),
        Just(Undertrump::Required),
    ]
}
