//! The play obligations (docs/rules.md#the-clauses): one scenario per clause that a surviving
//! mutant of `legality.rs` could get wrong, and a property comparing the bitmask filter with a
//! plain reading of the clauses, card by card, under random play settings. Written from the
//! cargo-mutants run (docs/testing.md, "Rust core").

mod common;
use common::undertrump;
use manille_engine::cards::{iter, suit, suit_mask, CardSet};
use manille_engine::legality::{legal, trick_winner, TrickView};
use manille_engine::rules::{BeatOpponent, RulesData, Undertrump};
use manille_engine::Rules;
use proptest::prelude::*;

// Card indices: suit * 8 + rank, ranks 7 8 9 10 J Q K A = 0..7.
const S: u8 = 0;
const H: u8 = 8;
const D: u8 = 16;
const C: u8 = 24;
const SEVEN: u8 = 0;
const EIGHT: u8 = 1;
const NINE: u8 = 2;
const TEN: u8 = 3;
const JACK: u8 = 4;
const QUEEN: u8 = 5;
const KING: u8 = 6;
const ACE: u8 = 7;

fn set(cards: &[u8]) -> CardSet {
    cards.iter().fold(0, |m, &c| m | 1 << c)
}

fn rules(data: RulesData) -> Rules {
    Rules::new(data).unwrap()
}

fn view(led: u8, winning: u8, partner_wins: bool) -> Option<TrickView> {
    Some(TrickView {
        led,
        winning,
        partner_wins,
    })
}

/// Spades trump, hearts led and trumped by the 9 of spades; the hand holds a higher trump
/// (A spades), a lower one (8 spades) and a diamond.
fn trumped(rules: &Rules, partner_wins: bool) -> CardSet {
    let hand = set(&[S + ACE, S + EIGHT, D + KING]);
    legal(rules, hand, view(1, S + NINE, partner_wins), Some(0))
}

/// The same with only the lower trump and the diamond.
fn trumped_low(rules: &Rules, partner_wins: bool) -> CardSet {
    let hand = set(&[S + EIGHT, D + KING]);
    legal(rules, hand, view(1, S + NINE, partner_wins), Some(0))
}

#[test]
fn lead_any_card() {
    let rules = rules(RulesData::default());
    let hand = set(&[S, H + 3, C + 7]);
    assert_eq!(legal(&rules, hand, None, Some(0)), hand);
    assert_eq!(legal(&rules, hand, None, None), hand);
}

#[test]
fn beat_opponent_also_on_a_trump_lead_and_at_no_trump() {
    let rules = rules(RulesData::default());
    let hand = set(&[H + QUEEN, H + SEVEN, C + TEN]);
    let beat = set(&[H + QUEEN]);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(0)), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(1)), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), None), beat);
}

#[test]
fn follow_suit_when_the_partner_wins_or_the_card_cannot_be_beaten() {
    let rules = rules(RulesData::default());
    let hand = set(&[H + QUEEN, H + SEVEN, C + TEN]);
    let hearts = set(&[H + QUEEN, H + SEVEN]);
    assert_eq!(
        legal(&rules, hand, view(1, H + JACK, true), Some(0)),
        hearts
    );
    assert_eq!(
        legal(&rules, hand, view(1, H + JACK, true), Some(1)),
        hearts
    );
    assert_eq!(
        legal(&rules, hand, view(1, H + ACE, false), Some(0)),
        hearts
    );
    // A trumped trick does not ask the follower to beat the trump.
    assert_eq!(
        legal(&rules, hand, view(1, S + SEVEN, false), Some(0)),
        hearts
    );
}

#[test]
fn follow_suit_without_overtaking_at_no_trump_when_beat_at_no_trump_is_off() {
    let rules = rules(RulesData {
        beat_at_no_trump: false,
        beat_partner_at_no_trump: true,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), None), hand);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, true), None), hand);
    assert_eq!(
        legal(&rules, hand, view(1, H + JACK, false), Some(0)),
        set(&[H + QUEEN])
    );
}

#[test]
fn beat_opponent_trump_lead() {
    let rules = rules(RulesData {
        beat_opponent: BeatOpponent::TrumpLead,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    let beat = set(&[H + QUEEN]);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(1)), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), None), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(0)), hand);
}

#[test]
fn beat_opponent_plain_lead() {
    let rules = rules(RulesData {
        beat_opponent: BeatOpponent::PlainLead,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    let beat = set(&[H + QUEEN]);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(0)), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), None), beat);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(1)), hand);
}

