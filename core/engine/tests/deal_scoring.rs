//! Scoring a deal (docs/rules.md#scoring-a-deal, #trump-by-the-turned-card, #doubling-calls):
//! scenarios pinning `scoring.rs`, written from the survivors of the cargo-mutants run
//! (docs/testing.md, "Rust core"). The factor and note texts are those of the Python
//! `DealScore` (`manille_variants/engine/scoring.py`), which the binding hands on as they are.

use manille_engine::rules::{CallBy, CallData, Mode, RulesData, TrumpSource, TurnedBonus};
use manille_engine::scoring::{self, pending_factor, turned_bonus, DealResult, Figures};
use manille_engine::Rules;

fn rules(data: RulesData) -> Rules {
    Rules::new(data).unwrap()
}

fn figures(points: u32, tricks: u8, mode: Mode) -> Figures {
    Figures {
        points,
        tricks,
        mode,
        calls: 0,
        pending_ties: 0,
        last_to_a: tricks > 0,
        turned: None,
    }
}

fn score(rules: &Rules, f: Figures) -> DealResult {
    scoring::score(rules, &f)
}

/// (name, value, reason) of each factor, the reason as `code(key=value, ...)`.
fn factors(rules: &Rules, r: &DealResult) -> Vec<(String, u64, String)> {
    r.factors(rules)
        .into_iter()
        .map(|f| (f.name, f.value, f.reason.to_string()))
        .collect()
}

/// The notes, each as `code(key=value, ...)`.
fn notes(rules: &Rules, r: &DealResult) -> Vec<String> {
    r.notes(rules).iter().map(ToString::to_string).collect()
}

fn factor(name: &str, value: u64, reason: &str) -> (String, u64, String) {
    (name.to_string(), value, reason.to_string())
}

fn ladder() -> Vec<CallData> {
    vec![
        CallData {
            name: "mee".into(),
            label: "Ik ga mee".into(),
            by: CallBy::Opponents,
            after: None,
            factor: 2,
            modes: 7,
        },
        CallData {
            name: "tegen".into(),
            label: String::new(),
            by: CallBy::ContractSide,
            after: Some(0),
            factor: 4,
            modes: 7,
        },
    ]
}

#[test]
fn totals_are_card_points_trick_points_and_the_last_trick_bonus() {
    let rules = rules(RulesData {
        trick_points: 2,
        last_trick_bonus: 10,
        ..RulesData::default()
    });
    assert_eq!((rules.deal_total, rules.half), (86, 43));
    let r = score(&rules, figures(37, 5, Mode::Trump)); // 37 + 10 + 10 = 57
    assert_eq!(r.totals, [57, 29]);
    assert_eq!((r.card_points, r.tricks), ([37, 23], [5, 3]));
    assert_eq!(
        (r.winner, r.excess, r.team_a, r.team_b),
        (Some(0), 14, 14, 0)
    );
    let r = score(
        &rules,
        Figures {
            last_to_a: false,
            ..figures(37, 5, Mode::Trump)
        },
    ); // 47 - 39
    assert_eq!((r.totals, r.excess, r.team_a), ([47, 39], 4, 4));
}

#[test]
fn the_side_above_half_scores_its_excess_times_the_factor() {
    let rules = rules(RulesData::default());
    let r = score(&rules, figures(21, 3, Mode::NoTrump)); // B: 39, 9 x 2
    assert_eq!(
        (r.winner, r.excess, r.factor, r.team_a, r.team_b),
        (Some(1), 9, 2, 0, 18)
    );
    assert_eq!((r.half, r.totals, r.tied), (30, [21, 39], false));
    let r = score(&rules, figures(38, 5, Mode::NoTrump));
    assert_eq!((r.winner, r.team_a, r.team_b), (Some(0), 16, 0));
}

#[test]
fn equal_totals_are_a_tie_nobody_scores() {
    let rules = rules(RulesData::default());
    let r = score(&rules, figures(30, 4, Mode::NoTrump));
    assert_eq!((r.tied, r.winner, r.excess), (true, None, 0));
    assert_eq!((r.team_a, r.team_b, r.sweep), (0, 0, false));
}

#[test]
fn after_a_tie_the_next_decisive_deal_is_doubled_once_or_per_tie() {
    let single = rules(RulesData::default());
    let per_tie = rules(RulesData {
        tie_per_tie: true,
        ..RulesData::default()
    });
    let void = rules(RulesData {
        tie_carries: false,
        ..RulesData::default()
    });
    assert_eq!(
        [0, 1, 2, 3].map(|n| pending_factor(&single, n)),
        [1, 2, 2, 2]
    );
    assert_eq!(
        [0, 1, 2, 3].map(|n| pending_factor(&per_tie, n)),
        [1, 2, 4, 8]
    );
    assert_eq!([0, 1, 2, 3].map(|n| pending_factor(&void, n)), [1, 1, 1, 1]);
    let three = |rules: &Rules| {
        score(
            rules,
            Figures {
                pending_ties: 3,
                ..figures(38, 5, Mode::Trump)
            },
        )
    };
    assert_eq!(three(&per_tie).team_a, 64);
    assert_eq!(three(&void).team_a, 8);
}

