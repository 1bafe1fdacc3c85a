//! The common ground and the ruleset the engine accepts (docs/rules.md#common-ground,
//! #dealing), and the seeded shuffle: scenarios pinning `rules.rs` and `shuffle.rs`, written
//! from the survivors of the cargo-mutants run (docs/testing.md, "Rust core").

use manille_engine::cards::suit_mask;
use manille_engine::rules::{CallBy, CallData, Mode, RulesData, TrumpSource};
use manille_engine::shuffle::{from_digest, shuffle};
use manille_engine::Rules;

// Card indices: suit * 8 + rank, ranks 7 8 9 10 J Q K A = 0..7.
const S: u8 = 0;
const H: u8 = 8;
const D: u8 = 16;
const C: u8 = 24;

fn rules(data: RulesData) -> Rules {
    Rules::new(data).unwrap()
}

/// The refusal in short, `code(key=value, ...)` (the package words it).
fn error(data: RulesData) -> String {
    Rules::new(data).expect_err("refused").0.to_string()
}

fn call(after: Option<u8>, factor: u64) -> CallData {
    CallData {
        name: "contre".into(),
        label: String::new(),
        by: CallBy::Anyone,
        after,
        factor,
        modes: 7,
    }
}

#[test]
fn modes_are_named_as_in_the_ruleset_and_are_bits_of_a_call() {
    let modes = [Mode::Trump, Mode::NoTrump, Mode::Blind];
    assert_eq!(modes.map(Mode::name), ["trump", "no-trump", "blind"]);
    assert_eq!(modes.map(Mode::bit), [1, 2, 4]);
}

#[test]
fn partners_sit_opposite_in_two_fixed_teams() {
    let rules = rules(RulesData::default());
    assert_eq!(rules.seats(), 4);
    assert_eq!([0, 1, 2, 3].map(|s| rules.team(s)), [0, 1, 0, 1]);
    assert_eq!([0, 1, 2, 3].map(|s| rules.partner(s)), [2, 3, 0, 1]);
    assert!(rules.partners(0, 2) && rules.partners(3, 1));
    assert!(!rules.partners(0, 1) && !rules.partners(2, 3));
    assert!(!rules.partners(1, 1), "a seat is not its own partner");
}

#[test]
fn seats_follow_the_direction_of_play() {
    let clockwise = rules(RulesData::default());
    let counter = rules(RulesData {
        step: -1,
        leader_offset: -1,
        next_dealer_offset: -1,
        ..RulesData::default()
    });
    assert_eq!(
        [0, 1, 2, 3, -1, -3, 5].map(|k| clockwise.seat_after(1, k)),
        [1, 2, 3, 0, 0, 2, 2]
    );
    assert_eq!(
        [0, 1, 2, 3, -1, -3, 5].map(|k| counter.seat_after(1, k)),
        [1, 0, 3, 2, 2, 0, 0]
    );
    assert_eq!(
        [0, 1, 2, 3].map(|d| clockwise.first_leader(d)),
        [1, 2, 3, 0]
    );
    assert_eq!([0, 1, 2, 3].map(|d| counter.first_leader(d)), [3, 0, 1, 2]);
    assert_eq!([0, 1, 2, 3].map(|d| clockwise.next_dealer(d)), [1, 2, 3, 0]);
    assert_eq!([0, 1, 2, 3].map(|d| counter.next_dealer(d)), [3, 0, 1, 2]);
    // Offsets of their own: the dealer leads, the deal passes two seats on.
    let odd = rules(RulesData {
        leader_offset: 0,
        next_dealer_offset: 2,
        ..RulesData::default()
    });
    assert_eq!([0, 1, 2, 3].map(|d| odd.first_leader(d)), [0, 1, 2, 3]);
    assert_eq!([0, 1, 2, 3].map(|d| odd.next_dealer(d)), [2, 3, 0, 1]);
}

#[test]
fn card_points_ten_5_ace_4_king_3_queen_2_jack_1() {
    let rules = rules(RulesData::default());
    assert_eq!(rules.points(0), 0);
    assert_eq!(rules.points(suit_mask(1)), 15);
    assert_eq!(rules.points(1 << (S + 3) | 1 << (C + 7) | 1 << (D + 4)), 10);
    assert_eq!(rules.points(u32::MAX), 60);
    assert_eq!(
        (rules.card_total, rules.deal_total, rules.half),
        (60, 60, 30)
    );
}

