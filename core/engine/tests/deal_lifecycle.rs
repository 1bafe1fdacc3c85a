//! The deal (docs/rules.md#dealing, #choosing-trump, #trump-by-the-turned-card,
//! #doubling-calls): scenarios pinning `deal.rs`, written from the survivors of the
//! cargo-mutants run (docs/testing.md, "Rust core"). The names follow the Python tests of
//! `tests/test_deal.py` where there is one.

use manille_engine::cards::{suit_mask, CardSet, NONE};
use manille_engine::rules::{CallBy, CallData, Mode, RulesData, TakeUp, TrumpSource, TurnedBonus};
use manille_engine::shuffle::shuffle;
use manille_engine::{Action, Deal, IllegalAction, Phase, Rules};

// Card indices: suit * 8 + rank, ranks 7 8 9 10 J Q K A = 0..7.
const S: u8 = 0;
const H: u8 = 8;
const D: u8 = 16;
const C: u8 = 24;
const TEN: u8 = 3;
const ACE: u8 = 7;

fn rules(data: RulesData) -> Rules {
    Rules::new(data).unwrap()
}

fn set(cards: &[u8]) -> CardSet {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

/// Seat s holds the whole of suit s: spades, hearts, diamonds, clubs.
fn by_suit() -> [CardSet; 4] {
    [0, 1, 2, 3].map(suit_mask)
}

fn french() -> RulesData {
    RulesData {
        step: -1,
        packets: vec![4, 4],
        cutter_offset: 1,
        leader_offset: -1,
        next_dealer_offset: -1,
        delegation: true,
        trump_when_partner_wins: true,
        ..RulesData::default()
    }
}

fn belgian_ladder() -> Vec<CallData> {
    vec![
        CallData {
            name: "ik-ga-mee".into(),
            label: "Ik ga mee".into(),
            by: CallBy::Opponents,
            after: None,
            factor: 2,
            modes: 7,
        },
        CallData {
            name: "ik-ga-tegen".into(),
            label: "Ik ga tegen".into(),
            by: CallBy::ContractSide,
            after: Some(0),
            factor: 4,
            modes: Mode::Trump.bit(),
        },
    ]
}

fn apply(rules: &Rules, deal: Deal, actions: &[Action]) -> Deal {
    actions
        .iter()
        .fold(deal, |d, &a| d.apply(rules, a).expect("a legal action"))
}

fn actions(rules: &Rules, deal: &Deal) -> Vec<u8> {
    deal.legal_action_list(rules).iter().map(|a| a.0).collect()
}

#[test]
fn phases_are_named_as_the_python_state_names_them() {
    let names = [
        Phase::Blind,
        Phase::Trump,
        Phase::Calls,
        Phase::Play,
        Phase::Over,
    ]
    .map(Phase::name);
    assert_eq!(names, ["blind", "trump", "calls", "play", "over"]);
}

#[test]
fn belgian_deals_3_2_3_clockwise_starting_left_and_the_dealer_gets_the_last_card() {
    // The plain definition: the cut pack is the shuffled pack from the cut on; the player
    // after the dealer receives the first packet, the dealer the last, packet by packet.
    for (data, seats_after) in [
        (RulesData::default(), [1i64, 2, 3, 4]),
        (french(), [-1, -2, -3, -4]),
        (
            RulesData {
                packets: vec![2, 2, 2, 2],
                ..RulesData::default()
            },
            [1, 2, 3, 4],
        ),
    ] {
        let rules = rules(data);
        for (seed, dealer) in [(0i128, 0u8), (7, 1), (-3, 2), (1 << 70, 3)] {
            let (order, cut) = shuffle(seed);
            let pack: Vec<u8> = order[cut as usize..]
                .iter()
                .chain(&order[..cut as usize])
                .copied()
                .collect();
            let mut expected = [0u32; 4];
            let mut cards = pack.iter();
            for &packet in &rules.data.packets {
                for k in seats_after {
                    let seat = (dealer as i64 + k).rem_euclid(4) as usize;
                    for _ in 0..packet {
                        expected[seat] |= 1 << cards.next().unwrap();
                    }
                }
            }
            let deal = Deal::new(&rules, seed, dealer, 0, [0, 0]);
            assert_eq!(deal.dealt[..4], expected, "seed {seed}, dealer {dealer}");
            assert_eq!((deal.cut, deal.dealer), (cut, dealer));
            assert_eq!(*pack.last().unwrap(), order[cut as usize - 1]);
        }
    }
}

#[test]
fn the_turned_card_is_the_dealers_last_card_and_names_trump() {
    let rules = rules(RulesData {
        trump_source: TrumpSource::Turned,
        no_trump_allowed: false,
        ..RulesData::default()
    });
    for (seed, dealer) in [(0i128, 0u8), (7, 1), (-3, 2), (99, 3)] {
        let (order, cut) = shuffle(seed);
        let deal = Deal::new(&rules, seed, dealer, 0, [0, 0]);
        let turned = order[cut as usize - 1];
        assert_eq!(deal.turned, turned);
        assert_ne!(deal.dealt[dealer as usize] & 1 << turned, 0);
        assert_eq!(deal.trump_suit(), Some(turned >> 3));
        assert_eq!(
            (deal.mode, deal.chooser, deal.phase),
            (Some(Mode::Trump), NONE, Phase::Play)
        );
    }
    // Trump named by the dealer: no card is turned.
    let chosen = Deal::new(
        &manille_engine::Rules::new(RulesData::default()).unwrap(),
        7,
        1,
        0,
        [0, 0],
    );
    assert_eq!(
        (chosen.turned, chosen.trump_suit(), chosen.phase),
        (NONE, None, Phase::Trump)
    );
    // Given hands without a turned card under the turned-card rules: trump is to be named.
    let given = Deal::from_hands(&rules, by_suit(), None, 0, 0, [0, 0]);
    assert_eq!((given.turned, given.phase), (NONE, Phase::Trump));
}

#[test]
fn first_leader_is_the_player_after_the_dealer_and_the_trick_winner_leads_next() {
    for (data, leaders) in [
        (RulesData::default(), [1u8, 2, 3, 0]),
        (french(), [3, 0, 1, 2]),
    ] {
        let rules = rules(data);
        for dealer in 0..4u8 {
            let deal = Deal::from_hands(&rules, by_suit(), None, dealer, 0, [0, 0]);
            let leader = leaders[dealer as usize];
            assert_eq!(deal.leader(&rules), leader);
            let deal = apply(&rules, deal, &[Action::trump(0)]);
            assert_eq!(
                (deal.phase, deal.to_play, deal.leader(&rules)),
                (Phase::Play, leader, leader)
            );
        }
    }
}

#[test]
fn play_goes_round_and_the_leader_of_the_trick_stays_the_leader() {
    let rules = rules(RulesData::default());
    let deal = Deal::from_hands(&rules, by_suit(), None, 0, 0, [0, 0]);
    let mut deal = apply(&rules, deal, &[Action::trump(0)]); // spades: seat 0's suit
                                                             // Seat 1 leads 7H, seat 2 and 3 discard, seat 0 trumps.
    let plays = [H, D, C, S];
    let seats = [1u8, 2, 3, 0];
    for (k, (&card, &seat)) in plays.iter().zip(&seats).enumerate() {
        assert_eq!(deal.to_play, seat);
        assert_eq!(deal.leader(&rules), 1, "after {k} cards");
        assert_eq!(deal.trick(&rules).len(), k);
        deal = deal.apply(&rules, Action::card(card)).unwrap();
    }
    // The trump won: seat 0 leads the next trick, which starts empty.
    assert_eq!((deal.tricks_done(&rules), deal.trick(&rules).len()), (1, 0));
    assert_eq!(
        (deal.to_play, deal.leader(&rules), deal.last_winner),
        (0, 0, 0)
    );
    assert_eq!((deal.won, deal.played()), ([set(&plays), 0], 4));
    deal = deal.apply(&rules, Action::card(S + ACE)).unwrap();
    assert_eq!(
        (deal.trick(&rules), deal.leader(&rules), deal.to_play),
        (&[S + ACE][..], 0, 1)
    );
}

#[test]
fn a_played_out_deal_is_over_its_last_winner_leads_and_the_result_counts_tricks() {
    let rules = rules(RulesData::default());
    let deal = Deal::from_hands(&rules, by_suit(), None, 1, 0, [0, 0]); // dealer 1: leader 2
    let mut deal = apply(&rules, deal, &[Action::trump(3)]); // clubs: seat 3 wins every trick
    while !deal.is_over() {
        let card = deal.legal_cards(&rules).trailing_zeros() as u8;
        deal = deal.apply(&rules, Action::card(card)).unwrap();
    }
    assert_eq!(
        (deal.phase, deal.played(), deal.tricks_done(&rules)),
        (Phase::Over, 32, 8)
    );
    assert_eq!((deal.last_winner, deal.leader(&rules)), (3, 3));
    assert_eq!(deal.legal_cards(&rules), 0);
    let r = deal.result(&rules).unwrap();
    // Team A, the dealer's side (seats 1 and 3), took all 8 tricks: a sweep, 30 x 2.
    assert_eq!(
        (r.tricks, r.card_points, r.team_a, r.sweep),
        ([8, 0], [60, 0], 60, true)
    );
    let bonus = Rules::new(RulesData {
        last_trick_bonus: 10,
        ..RulesData::default()
    })
    .unwrap();
    assert_eq!(deal.result(&bonus).unwrap().totals, [70, 0]);
    let before = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 1, 0, [0, 0]),
        &[Action::trump(3)],
    );
    assert_eq!(before.result(&rules), None);
}

