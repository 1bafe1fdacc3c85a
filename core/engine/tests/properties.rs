//! Invariants of the engine over random rules, seeds and playouts.

mod common;
use common::undertrump;
use manille_engine::cards::{iter, FULL, NONE};
use manille_engine::rng::Rng;
use manille_engine::rules::{
    BeatOpponent, CallBy, CallData, Mode, RulesData, TakeUp, TrumpSource, TurnedBonus, Undertrump,
};
use manille_engine::{Action, Deal, Phase, Rules};
use proptest::prelude::*;

prop_compose! {
    fn play_settings()(
        beat in prop_oneof![Just(BeatOpponent::Always), Just(BeatOpponent::Never), Just(BeatOpponent::TrumpLead), Just(BeatOpponent::PlainLead)],
        flags in proptest::array::uniform8(any::<bool>()),
        under in undertrump(),
        under_partner in proptest::option::of(prop_oneof![Just(Undertrump::Forbidden), Just(Undertrump::Allowed), Just(Undertrump::ForbiddenIfCanOvertrump)]),
    ) -> RulesData {
        RulesData {
            beat_opponent: beat,
            beat_partner_on_trump_lead: flags[0],
            beat_at_no_trump: flags[1],
            beat_partner_at_no_trump: flags[2],
            trump_when_opponent_wins: flags[3],
            trump_when_partner_wins: flags[4],
            overtrump_opponent: flags[5],
            overtrump_partner: flags[6],
            undertrump: under,
            undertrump_partner: under_partner,
            ..RulesData::default()
        }
    }
}

prop_compose! {
    fn rules_data()(
        base in play_settings(),
        clockwise in any::<bool>(),
        packets in prop_oneof![Just(vec![3, 2, 3]), Just(vec![4, 4]), Just(vec![2, 2, 2, 2]), Just(vec![8])],
        blind in any::<bool>(),
        delegation in any::<bool>(),
        calls in any::<bool>(),
        trick_points in 0u32..2,
        last_trick_bonus in 0u32..11,
        turned in any::<bool>(),
        take_up in prop_oneof![Just(TakeUp::FirstTrickStart), Just(TakeUp::AfterFirstCard), Just(TakeUp::AfterFirstTrick)],
        bonus in prop_oneof![Just(TurnedBonus::None), Just(TurnedBonus::TenOnly), Just(TurnedBonus::CardValue)],
    ) -> RulesData {
        let step = if clockwise { 1 } else { -1 };
        let ladder = vec![
            CallData { name: "mee".into(), label: "Ik ga mee".into(), by: CallBy::Opponents, after: None, factor: 2, modes: 7 },
            CallData { name: "tegen".into(), label: String::new(), by: CallBy::ContractSide, after: Some(0), factor: 4, modes: Mode::Trump.bit() | Mode::Blind.bit() },
        ];
        RulesData {
            step,
            leader_offset: step,
            next_dealer_offset: step,
            packets,
            blind_allowed: blind && !turned,
            delegation: delegation && !turned,
            no_trump_allowed: !turned,
            calls: if calls { ladder } else { Vec::new() },
            trick_points,
            last_trick_bonus,
            trump_source: if turned { TrumpSource::Turned } else { TrumpSource::Choice },
            take_up,
            turned_bonus: bonus,
            ..base
        }
    }
}

