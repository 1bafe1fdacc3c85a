//! The double-dummy solver against plain minimax on random endgames of every bundled
//! ruleset's play settings (and random play settings), also mid-trick.

mod common;
use common::{bundled, random_position};
use manille_engine::cards::NONE;
use manille_engine::cards::{iter, suit_mask};
use manille_engine::rng::Rng;
use manille_engine::rules::{BeatOpponent, RulesData, TakeUp, TrumpSource, Undertrump};
use manille_engine::sample::{Knowledge, Sampler};
use manille_engine::solver::{brute_force, Solver};
use manille_engine::{Action, Deal, Phase, Rules};
use proptest::prelude::*;

fn check(rules: &Rules, deal: &Deal, solver: &mut Solver) {
    let expected = brute_force(rules, deal);
    assert_eq!(solver.value(rules, deal), Some(expected));
    let moves = solver.moves(rules, deal);
    assert_eq!(
        moves.iter().map(|m| m.0).collect::<Vec<_>>(),
        iter(deal.legal_cards(rules)).collect::<Vec<_>>()
    );
    for (card, value) in moves {
        let mut child = *deal;
        child.play_unchecked(rules, card);
        assert_eq!(value, brute_force(rules, &child), "card {card}");
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn solver_equals_minimax_on_bundled_rulesets(seed in any::<u64>(), left in 4u32..13) {
        let mut solver = Solver::new();
        for (_, data) in bundled() {
            let rules = Rules::new(data).unwrap();
            check(&rules, &random_position(&rules, seed, left), &mut solver);
        }
    }

    #[test]
    fn solver_equals_minimax_under_any_obligations(
        seed in any::<u64>(),
        left in 4u32..11,
        flags in proptest::array::uniform8(any::<bool>()),
        under in 0usize..4,
        beat in 0usize..4,
        trick_points in 0u32..2,
        bonus in 0u32..11,
    ) {
        let data = RulesData {
            beat_opponent: [BeatOpponent::Always, BeatOpponent::Never, BeatOpponent::TrumpLead, BeatOpponent::PlainLead][beat],
            beat_partner_on_trump_lead: flags[0],
            beat_at_no_trump: flags[1],
            beat_partner_at_no_trump: flags[2],
            trump_when_opponent_wins: flags[3],
            trump_when_partner_wins: flags[4],
            overtrump_opponent: flags[5],
            overtrump_partner: flags[6],
            undertrump: [Undertrump::Forbidden, Undertrump::Allowed, Undertrump::ForbiddenIfCanOvertrump, Undertrump::Required][under],
            step: if flags[7] { 1 } else { -1 },
            trick_points,
            last_trick_bonus: bonus,
            ..RulesData::default()
        };
        let rules = Rules::new(data).unwrap();
        check(&rules, &random_position(&rules, seed, left), &mut Solver::new());
    }

    #[test]
    fn solver_equals_minimax_with_a_turned_card_under_any_obligations(
        seed in any::<u64>(),
        left in 4u32..11,
        flags in proptest::array::uniform8(any::<bool>()),
        under in 0usize..4,
        take_up in 0usize..3,
    ) {
        let data = turned(flags, under, take_up, 0);
        let rules = Rules::new(data).unwrap();
        check(&rules, &random_position(&rules, seed, left), &mut Solver::new());
    }
}

/// Play settings with trump by the turned card: random obligations, take-up and first leader.
fn turned(flags: [bool; 8], under: usize, take_up: usize, leader: i8) -> RulesData {
    RulesData {
        trump_source: TrumpSource::Turned,
        take_up: [
            TakeUp::FirstTrickStart,
            TakeUp::AfterFirstCard,
            TakeUp::AfterFirstTrick,
        ][take_up],
        no_trump_allowed: false,
        leader_offset: leader,
        beat_opponent: if flags[0] {
            BeatOpponent::Always
        } else {
            BeatOpponent::PlainLead
        },
        beat_partner_on_trump_lead: flags[1],
        trump_when_opponent_wins: flags[2],
        trump_when_partner_wins: flags[3],
        overtrump_opponent: flags[4],
        overtrump_partner: flags[5],
        undertrump: [
            Undertrump::Forbidden,
            Undertrump::Allowed,
            Undertrump::ForbiddenIfCanOvertrump,
            Undertrump::Required,
        ][under],
        step: if flags[6] { 1 } else { -1 },
        trick_points: u32::from(flags[7]),
        ..RulesData::default()
    }
}

/// Minimax over every legal card of the rest of the first trick, then the solver's value at
/// the start of the second: the turned card's hold-back only matters in the first trick.
fn first_trick_minimax(rules: &Rules, deal: &Deal, solver: &mut Solver) -> u32 {
    if deal.tricks_done(rules) > 0 {
        return solver.value(rules, deal).unwrap();
    }
    let maximise = rules.team(deal.to_play) == rules.team(deal.dealer);
    let values = iter(deal.legal_cards(rules)).map(|card| {
        let mut child = *deal;
        child.play_unchecked(rules, card);
        first_trick_minimax(rules, &child, solver)
    });
    let values: Vec<u32> = values.collect();
    if maximise {
        values.into_iter().max().unwrap()
    } else {
        values.into_iter().min().unwrap()
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(12))]

    #[test]
    fn the_turned_card_is_held_back_exactly_as_the_engine_does(
        seed in any::<u64>(),
        flags in proptest::array::uniform8(any::<bool>()),
        under in 0usize..4,
        take_up in 0usize..3,
        leader in -1i8..2,
        played in 1usize..4,
    ) {
        // The first trick, 1-3 cards in (the dealer leads when the leader offset is 0).
        let rules = Rules::new(turned(flags, under, take_up, leader)).unwrap();
        let mut rng = Rng::new(seed);
        let mut deal = random_position(&rules, seed, 32);
        prop_assert!(deal.turned != NONE);
        for _ in 0..played {
            let card = rng.pick(deal.legal_cards(&rules) as u64);
            deal.play_unchecked(&rules, card);
        }
        let mut solver = Solver::new();
        let expected = first_trick_minimax(&rules, &deal, &mut solver);
        prop_assert_eq!(solver.value(&rules, &deal), Some(expected));
        let moves = solver.moves(&rules, &deal);
        prop_assert_eq!(
            moves.iter().map(|m| m.0).collect::<Vec<_>>(),
            iter(deal.legal_cards(&rules)).collect::<Vec<_>>()
        );
        for (card, value) in moves {
            let mut child = deal;
            child.play_unchecked(&rules, card);
            prop_assert_eq!(value, first_trick_minimax(&rules, &child, &mut solver));
        }
    }
}