#[test]
fn nothing_is_played_or_decided_once_the_deal_is_over() {
    // docs/rules.md#dealing: a deal ends with its eighth trick; every action offered after
    // that, a card, a trump, a pass or a throw-in, is refused as "the deal is over".
    let rules = rules(RulesData::default());
    let mut deal = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 1, 0, [0, 0]),
        &[Action::trump(3)],
    );
    for _ in 0..32 {
        let card = deal.legal_cards(&rules).trailing_zeros() as u8;
        deal = deal.apply(&rules, Action::card(card)).unwrap();
    }
    assert!(deal.is_over());
    let before = deal;
    assert_eq!(deal.legal_actions(&rules), 0);
    for action in [
        Action::card(S),
        Action::card(C + ACE),
        Action::trump(0),
        Action::PASS,
        Action::LOOK,
        Action::THROW_IN,
    ] {
        assert_eq!(
            deal.apply_mut(&rules, action),
            Err(IllegalAction::DealOver),
            "{action:?}"
        );
    }
    assert_eq!(deal, before);
}

#[test]
fn the_last_trick_goes_to_the_side_that_took_it() {
    // Seat 0 (team 0) takes the last trick; the dealer is seat 1 (team 1: team A).
    let rules = rules(RulesData {
        last_trick_bonus: 10,
        ..RulesData::default()
    });
    let deal = Deal::from_hands(&rules, by_suit(), None, 1, 0, [0, 0]);
    let mut deal = apply(&rules, deal, &[Action::trump(0)]); // spades: seat 0 wins all
    while !deal.is_over() {
        let card = deal.legal_cards(&rules).trailing_zeros() as u8;
        deal = deal.apply(&rules, Action::card(card)).unwrap();
    }
    let r = deal.result(&rules).unwrap();
    assert_eq!((r.totals, r.tricks, r.team_b), ([0, 70], [0, 8], 70)); // (70 - 35) x 2, a sweep
}