#[test]
fn a_sweep_is_all_the_tricks_by_either_side() {
    let rules = rules(RulesData::default());
    for (points, tricks, sweep) in [(60, 8, true), (0, 0, true), (59, 7, false), (1, 1, false)] {
        let r = score(&rules, figures(points, tricks, Mode::Trump));
        assert_eq!(r.sweep, sweep, "{points} points in {tricks} tricks");
        assert_eq!(r.team_a + r.team_b, if sweep { 60 } else { 29 });
    }
    // All tricks, not all the points: a side can take 8 tricks and 60 points only together,
    // but 7 tricks with all 60 points are no sweep under this definition.
    let r = score(&rules, figures(60, 7, Mode::Trump));
    assert!(!r.sweep && r.factor == 1);
}

#[test]
fn a_sweep_by_all_the_card_points_when_so_defined() {
    let rules = rules(RulesData {
        sweep_all_tricks: false,
        ..RulesData::default()
    });
    for (points, tricks, sweep) in [(60, 7, true), (0, 1, true), (59, 8, false), (1, 0, false)] {
        let r = score(&rules, figures(points, tricks, Mode::Trump));
        assert_eq!(r.sweep, sweep, "{points} points in {tricks} tricks");
    }
    let r = score(&rules, figures(60, 7, Mode::Trump));
    assert_eq!(
        factors(&rules, &r),
        [factor("sweep", 2, "factor.sweep.points(value=2)")]
    );
}

#[test]
fn factors_are_named_and_explained_as_in_python() {
    let rules = rules(RulesData {
        calls: ladder(),
        tie_per_tie: true,
        ..RulesData::default()
    });
    let r = score(
        &rules,
        Figures {
            pending_ties: 2,
            calls: 1,
            ..figures(60, 8, Mode::NoTrump)
        },
    );
    assert_eq!(
        factors(&rules, &r),
        [
            factor("no-trump", 2, "factor.no-trump(value=2)"),
            factor("tie", 4, "factor.ties(value=4, ties=2)"),
            factor("sweep", 2, "factor.sweep.tricks(value=2, tricks=8)"),
            factor("mee", 2, "factor.call(value=2, label=Ik ga mee, call=mee)"),
        ]
    );
    assert_eq!((r.uncapped_factor, r.factor, r.team_a), (32, 32, 960));
    let r = score(
        &rules,
        Figures {
            pending_ties: 1,
            calls: 2,
            ..figures(40, 6, Mode::Blind)
        },
    );
    assert_eq!(
        factors(&rules, &r),
        [
            factor("blind", 4, "factor.blind(value=4)"),
            factor("tie", 2, "factor.tie(value=2)"),
            factor("tegen", 4, "factor.call(value=4, label=tegen, call=tegen)"),
        ]
    );
    assert_eq!((r.factor, r.team_a), (32, 320));
}

#[test]
fn a_factor_of_1_is_no_factor() {
    let rules = rules(RulesData {
        no_trump_factor: 1,
        blind_factor: 1,
        tie_factor: 1,
        sweep_factor: 1,
        calls: vec![CallData {
            factor: 1,
            ..ladder()[0].clone()
        }],
        ..RulesData::default()
    });
    for mode in [Mode::Trump, Mode::NoTrump, Mode::Blind] {
        let r = score(
            &rules,
            Figures {
                pending_ties: 1,
                calls: 1,
                ..figures(60, 8, mode)
            },
        );
        assert_eq!(factors(&rules, &r), [], "{mode:?}");
        assert_eq!((r.factor, r.team_a), (1, 30));
    }
    // No call made, no sweep: no factor either, with factors above 1.
    let plain = Rules::new(RulesData {
        calls: ladder(),
        ..RulesData::default()
    })
    .unwrap();
    let r = score(&plain, figures(40, 6, Mode::Trump));
    assert_eq!((factors(&plain, &r), r.factor, r.team_a), (vec![], 1, 10));
}

#[test]
fn factors_multiply_or_add_then_the_cap() {
    let data = RulesData {
        calls: ladder(),
        ..RulesData::default()
    };
    let f = Figures {
        pending_ties: 1,
        calls: 2,
        ..figures(60, 8, Mode::NoTrump)
    };
    // x2 no-trump, x2 tie, x2 sweep, x4 tegen.
    let r = score(&rules(data.clone()), f);
    assert_eq!((r.uncapped_factor, r.factor, r.team_a), (32, 32, 960));
    let r = score(
        &rules(RulesData {
            combine_add: true,
            ..data.clone()
        }),
        f,
    );
    assert_eq!((r.uncapped_factor, r.factor, r.team_a), (7, 7, 210)); // 1 + 1 + 1 + 1 + 3
    let capped = rules(RulesData {
        cap: Some(4),
        ..data
    });
    let r = score(&capped, f);
    assert_eq!((r.uncapped_factor, r.factor, r.team_a), (32, 4, 120));
    assert_eq!(notes(&capped, &r), ["note.capped(factor=4, uncapped=32)"]);
}