#[test]
fn ten_beats_ace_beats_king_and_a_trump_beats_any_other_suit() {
    let rules = rules(RulesData::default());
    let (ten, ace, king, seven) = (3u8, 7u8, 6u8, 0u8);
    assert!(rules.beats(H + ten, H + ace, None));
    assert!(!rules.beats(H + ace, H + ten, None));
    assert!(rules.beats(H + ace, H + king, Some(0)));
    assert!(
        !rules.beats(H + king, H + king, Some(1)),
        "no card beats itself"
    );
    // Another suit: only a trump, and only over a non-trump.
    assert!(rules.beats(S + seven, H + ten, Some(0)));
    assert!(!rules.beats(S + seven, H + ten, Some(2)));
    assert!(!rules.beats(S + seven, H + ten, None));
    assert!(!rules.beats(H + ten, S + seven, Some(0)));
    // The cards that beat a winning card.
    let above_king = 1 << (H + ten) | 1 << (H + ace);
    assert_eq!(rules.beaters(H + king, None), above_king);
    assert_eq!(rules.beaters(H + king, Some(1)), above_king);
    assert_eq!(rules.beaters(H + king, Some(3)), above_king | suit_mask(3));
    assert_eq!(rules.beaters(C + ace, Some(3)), 1 << (C + ten));
    assert_eq!(rules.above[(D + ten) as usize], 0);
}

#[test]
fn the_engine_plays_2_to_6_hands_and_the_undealt_cards_dealt_in_positive_packets() {
    assert_eq!(
        error(RulesData {
            seats: 7,
            ..RulesData::default()
        }),
        "core.rules.seats(seats=7)"
    );
    assert_eq!(
        error(RulesData {
            hand_size: 7,
            packets: vec![3, 2, 2],
            ..RulesData::default()
        }),
        "core.rules.pack(seats=4, hand_size=7, undealt=0)"
    );
    assert_eq!(
        error(RulesData {
            seats: 3,
            hand_size: 10,
            undealt: 2,
            packets: vec![3, 4, 3],
            ..RulesData::default()
        }),
        "core.rules.odd-teams(seats=3)"
    );
    assert!(Rules::new(RulesData {
        seats: 6,
        hand_size: 5,
        undealt: 2,
        packets: vec![3, 2],
        ..RulesData::default()
    })
    .is_ok());
    for packets in [vec![3, 2, 2], vec![4, 4, 1], vec![8, 0]] {
        assert!(error(RulesData {
            packets,
            ..RulesData::default()
        })
        .ends_with("hand_size=8)"));
    }
    for step in [0, 2, -2] {
        assert_eq!(
            error(RulesData {
                step,
                ..RulesData::default()
            }),
            format!("core.rules.step(step={step})")
        );
    }
    rules(RulesData {
        step: -1,
        packets: vec![1, 7],
        ..RulesData::default()
    });
}

#[test]
fn strengths_rank_the_eight_cards_of_every_suit() {
    for card in [S + 2, H + 5, D + 1, C + 6] {
        let mut twice = RulesData::default();
        twice.strength[card as usize] = twice.strength[card as usize + 1];
        assert_eq!(error(twice), "core.rules.strength()");
        let mut high = RulesData::default();
        high.strength[card as usize] = 8;
        assert_eq!(error(high), "core.rules.strength()");
    }
    // A suit of its own order is fine.
    let mut other = RulesData::default();
    other.strength[C as usize..].copy_from_slice(&[0, 1, 2, 3, 4, 5, 6, 7]);
    rules(other);
}

#[test]
fn a_call_ladder_names_earlier_calls_and_has_at_most_22_rungs() {
    let ladder = |n: usize| {
        (0..n)
            .map(|i| call(i.checked_sub(1).map(|a| a as u8), 2))
            .collect()
    };
    rules(RulesData {
        calls: ladder(22),
        ..RulesData::default()
    });
    assert_eq!(
        error(RulesData {
            calls: ladder(23),
            ..RulesData::default()
        }),
        "core.rules.calls(calls=23)"
    );
    for after in [1, 2] {
        assert_eq!(
            error(RulesData {
                calls: vec![call(None, 2), call(Some(after), 4)],
                ..RulesData::default()
            }),
            "core.rules.call-after(call=contre)"
        );
    }
    rules(RulesData {
        calls: vec![call(None, 2), call(Some(0), 4), call(Some(0), 3)],
        ..RulesData::default()
    });
}