#[test]
fn belgian_dealer_names_trump_or_no_trump_and_cannot_pass() {
    let rules = rules(RulesData::default());
    let deal = Deal::from_hands(&rules, by_suit(), None, 0, 0, [0, 0]);
    assert_eq!((deal.phase, deal.to_play), (Phase::Trump, 0));
    assert_eq!(actions(&rules, &deal), [32, 33, 34, 35, 36]);
    let no_trump = apply(&rules, deal, &[Action::NO_TRUMP]);
    assert_eq!(
        (no_trump.mode, no_trump.trump_suit(), no_trump.chooser),
        (Some(Mode::NoTrump), None, 0)
    );
    let hearts = apply(&rules, deal, &[Action::trump(1)]);
    assert_eq!(
        (hearts.mode, hearts.trump_suit(), hearts.chooser),
        (Some(Mode::Trump), Some(1), 0)
    );
    assert_eq!(
        deal.apply(&rules, Action::DELEGATE),
        Err(IllegalAction::NotPossible)
    );
    assert_eq!(
        deal.apply(&rules, Action::PASS),
        Err(IllegalAction::NotPossible)
    );
    let none = Rules::new(RulesData {
        no_trump_allowed: false,
        ..RulesData::default()
    })
    .unwrap();
    assert_eq!(
        actions(
            &none,
            &Deal::from_hands(&none, by_suit(), None, 0, 0, [0, 0])
        ),
        [32, 33, 34, 35]
    );
}