#[test]
fn the_dealer_leading_cannot_lead_the_turned_card_before_its_take_up() {
    // At the first lead by the dealer, the solver's cards are the engine's: the turned card
    // among them only when it is taken up at the start of the first trick.
    let mut solver = Solver::new();
    for take_up in 0..3 {
        let rules = Rules::new(turned([true; 8], 0, take_up, 0)).unwrap();
        for seed in 0..4 {
            let deal = random_position(&rules, seed, 32);
            assert_eq!(deal.to_play, deal.dealer);
            let cards: Vec<u8> = solver.moves(&rules, &deal).iter().map(|m| m.0).collect();
            assert_eq!(cards, iter(deal.legal_cards(&rules)).collect::<Vec<_>>());
            assert_eq!(
                cards.contains(&deal.turned),
                take_up == 0,
                "take-up {take_up}"
            );
        }
    }
}

#[test]
fn the_whole_deal_sums_to_the_deal_total() {
    // Team A's value plus team B's (the deal total minus it) is the whole deal: a perfect
    // game from the first lead scores every point once.
    for (_, data) in bundled() {
        let rules = Rules::new(data).unwrap();
        let mut solver = Solver::new();
        for seed in 0..5 {
            let deal = random_position(&rules, seed, 32);
            let value = solver.value(&rules, &deal).unwrap();
            assert!(value <= rules.deal_total);
            let best = solver.moves(&rules, &deal).iter().map(|m| m.1).max();
            let worst = solver.moves(&rules, &deal).iter().map(|m| m.1).min();
            let leader_is_a = rules.team(deal.to_play) == rules.team(deal.dealer);
            assert_eq!(Some(value), if leader_is_a { best } else { worst });
        }
    }
}

#[test]
fn outside_play_there_is_no_value() {
    let rules = Rules::new(RulesData::default()).unwrap();
    let deal = Deal::new(&rules, 7, 0, 0, [0, 0]);
    assert_eq!(Solver::new().value(&rules, &deal), None);
}