#[test]
fn follow_suit_when_beat_opponent_is_off() {
    let rules = rules(RulesData {
        beat_opponent: BeatOpponent::Never,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    for trump in [Some(0), Some(1), None] {
        assert_eq!(legal(&rules, hand, view(1, H + JACK, false), trump), hand);
    }
}

#[test]
fn beat_partner_trump_lead() {
    let rules = rules(RulesData {
        beat_partner_on_trump_lead: true,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    assert_eq!(
        legal(&rules, hand, view(1, H + JACK, true), Some(1)),
        set(&[H + QUEEN])
    );
    assert_eq!(legal(&rules, hand, view(1, H + JACK, true), Some(0)), hand);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, true), None), hand);
}

#[test]
fn beat_partner_no_trump() {
    let rules = rules(RulesData {
        beat_partner_at_no_trump: true,
        ..RulesData::default()
    });
    let hand = set(&[H + QUEEN, H + SEVEN]);
    assert_eq!(
        legal(&rules, hand, view(1, H + JACK, true), None),
        set(&[H + QUEEN])
    );
    assert_eq!(legal(&rules, hand, view(1, H + JACK, true), Some(1)), hand);
}

#[test]
fn discard_at_no_trump_or_without_trumps() {
    let rules = rules(RulesData::default());
    let hand = set(&[S + ACE, D + KING, C + SEVEN]);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), None), hand);
    assert_eq!(legal(&rules, hand, view(1, H + JACK, false), Some(1)), hand); // hearts: none
    let no_trumps = set(&[D + KING, C + SEVEN]);
    assert_eq!(
        legal(&rules, no_trumps, view(1, H + JACK, false), Some(0)),
        no_trumps
    );
}

#[test]
fn trump_opponent_and_trump_optional() {
    let hand = set(&[S + SEVEN, S + ACE, D + KING]);
    let must = rules(RulesData::default());
    assert_eq!(
        legal(&must, hand, view(1, H + JACK, false), Some(0)),
        set(&[S + SEVEN, S + ACE])
    );
    let optional = rules(RulesData {
        trump_when_opponent_wins: false,
        ..RulesData::default()
    });
    assert_eq!(
        legal(&optional, hand, view(1, H + JACK, false), Some(0)),
        hand
    );
}

#[test]
fn trump_partner_and_partner_wins() {
    let hand = set(&[S + SEVEN, S + ACE, D + KING]);
    let belgian = rules(RulesData::default());
    assert_eq!(
        legal(&belgian, hand, view(1, H + JACK, true), Some(0)),
        hand
    );
    let french = rules(RulesData {
        trump_when_partner_wins: true,
        ..RulesData::default()
    });
    assert_eq!(
        legal(&french, hand, view(1, H + JACK, true), Some(0)),
        set(&[S + SEVEN, S + ACE])
    );
}

#[test]
fn overtrump_opponent_and_overtrump_partner() {
    let belgian = rules(RulesData::default());
    assert_eq!(trumped(&belgian, false), set(&[S + ACE]));
    let partner = rules(RulesData {
        overtrump_partner: true,
        ..RulesData::default()
    });
    assert_eq!(trumped(&partner, true), set(&[S + ACE]));
    let optional = rules(RulesData {
        overtrump_opponent: false,
        ..RulesData::default()
    });
    // No duty to overtrump: the higher trump or the diamond, never the lower trump.
    assert_eq!(trumped(&optional, false), set(&[S + ACE, D + KING]));
}

#[test]
fn no_undertrump_and_only_lower_trumps() {
    let belgian = rules(RulesData::default());
    // The partner's trump wins: a higher trump or a non-trump (no-undertrump).
    assert_eq!(trumped(&belgian, true), set(&[S + ACE, D + KING]));
    assert_eq!(trumped_low(&belgian, false), set(&[D + KING]));
    assert_eq!(trumped_low(&belgian, true), set(&[D + KING]));
    let only = set(&[S + EIGHT, S + SEVEN]);
    assert_eq!(
        legal(&belgian, only, view(1, S + NINE, false), Some(0)),
        only
    );
}

#[test]
fn no_undertrump_when_can_overtrump() {
    let rules = rules(RulesData {
        undertrump: Undertrump::ForbiddenIfCanOvertrump,
        ..RulesData::default()
    });
    // A higher trump in hand, no duty to overtrump the partner: anything but the lower trump.
    assert_eq!(trumped(&rules, true), set(&[S + ACE, D + KING]));
    // No higher trump: the lower one is allowed (any-card).
    assert_eq!(trumped_low(&rules, true), set(&[S + EIGHT, D + KING]));
    assert_eq!(trumped_low(&rules, false), set(&[S + EIGHT, D + KING]));
    // Against an opponent the duty to overtrump comes first.
    assert_eq!(trumped(&rules, false), set(&[S + ACE]));
}