#[test]
fn french_dealer_may_delegate_to_the_partner_who_must_choose() {
    let rules = rules(french());
    let deal = Deal::from_hands(&rules, by_suit(), None, 1, 0, [0, 0]);
    assert_eq!(actions(&rules, &deal), [32, 33, 34, 35, 36, 39]);
    let deal = apply(&rules, deal, &[Action::DELEGATE]);
    assert_eq!(
        (deal.phase, deal.to_play, deal.chooser),
        (Phase::Trump, 3, 3)
    );
    assert_eq!(actions(&rules, &deal), [32, 33, 34, 35, 36]);
    let deal = apply(&rules, deal, &[Action::trump(2)]);
    // The partner named trump; the contract side stays the dealer's; the dealer's right leads.
    assert_eq!(
        (deal.chooser, deal.trump_suit(), deal.to_play, deal.dealer),
        (3, Some(2), 0, 1)
    );
    assert_eq!(deal.decisions(), [Action::DELEGATE, Action::trump(2)]);
}

#[test]
fn blind_no_trump_is_offered_before_the_dealer_looks() {
    let rules = rules(RulesData {
        blind_allowed: true,
        ..RulesData::default()
    });
    let deal = Deal::from_hands(&rules, by_suit(), None, 2, 0, [0, 0]);
    assert_eq!((deal.phase, deal.to_play), (Phase::Blind, 2));
    assert_eq!(actions(&rules, &deal), [37, 38]);
    let blind = apply(&rules, deal, &[Action::BLIND]);
    assert_eq!(
        (blind.mode, blind.trump_suit(), blind.chooser, blind.phase),
        (Some(Mode::Blind), None, 2, Phase::Play)
    );
    assert_eq!(blind.to_play, 3);
    let looked = apply(&rules, deal, &[Action::LOOK]);
    assert_eq!(
        (looked.phase, looked.to_play, looked.mode),
        (Phase::Trump, 2, None)
    );
    assert_eq!(looked.decisions(), [Action::LOOK]);
    assert_eq!(
        looked.apply(&rules, Action::BLIND),
        Err(IllegalAction::NotPossible)
    );
}

#[test]
fn blind_no_trump_only_when_behind_by_at_least_the_margin() {
    let rules = rules(RulesData {
        blind_allowed: true,
        blind_only_when_behind_by: Some(20),
        ..RulesData::default()
    });
    let phase = |dealer, scores| Deal::from_hands(&rules, by_suit(), None, dealer, 0, scores).phase;
    assert_eq!(phase(0, [10, 30]), Phase::Blind); // 20 behind
    assert_eq!(phase(0, [11, 30]), Phase::Trump); // 19 behind
    assert_eq!(phase(0, [30, 10]), Phase::Trump); // ahead
    assert_eq!(phase(3, [50, 30]), Phase::Blind); // team 1, 20 behind
    assert_eq!(phase(3, [50, 31]), Phase::Trump);
    assert_eq!(phase(1, [40, 10]), Phase::Blind);
}

#[test]
fn belgian_ik_ga_mee_by_an_opponent_then_ik_ga_tegen_by_the_contract_side() {
    let rules = rules(RulesData {
        calls: belgian_ladder(),
        ..RulesData::default()
    });
    let (pass, mee, tegen) = (Action::PASS, Action::call(0), Action::call(1));
    let deal = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 2, 0, [0, 0]),
        &[Action::trump(0)],
    );
    // Opponents asked first, from the first leader (seat 3), in the direction of play.
    assert_eq!(
        (deal.phase, deal.to_play, deal.queue_len),
        (Phase::Calls, 3, 2)
    );
    assert_eq!(actions(&rules, &deal), [40, 42]);
    assert_eq!(deal.apply(&rules, tegen), Err(IllegalAction::NotPossible));
    let deal = apply(&rules, deal, &[pass]);
    assert_eq!(
        (deal.to_play, deal.queue_len, actions(&rules, &deal)),
        (1, 1, vec![40, 42])
    );
    let deal = apply(&rules, deal, &[mee]);
    // Only the contract side may reply: the dealer (2) first, then the partner (0).
    assert_eq!((deal.calls, deal.last_call), (1, 0));
    assert_eq!(
        (deal.to_play, deal.queue_len, actions(&rules, &deal)),
        (2, 2, vec![40, 43])
    );
    let deal = apply(&rules, deal, &[pass]);
    assert_eq!((deal.to_play, actions(&rules, &deal)), (0, vec![40, 43]));
    let deal = apply(&rules, deal, &[tegen]);
    // Nobody may answer tegen: the play starts with the first leader.
    assert_eq!(
        (deal.phase, deal.to_play, deal.calls, deal.last_call),
        (Phase::Play, 3, 2, 1)
    );
    assert_eq!(deal.decisions(), [Action::trump(0), pass, mee, pass, tegen]);
}