/// Play a deal out at random, checking the invariants of every state; the actions taken.
fn playout(rules: &Rules, mut deal: Deal, rng: &mut Rng) -> (Deal, Vec<Action>) {
    let mut actions = Vec::new();
    let mut turns = 0;
    while !deal.is_over() {
        turns += 1;
        assert!(turns < 200, "a deal ends");
        let legal = deal.legal_actions(rules);
        assert_ne!(legal, 0, "someone can act in {:?}", deal.phase);
        if deal.phase == Phase::Play {
            let hand = deal.hand(deal.to_play) as u64;
            assert_eq!(legal & !hand, 0, "legal cards are in the hand");
            if deal.turned != NONE && deal.to_play == deal.dealer && deal.tricks_done(rules) == 0 {
                let taken_up = match rules.data.take_up {
                    TakeUp::FirstTrickStart => true,
                    TakeUp::AfterFirstCard => !deal.trick(rules).is_empty(),
                    TakeUp::AfterFirstTrick => false,
                };
                if !taken_up {
                    assert_eq!(
                        legal & 1 << deal.turned,
                        0,
                        "the turned card waits on the table"
                    );
                }
            }
        } else {
            assert_eq!(legal & 0xFFFF_FFFF, 0, "no card before the play");
        }
        let action = Action(rng.pick(legal));
        deal = deal
            .apply(rules, action)
            .expect("a legal action is accepted");
        actions.push(action);
    }
    (deal, actions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn a_deal_gives_every_card_once(data in rules_data(), seed in any::<i64>(), dealer in 0u8..4) {
        let rules = Rules::new(data).unwrap();
        let deal = Deal::new(&rules, seed as i128, dealer, 0, [0, 0]);
        let mut all = 0u32;
        for seat in 0..4 {
            prop_assert_eq!(deal.dealt[seat].count_ones(), 8);
            prop_assert_eq!(all & deal.dealt[seat], 0);
            all |= deal.dealt[seat];
        }
        prop_assert_eq!(all, FULL);
        prop_assert_eq!(rules.points(all), 60);
        prop_assert_eq!(rules.card_total, 60);
        if deal.turned != NONE {
            prop_assert!(deal.dealt[dealer as usize] & 1 << deal.turned != 0, "the turned card is the dealer's");
        }
    }

    #[test]
    fn random_playouts_keep_the_invariants(data in rules_data(), seed in any::<i64>(), dealer in 0u8..4, pending in 0u32..3, rng_seed in any::<u64>()) {
        let rules = Rules::new(data).unwrap();
        let start = Deal::new(&rules, seed as i128, dealer, pending, [0, 0]);
        let mut rng = Rng::new(rng_seed);
        let (end, actions) = playout(&rules, start, &mut rng);
        let result = end.result(&rules).unwrap();
        if end.thrown_in {
            prop_assert_eq!((result.team_a, result.team_b), (0, 0));
        } else {
            // Each card played once; every card won by exactly one side.
            let mut seen = 0u32;
            for &card in &end.history {
                prop_assert_eq!(seen & 1 << card, 0);
                seen |= 1 << card;
            }
            prop_assert_eq!(seen, FULL);
            prop_assert_eq!(end.won[0] & end.won[1], 0);
            prop_assert_eq!(end.won[0] | end.won[1], FULL);
            prop_assert_eq!(result.card_points[0] + result.card_points[1], 60);
            prop_assert_eq!(result.totals[0] + result.totals[1], rules.deal_total);
            prop_assert_eq!(result.tricks[0] + result.tricks[1], 8);
            // Only one side scores (the turned card's bonus aside).
            prop_assert!(result.team_a == result.turned_bonus || result.team_b == 0);
        }
        // Replay determinism: the same actions from the same deal reach the same state.
        let mut again = Deal::new(&rules, seed as i128, dealer, pending, [0, 0]);
        for &action in &actions {
            again = again.apply(&rules, action).unwrap();
        }
        prop_assert_eq!(again, end);
        // Once over, nothing more is accepted.
        prop_assert!(end.apply(&rules, Action(iter(end.dealt[0]).next().unwrap())).is_err());
    }

    #[test]
    fn any_code_is_applied_or_refused_without_panic(data in rules_data(), seed in any::<i64>(), codes in proptest::collection::vec(any::<u8>(), 1..200)) {
        let rules = Rules::new(data).unwrap();
        let mut deal = Deal::new(&rules, seed as i128, 0, 0, [0, 0]);
        for code in codes {
            let legal = deal.legal_actions(&rules);
            match deal.apply(&rules, Action(code)) {
                Ok(next) => {
                    prop_assert!(code == Action::THROW_IN.0 || legal >> code & 1 == 1);
                    deal = next;
                }
                Err(_) => prop_assert!(code >= 64 || legal >> code & 1 == 0),
            }
        }
    }

    #[test]
    fn an_illegal_card_is_refused_and_changes_nothing(seed in any::<i64>(), rng_seed in any::<u64>()) {
        let rules = Rules::new(RulesData::default()).unwrap();
        let mut deal = Deal::new(&rules, seed as i128, 0, 0, [0, 0]).apply(&rules, Action::trump(0)).unwrap();
        let mut rng = Rng::new(rng_seed);
        for _ in 0..rng.below(20) {
            deal = deal.apply(&rules, Action(rng.pick(deal.legal_actions(&rules)))).unwrap();
        }
        let illegal = !deal.legal_cards(&rules) & FULL;
        for card in iter(illegal) {
            prop_assert!(deal.apply(&rules, Action(card)).is_err());
        }
    }
}

#[test]
fn blind_is_offered_only_when_behind_enough() {
    let rules = Rules::new(RulesData {
        blind_allowed: true,
        blind_only_when_behind_by: Some(20),
        ..RulesData::default()
    })
    .unwrap();
    assert_eq!(Deal::new(&rules, 1, 0, 0, [0, 0]).phase, Phase::Trump);
    assert_eq!(Deal::new(&rules, 1, 0, 0, [0, 20]).phase, Phase::Blind);
    assert_eq!(Deal::new(&rules, 1, 1, 0, [0, 20]).phase, Phase::Trump);
}

#[test]
fn a_throw_in_scores_nothing_and_keeps_the_pending_tie() {
    let rules = Rules::new(RulesData::default()).unwrap();
    let deal = Deal::new(&rules, 3, 2, 1, [0, 0])
        .apply(&rules, Action::THROW_IN)
        .unwrap();
    let result = deal.result(&rules).unwrap();
    assert!(result.thrown_in && result.pending_ties == 1 && result.team_a == 0);
    let french = Rules::new(RulesData {
        early_look_throws_in: false,
        ..RulesData::default()
    })
    .unwrap();
    assert!(Deal::new(&french, 3, 2, 0, [0, 0])
        .apply(&french, Action::THROW_IN)
        .is_err());
}

#[test]
fn the_turned_card_names_trump_and_waits_for_the_first_card() {
    let data = RulesData {
        trump_source: TrumpSource::Turned,
        no_trump_allowed: false,
        turned_bonus: TurnedBonus::CardValue,
        leader_offset: 0, // the dealer leads, so the take-up moment matters at once
        ..RulesData::default()
    };
    let rules = Rules::new(data).unwrap();
    let deal = Deal::new(&rules, 11, 1, 0, [0, 0]);
    assert_eq!(deal.phase, Phase::Play);
    assert_eq!(deal.trump_suit(), Some(deal.turned >> 3));
    assert_eq!(deal.legal_cards(&rules), deal.hand(1) & !(1 << deal.turned));
    let end = manille_engine::sim::random_playout(&rules, deal, &mut Rng::new(5));
    let result = end.result(&rules).unwrap();
    assert_eq!(
        result.turned_bonus,
        rules.data.values[deal.turned as usize] as u64
    );
}

#[test]
fn random_matches_end_with_a_winner() {
    let rules = Rules::new(RulesData {
        best_of: 3,
        ..RulesData::default()
    })
    .unwrap();
    let mut rng = Rng::new(9);
    for seed in 0..20 {
        let m = manille_engine::sim::random_match(&rules, seed, (seed % 4) as u8, &mut rng, 10_000);
        let w = m.winner.expect("a match ends") as usize;
        assert_eq!(m.games[w], 2);
        assert!(m.games[1 - w] < 2);
    }
}