#[test]
fn undertrump_required() {
    let rules = rules(RulesData {
        undertrump: Undertrump::Required,
        ..RulesData::default()
    });
    assert_eq!(trumped_low(&rules, false), set(&[S + EIGHT]));
    // The partner's trump wins: any card.
    assert_eq!(trumped_low(&rules, true), set(&[S + EIGHT, D + KING]));
    assert_eq!(trumped(&rules, true), set(&[S + ACE, S + EIGHT, D + KING]));
    // A higher trump held but no duty to overtrump: no duty to undertrump either.
    let no_over = Rules::new(RulesData {
        undertrump: Undertrump::Required,
        overtrump_opponent: false,
        ..RulesData::default()
    })
    .unwrap();
    assert_eq!(
        trumped(&no_over, false),
        set(&[S + ACE, S + EIGHT, D + KING])
    );
}

#[test]
fn no_undertrump_partner_and_its_other_readings() {
    let partner = |own| {
        rules(RulesData {
            undertrump: Undertrump::Allowed,
            undertrump_partner: Some(own),
            ..RulesData::default()
        })
    };
    let forbidden = partner(Undertrump::Forbidden);
    assert_eq!(trumped_low(&forbidden, true), set(&[D + KING]));
    assert_eq!(trumped_low(&forbidden, false), set(&[S + EIGHT, D + KING]));
    let if_over = partner(Undertrump::ForbiddenIfCanOvertrump);
    assert_eq!(trumped(&if_over, true), set(&[S + ACE, D + KING]));
    assert_eq!(trumped_low(&if_over, true), set(&[S + EIGHT, D + KING]));
    let allowed = rules(RulesData {
        undertrump_partner: Some(Undertrump::Allowed),
        ..RulesData::default()
    });
    assert_eq!(trumped_low(&allowed, true), set(&[S + EIGHT, D + KING]));
    assert_eq!(trumped_low(&allowed, false), set(&[D + KING]));
}

#[test]
fn any_card_when_undertrumping_is_allowed() {
    let rules = rules(RulesData {
        undertrump: Undertrump::Allowed,
        ..RulesData::default()
    });
    assert_eq!(trumped_low(&rules, false), set(&[S + EIGHT, D + KING]));
    assert_eq!(trumped_low(&rules, true), set(&[S + EIGHT, D + KING]));
    assert_eq!(trumped(&rules, true), set(&[S + ACE, S + EIGHT, D + KING]));
}

#[test]
fn a_trick_goes_to_the_highest_trump_or_the_highest_card_of_the_led_suit() {
    let rules = rules(RulesData::default());
    let t = |cards: &[u8], trump| trick_winner(&rules, cards, trump);
    assert_eq!(t(&[H + JACK], Some(0)), 0);
    assert_eq!(t(&[H + JACK, H + TEN, H + ACE, C + TEN], Some(0)), 1);
    assert_eq!(t(&[H + JACK, H + TEN, S + SEVEN, S + EIGHT], Some(0)), 3);
    assert_eq!(t(&[H + JACK, D + TEN, S + SEVEN, H + QUEEN], Some(0)), 2);
    assert_eq!(t(&[H + JACK, D + TEN, C + ACE, H + SEVEN], None), 0);
    assert_eq!(t(&[H + JACK, D + TEN, C + ACE, H + KING], None), 3);
}

// ------------------------------------------------------------------ the plain reading