#[test]
fn calls_end_when_every_opponent_passes() {
    let rules = rules(RulesData {
        calls: belgian_ladder(),
        ..RulesData::default()
    });
    let deal = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 2, 0, [0, 0]),
        &[Action::trump(0)],
    );
    let deal = apply(&rules, deal, &[Action::PASS, Action::PASS]);
    assert_eq!(
        (deal.phase, deal.to_play, deal.calls, deal.last_call),
        (Phase::Play, 3, 0, NONE)
    );
}

#[test]
fn after_a_call_the_three_other_seats_are_asked_not_the_caller() {
    // docs/rules.md#doubling-calls: after a call the seats after the caller are asked in turn;
    // the caller is not asked again, even where the ladder lets anyone raise it.
    let anyone = |name: &str, after: Option<u8>, factor: u64| CallData {
        name: name.into(),
        label: name.into(),
        by: CallBy::Anyone,
        after,
        factor,
        modes: 7,
    };
    let rules = rules(RulesData {
        calls: vec![anyone("contre", None, 2), anyone("surcontre", Some(0), 4)],
        ..RulesData::default()
    });
    let deal = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 2, 0, [0, 0]),
        &[Action::trump(0)],
    );
    assert_eq!((deal.to_play, deal.queue_len), (3, 4));
    let deal = apply(&rules, deal, &[Action::call(0)]); // seat 3 doubles
    assert_eq!(
        (deal.to_play, deal.queue_len, actions(&rules, &deal)),
        (0, 3, vec![40, 43])
    );
    let deal = apply(&rules, deal, &[Action::PASS, Action::PASS, Action::PASS]);
    assert_eq!(
        (deal.phase, deal.to_play, deal.calls, deal.last_call),
        (Phase::Play, 3, 1, 0)
    );
}

#[test]
fn a_call_is_made_only_in_its_modes_and_raises_the_factor() {
    let rules = rules(RulesData {
        calls: belgian_ladder(),
        ..RulesData::default()
    });
    // Ik ga tegen is a trump-mode reply only: at no-trump nobody is asked after Ik ga mee.
    let deal = apply(
        &rules,
        Deal::from_hands(&rules, by_suit(), None, 2, 0, [0, 0]),
        &[Action::NO_TRUMP, Action::call(0)],
    );
    assert_eq!((deal.phase, deal.to_play, deal.calls), (Phase::Play, 3, 1));
    // A ladder whose opening call is for no mode: nobody is asked at all.
    let never = Rules::new(RulesData {
        calls: vec![CallData {
            modes: Mode::Blind.bit(),
            ..belgian_ladder()[0].clone()
        }],
        ..RulesData::default()
    })
    .unwrap();
    let deal = apply(
        &never,
        Deal::from_hands(&never, by_suit(), None, 2, 0, [0, 0]),
        &[Action::trump(1)],
    );
    assert_eq!((deal.phase, deal.to_play), (Phase::Play, 3));
    // Anyone may open a ladder of one call open to all: four seats asked.
    let anyone = Rules::new(RulesData {
        calls: vec![CallData {
            by: CallBy::Anyone,
            ..belgian_ladder()[0].clone()
        }],
        ..RulesData::default()
    })
    .unwrap();
    let deal = apply(
        &anyone,
        Deal::from_hands(&anyone, by_suit(), None, 2, 0, [0, 0]),
        &[Action::trump(1)],
    );
    assert_eq!(
        (deal.phase, deal.to_play, deal.queue_len),
        (Phase::Calls, 3, 4)
    );
    assert_eq!(&deal.queue[..4], [3, 0, 1, 2]);
    let deal = apply(&anyone, deal, &[Action::PASS, Action::call(0)]);
    assert_eq!((deal.phase, deal.to_play, deal.calls), (Phase::Play, 3, 1));
}