#[test]
fn notes_of_a_tie_say_what_it_carries() {
    let single = rules(RulesData::default());
    let r = score(
        &single,
        Figures {
            pending_ties: 2,
            ..figures(30, 4, Mode::Trump)
        },
    );
    assert_eq!(
        notes(&single, &r),
        ["note.tie-carries(a=30, b=30, factor=2)"]
    );
    let per_tie = rules(RulesData {
        tie_per_tie: true,
        ..RulesData::default()
    });
    let r = score(
        &per_tie,
        Figures {
            pending_ties: 1,
            ..figures(30, 4, Mode::Trump)
        },
    );
    assert_eq!(
        notes(&per_tie, &r),
        ["note.tie-carries(a=30, b=30, factor=4)"]
    );
    let french = rules(RulesData {
        tie_carries: false,
        trick_points: 1,
        ..RulesData::default()
    });
    let r = score(&french, figures(30, 4, Mode::Trump));
    assert_eq!(notes(&french, &r), ["note.tie-void-deal(a=34, b=34)"]);
    let r = score(
        &french,
        Figures {
            pending_ties: 1,
            ..figures(30, 4, Mode::Trump)
        },
    );
    assert_eq!(
        notes(&french, &r),
        ["note.tie-void()", "note.tie-void-deal(a=34, b=34)",]
    );
}

#[test]
fn a_decisive_deal_has_no_notes_unless_capped_or_void_ties() {
    let rules = rules(RulesData {
        cap: Some(2),
        ..RulesData::default()
    });
    let r = score(&rules, figures(38, 5, Mode::NoTrump)); // x2: at the cap, not above
    assert_eq!((r.factor, r.uncapped_factor), (2, 2));
    assert_eq!(notes(&rules, &r), Vec::<String>::new());
    let r = score(&rules, figures(60, 8, Mode::NoTrump)); // x4 capped at x2
    assert_eq!(notes(&rules, &r), ["note.capped(factor=2, uncapped=4)"]);
}

#[test]
fn a_thrown_in_deal_scores_nothing_and_says_so() {
    let rules = rules(RulesData::default());
    let r = scoring::thrown(&rules, 2);
    assert_eq!((r.team_a, r.team_b, r.pending_ties), (0, 0, 2));
    assert!(r.thrown_in && !r.tied && r.winner.is_none() && r.mode.is_none());
    assert_eq!((r.factor, r.uncapped_factor, r.half), (1, 1, 30));
    assert_eq!(factors(&rules, &r), []);
    assert_eq!(notes(&rules, &r), ["note.thrown-in()"]);
}

fn turned_rules(bonus: TurnedBonus) -> Rules {
    rules(RulesData {
        trump_source: TrumpSource::Turned,
        no_trump_allowed: false,
        turned_bonus: bonus,
        ..RulesData::default()
    })
}

#[test]
fn the_turned_card_bonus_ten_or_honour() {
    // Card indices: suit * 8 + rank, ranks 7 8 9 10 J Q K A.
    let (ten_hearts, ace_spades, jack_clubs, seven_diamonds) = (11u8, 7u8, 28u8, 16u8);
    let ten = turned_rules(TurnedBonus::TenOnly);
    let honour = turned_rules(TurnedBonus::CardValue);
    let none = turned_rules(TurnedBonus::None);
    assert_eq!(
        [ten_hearts, 3, ace_spades, jack_clubs].map(|c| turned_bonus(&ten, Some(c))),
        [5, 5, 0, 0]
    );
    assert_eq!(
        [ten_hearts, ace_spades, jack_clubs, seven_diamonds]
            .map(|c| turned_bonus(&honour, Some(c))),
        [5, 4, 1, 0]
    );
    assert_eq!(turned_bonus(&none, Some(ten_hearts)), 0);
    assert_eq!(turned_bonus(&honour, None), 0);
    // Trump named by the dealer: no turned card, no bonus, whatever the setting.
    let chosen = rules(RulesData {
        turned_bonus: TurnedBonus::CardValue,
        ..RulesData::default()
    });
    assert_eq!(turned_bonus(&chosen, Some(ten_hearts)), 0);
}

#[test]
fn the_turned_card_bonus_is_added_after_every_factor_whoever_wins() {
    let rules = turned_rules(TurnedBonus::CardValue);
    let with = |points, tricks| Figures {
        turned: Some(7), // the ace of spades: 4
        pending_ties: 1,
        ..figures(points, tricks, Mode::Trump)
    };
    let r = score(&rules, with(38, 5)); // 8 x 2 + 4
    assert_eq!((r.team_a, r.team_b, r.turned_bonus), (20, 0, 4));
    let r = score(&rules, with(21, 3)); // B: 9 x 2; A: 4
    assert_eq!((r.team_a, r.team_b, r.turned_bonus), (4, 18, 4));
    let r = score(&rules, with(30, 4)); // a tie: A still has its bonus
    assert_eq!((r.team_a, r.team_b, r.tied), (4, 0, true));
}