/// The clauses of docs/rules.md#the-clauses, read card by card with the cards' strengths.
fn plain(d: &RulesData, hand: CardSet, trick: Option<TrickView>, trump: Option<u8>) -> CardSet {
    let cards: Vec<u8> = iter(hand).collect();
    let keep = |f: &dyn Fn(u8) -> bool| cards.iter().filter(|&&c| f(c)).fold(0, |m, &c| m | 1 << c);
    let Some(TrickView {
        led,
        winning,
        partner_wins,
    }) = trick
    else {
        return hand; // lead
    };
    let stronger =
        |c: u8| suit(c) == suit(winning) && d.strength[c as usize] > d.strength[winning as usize];
    let no_trump = trump.is_none();
    let follow = keep(&|c| suit(c) == led);
    if follow != 0 {
        let led_suit_wins = suit(winning) == led;
        let trump_lead = trump == Some(led);
        let duty = if no_trump && !d.beat_at_no_trump {
            false
        } else if partner_wins {
            (trump_lead && d.beat_partner_on_trump_lead) || (no_trump && d.beat_partner_at_no_trump)
        } else {
            match d.beat_opponent {
                BeatOpponent::Always => true,
                BeatOpponent::Never => false,
                BeatOpponent::TrumpLead => trump_lead || no_trump,
                BeatOpponent::PlainLead => !trump_lead || no_trump,
            }
        };
        let beaters = keep(&|c| suit(c) == led && stronger(c));
        return if led_suit_wins && duty && beaters != 0 {
            beaters
        } else {
            follow
        };
    }
    let Some(trump) = trump else { return hand }; // discard
    let trumps = keep(&|c| suit(c) == trump);
    if trumps == 0 {
        return hand; // discard
    }
    if suit(winning) != trump {
        let duty = if partner_wins {
            d.trump_when_partner_wins
        } else {
            d.trump_when_opponent_wins
        };
        return if duty { trumps } else { hand };
    }
    let higher = keep(&|c| suit(c) == trump && stronger(c));
    let lower = trumps & !higher;
    let must_over = if partner_wins {
        d.overtrump_partner
    } else {
        d.overtrump_opponent
    };
    if must_over && higher != 0 {
        return higher;
    }
    if lower == 0 {
        return hand;
    }
    let others = hand & !lower;
    let mode = if partner_wins {
        d.undertrump_partner.unwrap_or(d.undertrump)
    } else {
        d.undertrump
    };
    match mode {
        Undertrump::Forbidden if others != 0 => others,
        Undertrump::Forbidden => hand, // only lower trumps
        Undertrump::ForbiddenIfCanOvertrump if higher != 0 => others,
        Undertrump::Required if !partner_wins && higher == 0 => lower,
        _ => hand,
    }
}

prop_compose! {
    fn play_settings()(
        beat in prop_oneof![Just(BeatOpponent::Always), Just(BeatOpponent::Never), Just(BeatOpponent::TrumpLead), Just(BeatOpponent::PlainLead)],
        flags in proptest::array::uniform8(any::<bool>()),
        under in undertrump(),
        under_partner in proptest::option::of(undertrump()),
        french_order in any::<bool>(),
    ) -> RulesData {
        let mut data = RulesData {
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
        };
        if french_order {
            // Another rank order (A above 10) moves every strength.
            for card in 0..32 {
                let rank = card & 7;
                data.strength[card] = [0, 1, 2, 6, 3, 4, 5, 7][rank];
            }
        }
        data
    }
}

prop_compose! {
    /// A trick in progress and a hand that can hold it: voids are frequent.
    fn position()(
        trump in proptest::option::of(0u8..4),
        led in 0u8..4,
        led_rank in 0u8..8,
        trumped in any::<bool>(),
        trump_rank in 0u8..8,
        partner_wins in any::<bool>(),
        suits in proptest::array::uniform4(any::<u8>()),
        voids in proptest::array::uniform4(any::<bool>()),
    ) -> (Option<u8>, TrickView, CardSet) {
        let winning = match trump {
            Some(t) if trumped && t != led => t * 8 + trump_rank,
            _ => led * 8 + led_rank,
        };
        let mut hand = 0u32;
        for s in 0..4 {
            if !voids[s] {
                hand |= (suits[s] as u32) << (8 * s);
            }
        }
        hand &= !(1 << winning);
        if hand == 0 {
            hand = suit_mask((led + 1) % 4) & !(1 << winning);
        }
        (trump, TrickView { led, winning, partner_wins }, hand)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(3000))]

    #[test]
    fn the_bitmask_filter_agrees_with_the_plain_reading_of_the_clauses(
        data in play_settings(),
        (trump, trick, hand) in position(),
    ) {
        let rules = Rules::new(data).unwrap();
        let fast = legal(&rules, hand, Some(trick), trump);
        prop_assert_eq!(fast, plain(&rules.data, hand, Some(trick), trump));
        prop_assert!(fast != 0 && fast & !hand == 0);
        prop_assert_eq!(legal(&rules, hand, None, trump), hand);
    }

    #[test]
    fn the_trick_goes_to_the_card_no_later_card_beats(
        cards in proptest::sample::subsequence((0u8..32).collect::<Vec<_>>(), 1..=4).prop_shuffle(),
        trump in proptest::option::of(0u8..4),
    ) {
        let rules = Rules::new(RulesData::default()).unwrap();
        let w = trick_winner(&rules, &cards, trump);
        let led = suit(cards[0]);
        let rank = |c: u8| {
            let s = rules.data.strength[c as usize] as i32;
            if Some(suit(c)) == trump { 100 + s } else if suit(c) == led { s } else { -1 }
        };
        for (i, &c) in cards.iter().enumerate() {
            prop_assert!(rank(c) <= rank(cards[w]), "card {} beats the winner {}", i, w);
        }
    }
}