#[test]
fn early_look_throws_the_deal_in_before_trump_only() {
    let rules = rules(RulesData {
        blind_allowed: true,
        calls: belgian_ladder(),
        ..RulesData::default()
    });
    let deal = Deal::from_hands(&rules, by_suit(), None, 0, 1, [0, 0]);
    let thrown = apply(&rules, deal, &[Action::THROW_IN]);
    assert_eq!(
        (thrown.phase, thrown.thrown_in, thrown.decisions()),
        (Phase::Over, true, &[Action::THROW_IN][..])
    );
    let r = thrown.result(&rules).unwrap();
    assert!(r.thrown_in && r.pending_ties == 1);
    let looked = apply(&rules, deal, &[Action::LOOK, Action::THROW_IN]);
    assert!(looked.thrown_in);
    assert_eq!(
        thrown.apply(&rules, Action::THROW_IN),
        Err(IllegalAction::DealOver)
    );
    let calls = apply(&rules, deal, &[Action::LOOK, Action::trump(0)]);
    assert_eq!(calls.phase, Phase::Calls);
    assert_eq!(
        calls.apply(&rules, Action::THROW_IN),
        Err(IllegalAction::ThrowInTooLate)
    );
    let play = apply(&rules, calls, &[Action::PASS, Action::PASS]);
    assert_eq!(
        play.apply(&rules, Action::THROW_IN),
        Err(IllegalAction::ThrowInTooLate)
    );
    let french = Rules::new(RulesData {
        early_look_throws_in: false,
        ..RulesData::default()
    })
    .unwrap();
    let deal = Deal::from_hands(&french, by_suit(), None, 0, 0, [0, 0]);
    assert_eq!(
        deal.apply(&french, Action::THROW_IN),
        Err(IllegalAction::NoThrowIn)
    );
}

#[test]
fn an_illegal_action_is_refused_with_its_reason_and_changes_nothing() {
    let rules = rules(RulesData::default());
    let deal = Deal::from_hands(&rules, by_suit(), None, 0, 0, [0, 0]);
    // A card before the play.
    assert_eq!(
        deal.apply(&rules, Action::card(S)),
        Err(IllegalAction::NotPossible)
    );
    assert_eq!(deal.legal_actions(&rules) & 0xFFFF_FFFF, 0);
    let mut deal = apply(&rules, deal, &[Action::trump(0)]);
    let before = deal;
    // A decision during the play.
    assert_eq!(
        deal.apply_mut(&rules, Action::trump(1)),
        Err(IllegalAction::NotPossible)
    );
    assert_eq!(
        deal.apply_mut(&rules, Action::PASS),
        Err(IllegalAction::NotPossible)
    );
    // Seat 1 holds the hearts: a spade is not in the hand.
    assert_eq!(
        deal.apply_mut(&rules, Action::card(S)),
        Err(IllegalAction::NotInHand)
    );
    assert_eq!(deal, before);
    assert_eq!(deal.legal_cards(&rules), suit_mask(1));
    assert_eq!(deal.legal_actions(&rules), suit_mask(1) as u64);
}