#[test]
fn factors_the_cap_and_best_of_are_at_least_1() {
    let bad = [
        RulesData {
            no_trump_factor: 0,
            ..RulesData::default()
        },
        RulesData {
            blind_factor: 0,
            ..RulesData::default()
        },
        RulesData {
            tie_factor: 0,
            ..RulesData::default()
        },
        RulesData {
            sweep_factor: 0,
            ..RulesData::default()
        },
        RulesData {
            cap: Some(0),
            ..RulesData::default()
        },
        RulesData {
            calls: vec![call(None, 2), call(Some(0), 0)],
            ..RulesData::default()
        },
    ];
    for data in bad {
        assert_eq!(error(data), "core.rules.factors()");
    }
    assert_eq!(
        error(RulesData {
            best_of: 0,
            ..RulesData::default()
        }),
        "core.rules.best-of()"
    );
    rules(RulesData {
        no_trump_factor: 1,
        blind_factor: 1,
        tie_factor: 1,
        sweep_factor: 1,
        cap: Some(1),
        calls: vec![call(None, 1)],
        ..RulesData::default()
    });
}

#[test]
fn trump_by_the_turned_card_allows_no_no_trump_blind_or_delegation() {
    let turned = RulesData {
        trump_source: TrumpSource::Turned,
        no_trump_allowed: false,
        ..RulesData::default()
    };
    rules(turned.clone());
    let message = "core.rules.turned-choices()";
    for data in [
        RulesData {
            no_trump_allowed: true,
            ..turned.clone()
        },
        RulesData {
            blind_allowed: true,
            ..turned.clone()
        },
        RulesData {
            delegation: true,
            ..turned.clone()
        },
    ] {
        assert_eq!(error(data), message);
    }
    // Trump by choice allows all three.
    rules(RulesData {
        blind_allowed: true,
        delegation: true,
        ..RulesData::default()
    });
}

// ------------------------------------------------------------------ the shuffle

#[test]
fn the_shuffle_is_the_python_engines_for_every_seed() {
    // From Python: hashlib.shake_128(b"manille:%d" % seed), sorted by (word, card).
    let cases: [(i128, [u8; 32], u8); 4] = [
        (
            0,
            [
                5, 11, 30, 18, 24, 2, 21, 15, 12, 9, 3, 19, 28, 17, 4, 16, 23, 20, 6, 22, 10, 25,
                0, 27, 14, 13, 1, 31, 29, 8, 26, 7,
            ],
            17,
        ),
        (
            1,
            [
                16, 6, 19, 14, 27, 21, 23, 26, 8, 22, 9, 24, 3, 15, 20, 13, 0, 28, 1, 31, 10, 12,
                4, 18, 25, 5, 11, 2, 17, 7, 29, 30,
            ],
            19,
        ),
        (
            -5,
            [
                16, 22, 31, 20, 10, 0, 15, 1, 30, 19, 25, 13, 21, 23, 7, 2, 28, 24, 14, 27, 6, 3,
                5, 12, 26, 18, 8, 4, 9, 17, 11, 29,
            ],
            4,
        ),
        (
            1 << 70,
            [
                5, 23, 9, 6, 4, 16, 21, 28, 0, 1, 7, 25, 22, 11, 31, 2, 13, 26, 19, 20, 14, 12, 27,
                10, 30, 15, 8, 24, 3, 29, 18, 17,
            ],
            14,
        ),
    ];
    for (seed, order, cut) in cases {
        assert_eq!(shuffle(seed), (order, cut), "seed {seed}");
    }
}

#[test]
fn the_shuffle_sorts_cards_by_their_little_endian_words_and_cuts_by_the_33rd() {
    let mut digest = [0u8; 132];
    for card in 0..32 {
        // Word of card c: (31 - c) in each byte: the reversed order.
        let word: u32 = (31 - card as u32) * 0x0101_0101;
        digest[4 * card..4 * card + 4].copy_from_slice(&word.to_le_bytes());
    }
    digest[128..].copy_from_slice(&(31u32 * 2 + 30).to_le_bytes()); // cut 1 + 92 % 31 = 31
    let (order, cut) = from_digest(&digest);
    assert_eq!(order.to_vec(), (0..32).rev().collect::<Vec<u8>>());
    assert_eq!(cut, 31);
    // A word's highest byte weighs most: card 2's low byte sorts it before cards 1 and 0.
    let mut digest = [0u8; 132];
    digest[3] = 2; // card 0: 0x0200_0000
    digest[7] = 1; // card 1: 0x0100_0000
    digest[8] = 0xFF; // card 2: 0x0000_00FF
    digest[128] = 33; // cut 1 + 33 % 31 = 3
    let (order, cut) = from_digest(&digest);
    let mut expected: Vec<u8> = (3..32).collect(); // the words of 0, lowest card first
    expected.extend([2, 1, 0]);
    assert_eq!((order.to_vec(), cut), (expected, 3));
}