/// What `seat` knows of `deal` (its own hand as dealt, the decisions, the cards played).
fn knowledge(deal: &Deal, decisions: &[Action], seat: u8) -> Knowledge {
    Knowledge {
        seat,
        dealer: deal.dealer,
        own: deal.dealt[seat as usize],
        decisions: decisions.to_vec(),
        played: deal.history[..deal.played()].to_vec(),
        turned: (deal.turned != manille_engine::cards::NONE).then_some(deal.turned),
        pending_ties: deal.pending_ties,
        scores: [0, 0],
    }
}

/// A random deal played `cards` cards in, with the decisions taken.
fn played_in(rules: &Rules, seed: u64, cards: usize) -> (Deal, Vec<Action>) {
    let mut rng = Rng::new(seed);
    let mut deal = Deal::new(rules, seed as i128, (seed % 4) as u8, 0, [0, 0]);
    let mut decisions = Vec::new();
    while deal.phase != Phase::Play {
        let actions = deal.legal_actions(rules) & !(1 << Action::THROW_IN.0);
        let action = Action(rng.pick(actions));
        decisions.push(action);
        deal.apply_mut(rules, action).unwrap();
    }
    while deal.played() < cards {
        let card = rng.pick(deal.legal_cards(rules) as u64);
        deal.play_unchecked(rules, card);
    }
    (deal, decisions)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn sampled_worlds_fit_everything_seen(seed in any::<u64>(), cards in 0usize..30, which in 0usize..6) {
        let (_, data) = bundled().swap_remove(which);
        let rules = Rules::new(data).unwrap();
        let (deal, decisions) = played_in(&rules, seed, cards);
        let seat = deal.to_play;
        let know = knowledge(&deal, &decisions, seat);
        let sampler = Sampler::new(&rules, &know).unwrap();
        // Sound: the real deal is among the worlds allowed (the turned card is known: the
        // dealer's until played, in every world).
        let allowed = sampler.allowed();
        let turned = if deal.turned == NONE { 0 } else { 1u32 << deal.turned };
        for s in 0..4u8 {
            if s != seat {
                prop_assert_eq!(deal.hand(s) & !turned & !allowed[s as usize], 0);
                prop_assert_eq!(allowed[s as usize] & turned, 0);
            }
        }
        let mut rng = Rng::new(seed ^ 1);
        for _ in 0..5 {
            let hands = sampler.draw(&mut rng).unwrap();
            prop_assert_eq!(hands[seat as usize], deal.dealt[seat as usize]);
            prop_assert_eq!(hands[deal.dealer as usize] & turned, turned);
            let world = sampler.replay(&hands).unwrap();
            prop_assert_eq!(world.rem, deal.rem);
            prop_assert_eq!(world.to_play, seat);
            prop_assert_eq!(world.legal_cards(&rules), deal.legal_cards(&rules));
            for s in 0..4u8 {
                prop_assert_eq!(hands[s as usize].count_ones(), 8);
                // The seat's view is the same in every world: its hand and the cards played.
                prop_assert_eq!(world.hand(s).count_ones(), deal.hand(s).count_ones());
            }
        }
    }
}

#[test]
fn a_void_shown_is_kept_in_every_world() {
    let rules = Rules::new(RulesData::default()).unwrap();
    for seed in 0..200u64 {
        let (deal, decisions) = played_in(&rules, seed, 20);
        let seat = deal.to_play;
        let know = knowledge(&deal, &decisions, seat);
        let sampler = Sampler::new(&rules, &know).unwrap();
        let mut rng = Rng::new(seed);
        let hands = sampler.draw(&mut rng).unwrap();
        let world = sampler.replay(&hands).unwrap();
        for trick in deal.history[..16].chunks(4) {
            let led = trick[0] >> 3;
            // Whoever did not follow holds none of the led suit in the world either.
            for (i, &c) in trick.iter().enumerate().skip(1) {
                if c >> 3 != led {
                    let seat = world.dealt.iter().position(|h| h & 1 << c != 0).unwrap();
                    assert_eq!(world.hand(seat as u8) & suit_mask(led), 0, "trick card {i}");
                }
            }
        }
    }
}