#[test]
fn a_card_held_but_not_allowed_is_not_legal() {
    // Seat 2 holds Q and 7 of hearts and must beat the led J hearts of an opponent.
    let rules = rules(RulesData::default());
    let hands = [
        set(&[S, S + 1, S + 2, S + 3, S + 4, S + 5, S + 6, S + 7]),
        set(&[H + 4, H + 1, H + 2, H + 3, D + 4, D + 5, D + 6, D + 7]),
        set(&[H + 5, H, C + 2, C + 3, C + 4, C + 5, C + 6, C + 7]),
        set(&[H + 6, H + 7, D, D + 1, D + 2, D + 3, C, C + 1]),
    ];
    let deal = apply(
        &rules,
        Deal::from_hands(&rules, hands, None, 0, 0, [0, 0]),
        &[Action::trump(0), Action::card(H + 4)],
    );
    assert_eq!(deal.legal_cards(&rules), set(&[H + 5]));
    assert_eq!(
        deal.apply(&rules, Action::card(H)),
        Err(IllegalAction::NotLegal)
    );
    assert_eq!(
        deal.apply(&rules, Action::card(S)),
        Err(IllegalAction::NotInHand)
    );
    let deal = apply(&rules, deal, &[Action::card(H + 5)]);
    // Seat 3: the partner of seat 1, whose J is beaten by an opponent's Q: must beat it.
    assert_eq!((deal.win_seat, deal.win_card), (2, H + 5));
    assert_eq!(deal.legal_cards(&rules), set(&[H + 6, H + 7]));
    let deal = apply(&rules, deal, &[Action::card(H + 6)]);
    // Seat 0 is void and its partner's Q is beaten by the K: trump.
    assert_eq!((deal.win_seat, deal.win_card), (3, H + 6));
    let deal = apply(&rules, deal, &[Action::card(S + 3)]);
    assert_eq!(
        (deal.last_winner, deal.to_play, deal.won),
        (0, 0, [set(&[H + 4, H + 5, H + 6, S + 3]), 0])
    );
    assert_eq!(deal.history[..4], [H + 4, H + 5, H + 6, S + 3]);
}

/// Turned-card rules with the dealer leading (`leader_offset` 0) or playing last.
fn turned(take_up: TakeUp, dealer_leads: bool) -> Rules {
    rules(RulesData {
        trump_source: TrumpSource::Turned,
        no_trump_allowed: false,
        turned_bonus: TurnedBonus::CardValue,
        take_up,
        leader_offset: if dealer_leads { 0 } else { 1 },
        ..RulesData::default()
    })
}

#[test]
fn the_turned_card_waits_on_the_table_until_its_take_up_moment() {
    // The dealer (seat 0) holds the spades, the turned card is its 10 (trump: spades).
    let turned_card = S + TEN;
    let all = suit_mask(0);
    let without = all & !(1 << turned_card);
    for (take_up, first, after_first, second_trick) in [
        (TakeUp::FirstTrickStart, all, all, all),
        (TakeUp::AfterFirstCard, without, all, all),
        (TakeUp::AfterFirstTrick, without, without, all),
    ] {
        let rules = turned(take_up, true);
        let deal = Deal::from_hands(&rules, by_suit(), Some(turned_card), 0, 0, [0, 0]);
        assert_eq!(
            (deal.turned, deal.trump_suit(), deal.to_play),
            (turned_card, Some(0), 0)
        );
        assert_eq!(deal.legal_cards(&rules), first, "{take_up:?}: leading");
        // The dealer plays last instead (seat 1 leads a heart).
        let late = turned(take_up, false);
        let deal = Deal::from_hands(&late, by_suit(), Some(turned_card), 0, 0, [0, 0]);
        let deal = apply(
            &late,
            deal,
            &[Action::card(H), Action::card(D), Action::card(C)],
        );
        assert_eq!(deal.to_play, 0);
        assert_eq!(
            deal.legal_cards(&late),
            after_first,
            "{take_up:?}: last in the first trick"
        );
        // Second trick: the dealer trumped the first and leads again.
        let deal = apply(&late, deal, &[Action::card(S)]);
        assert_eq!((deal.to_play, deal.tricks_done(&late)), (0, 1));
        assert_eq!(
            deal.legal_cards(&late),
            second_trick & !1,
            "{take_up:?}: second trick"
        );
        // The other seats are never restricted.
        let other = Deal::from_hands(&late, by_suit(), Some(turned_card), 0, 0, [0, 0]);
        assert_eq!(other.legal_cards(&late), suit_mask(1));
        assert_eq!(other.leader(&late), 1);
    }
}

#[test]
fn the_turned_card_bonus_reaches_the_result() {
    let rules = turned(TakeUp::FirstTrickStart, true);
    let mut deal = Deal::from_hands(&rules, by_suit(), Some(S + ACE), 2, 0, [0, 0]);
    assert_eq!(deal.trump_suit(), Some(0));
    while !deal.is_over() {
        let card = deal.legal_cards(&rules).trailing_zeros() as u8;
        deal = deal.apply(&rules, Action::card(card)).unwrap();
    }
    // Seat 0 (the dealer's partner) trumps every trick: team A sweeps, plus the ace's 4.
    let r = deal.result(&rules).unwrap();
    assert_eq!((r.turned_bonus, r.team_a, r.team_b), (4, 64, 0));
    let plain = Rules::new(RulesData::default()).unwrap();
    let r = apply(
        &plain,
        Deal::from_hands(&plain, by_suit(), Some(S + ACE), 2, 0, [0, 0]),
        &[Action::THROW_IN],
    );
    assert_eq!(r.turned, NONE);
}

#[test]
fn decisions_are_recorded_in_order_up_to_the_last() {
    let rules = rules(RulesData {
        blind_allowed: true,
        calls: belgian_ladder(),
        ..RulesData::default()
    });
    let deal = Deal::from_hands(&rules, by_suit(), None, 0, 0, [0, 0]);
    assert_eq!(deal.decisions(), []);
    let deal = apply(
        &rules,
        deal,
        &[Action::LOOK, Action::trump(2), Action::call(0)],
    );
    assert_eq!(deal.n_decisions, 3);
    assert_eq!(
        deal.decisions(),
        [Action::LOOK, Action::trump(2), Action::call(0)]
    );
    let deal = apply(&rules, deal, &[Action::PASS, Action::PASS]);
    assert_eq!(deal.decisions().len(), 5);
    let deal = apply(&rules, deal, &[Action::card(H)]);
    assert_eq!(deal.decisions().len(), 5, "cards are not decisions");
}

fn six() -> RulesData {
    RulesData {
        seats: 6,
        hand_size: 5,
        undealt: 2,
        packets: vec![3, 2],
        ..RulesData::default()
    }
}

fn three() -> RulesData {
    RulesData {
        seats: 3,
        hand_size: 10,
        undealt: 2,
        dealer_alone: true,
        early_look_throws_in: false,
        packets: vec![3, 4, 3],
        ..RulesData::default()
    }
}

/// Play a deal to its end, each seat its lowest legal card after trump is named spades.
fn played_out(rules: &Rules, seed: i128, dealer: u8) -> Deal {
    let mut deal = Deal::new(rules, seed, dealer, 0, [0, 0]);
    deal = deal.apply(rules, Action::trump(0)).unwrap();
    while !deal.is_over() {
        let card = deal.legal_cards(rules).trailing_zeros() as u8;
        deal = deal.apply(rules, Action::card(card)).unwrap();
    }
    deal
}

#[test]
fn six_and_three_seats_leave_two_cards_undealt_counted_for_the_dealers_side() {
    for data in [six(), three()] {
        let rules = rules(data);
        for seed in 0..40 {
            let dealer = (seed % rules.seats() as i128) as u8;
            let deal = Deal::new(&rules, seed, dealer, 0, [0, 0]);
            let seats = rules.seats() as usize;
            let held = deal.dealt[..seats].iter().fold(0, |all, &h| all | h);
            assert_eq!(deal.undealt.count_ones(), 2);
            assert_eq!(held | deal.undealt, u32::MAX);
            assert!(deal.dealt[..seats]
                .iter()
                .all(|h| h.count_ones() == rules.data.hand_size as u32));
            let done = played_out(&rules, seed, dealer);
            let result = done.result(&rules).unwrap();
            assert_eq!(result.card_points[0] + result.card_points[1], 60);
            assert_eq!(result.tricks[0] + result.tricks[1], rules.data.hand_size);
            let dealers = done.won[rules.side(dealer, dealer) as usize];
            assert_eq!(
                result.card_points[0],
                rules.points(dealers) + rules.points(deal.undealt)
            );
        }
    }
}

#[test]
fn three_seats_the_dealer_is_alone_and_the_defenders_are_partners() {
    let rules = rules(three());
    assert!(rules.teammates(1, 2, 0) && !rules.teammates(0, 1, 0) && rules.teammates(0, 2, 1));
    let deal = Deal::new(&rules, 3, 0, 0, [0, 0]);
    assert!((0..3).all(|s| deal.has_looked(&rules, s) || s == 0));
}

#[test]
fn six_seats_the_dealers_two_partners_wait_for_trump() {
    let rules = rules(six());
    let deal = Deal::new(&rules, 3, 1, 0, [0, 0]);
    let looked: Vec<bool> = (0..6).map(|s| deal.has_looked(&rules, s)).collect();
    assert_eq!(looked, [true, true, true, false, true, false]);
}
