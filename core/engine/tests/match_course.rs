//! The match (docs/rules.md#the-match, #dealing): scenarios pinning `matchplay.rs`, written from
//! the survivors of the cargo-mutants run (docs/testing.md, "Rust core"). The names follow the
//! Python tests of `tests/test_match.py`.

use manille_engine::cards::MAX_SEATS;
use manille_engine::matchplay::{deal_seed, Match, MatchOver};
use manille_engine::rules::{Credit, Mode, RulesData};
use manille_engine::scoring::{self, DealResult, Figures};
use manille_engine::Rules;

fn rules(data: RulesData) -> Rules {
    Rules::new(data).unwrap()
}

/// The table convention (the schema's defaults).
fn table() -> Rules {
    rules(RulesData::default())
}

/// Team A's deal from its card points (trump, no calls, no pending tie).
fn deal(rules: &Rules, points: u32, tricks: u8, mode: Mode, pending_ties: u32) -> DealResult {
    scoring::score(
        rules,
        &Figures {
            points,
            tricks,
            mode,
            calls: 0,
            pending_ties,
            last_to_a: tricks > 0,
            turned: None,
        },
    )
}

/// A match's columns holding the scores of team 0 and team 1 (the others stay 0).
fn teams(team_0: i64, team_1: i64) -> [i64; MAX_SEATS] {
    let mut scores = [0; MAX_SEATS];
    scores[..2].copy_from_slice(&[team_0, team_1]);
    scores
}

/// A match's columns holding the games of team 0 and team 1.
fn games(team_0: u32, team_1: u32) -> [u32; MAX_SEATS] {
    let mut games = [0; MAX_SEATS];
    games[..2].copy_from_slice(&[team_0, team_1]);
    games
}

fn win(rules: &Rules) -> DealResult {
    deal(rules, 38, 5, Mode::Trump, 0) // team A: 8
}

fn lose(rules: &Rules) -> DealResult {
    deal(rules, 21, 3, Mode::Trump, 0) // team B: 9
}

fn tie(rules: &Rules) -> DealResult {
    deal(rules, 30, 4, Mode::Trump, 0)
}

#[test]
fn deal_seeds_are_a_fixed_mix_the_same_on_every_machine() {
    // The numbers of tests/test_match.py: records replay from them.
    let seeds: Vec<u64> = (-1..3).map(|i| deal_seed(0, i)).collect();
    assert_eq!(
        seeds,
        [
            0,
            7_087_899_655_834_342_597,
            7_034_468_785_297_631_627,
            7_942_079_457_971_045_022
        ]
    );
    assert_eq!(deal_seed((1 << 40) + 7, 11), 5_073_645_420_847_011_120);
    assert_eq!(deal_seed(u64::MAX, 5), 5_624_817_968_946_955_753);
    assert_eq!(deal_seed(12_345, -1), 434_318_654_958_925_873);
}

#[test]
fn new_deal_is_seeded_from_the_match() {
    let rules = table();
    let mut m = Match::new(4, 3);
    assert_eq!(m.next_seed(), deal_seed(4, 0));
    m.add(&rules, &win(&rules)).unwrap();
    assert_eq!(m.next_seed(), deal_seed(4, 1));
    assert_ne!(deal_seed(4, 1), deal_seed(4, 0));
}

#[test]
fn deal_scores_go_to_the_dealers_team_or_the_other() {
    let rules = table();
    let mut m = Match::new(1, 1);
    let first = m.add(&rules, &win(&rules)).unwrap(); // dealer 1: team 1 scores 8
    assert_eq!(
        (first.team_points, first.dealer, first.index),
        ([0, 8], 1, 0)
    );
    let second = m.add(&rules, &lose(&rules)).unwrap(); // dealer 2: team 1 scores 9
    assert_eq!(
        (second.team_points, second.dealer, second.index),
        ([0, 9], 2, 1)
    );
    assert_eq!(
        (m.scores, second.scores_after),
        (teams(0, 17), teams(0, 17))
    );
    let third = m.add(&rules, &win(&rules)).unwrap(); // dealer 3: team 1 scores 8
    let fourth = m.add(&rules, &lose(&rules)).unwrap(); // dealer 0: team 1 scores 9
    assert_eq!((third.team_points, fourth.team_points), ([0, 8], [0, 9]));
    assert_eq!((m.scores, m.deals, m.dealer), (teams(0, 34), 4, 1));
}

#[test]
fn dealer_rotates_in_the_rulesets_direction() {
    for (step, dealers) in [(1i8, [2u8, 3, 0, 1, 2]), (-1, [0, 3, 2, 1, 0])] {
        let rules = rules(RulesData {
            step,
            leader_offset: step,
            next_dealer_offset: step,
            ..RulesData::default()
        });
        let mut m = Match::new(1, 1);
        let mut seen = Vec::new();
        for _ in 0..5 {
            m.add(&rules, &tie(&rules)).unwrap();
            seen.push(m.dealer);
        }
        assert_eq!(seen, dealers);
    }
}

#[test]
fn a_tie_is_pending_and_a_decisive_deal_clears_it() {
    let rules = table();
    let mut m = Match::new(1, 0);
    assert_eq!(m.add(&rules, &tie(&rules)).unwrap().pending_after, 1);
    assert_eq!(m.add(&rules, &tie(&rules)).unwrap().pending_after, 2);
    assert_eq!(m.pending_ties, 2);
    let doubled = deal(&rules, 38, 5, Mode::Trump, m.pending_ties);
    let outcome = m.add(&rules, &doubled).unwrap(); // dealer 2 (team 0): 8 x 2
    assert_eq!((outcome.team_points, outcome.pending_after), ([16, 0], 0));
    assert_eq!(m.pending_ties, 0);
}

#[test]
fn french_tie_is_void_and_leaves_nothing_pending() {
    let rules = rules(RulesData {
        tie_carries: false,
        ..RulesData::default()
    });
    let mut m = Match::new(1, 0);
    assert_eq!(m.add(&rules, &tie(&rules)).unwrap().pending_after, 0);
    assert_eq!(m.pending_ties, 0);
}

#[test]
fn thrown_in_deal_keeps_the_pending_tie_and_passes_the_deal_on() {
    let rules = table();
    let mut m = Match::new(1, 1);
    m.add(&rules, &tie(&rules)).unwrap();
    let outcome = m
        .add(&rules, &scoring::thrown(&rules, m.pending_ties))
        .unwrap();
    assert_eq!((outcome.pending_after, m.pending_ties), (1, 1));
    assert_eq!(
        (outcome.team_points, m.scores, m.dealer),
        ([0, 0], teams(0, 0), 3)
    );
}

#[test]
fn a_game_ends_when_a_side_reaches_the_target_after_a_deal() {
    // Exactly the target wins (docs/rules.md#the-match: "at or above the target").
    let rules = rules(RulesData {
        target: 16,
        ..RulesData::default()
    });
    let mut m = Match::new(1, 0);
    let first = m.add(&rules, &win(&rules)).unwrap(); // team 0: 8
    assert_eq!((first.game_winner, m.is_over()), (None, false));
    let second = m.add(&rules, &lose(&rules)).unwrap(); // dealer 1 loses: team 0 has 17
    assert_eq!(
        (second.game_winner, m.winner, m.is_over()),
        (Some(0), Some(0), true)
    );
    assert_eq!(m.games, games(1, 0));
    let mut other = Match::new(1, 1);
    other.add(&rules, &win(&rules)).unwrap(); // team 1: 8
    other.add(&rules, &lose(&rules)).unwrap(); // dealer 2 (team 0) loses: team 1 has 17
    assert_eq!((other.winner, other.games), (Some(1), games(0, 1)));
    let mut exact = Match::new(1, 0);
    exact.add(&rules, &win(&rules)).unwrap();
    let at = exact
        .add(&rules, &deal(&rules, 22, 3, Mode::Trump, 0))
        .unwrap(); // B (team 0): +8 = 16
    assert_eq!((at.scores_after, at.game_winner), (teams(16, 0), Some(0)));
}

#[test]
fn both_sides_over_the_target_the_higher_wins_and_team_0_on_equal_scores() {
    // Only the turned card's bonus lets both sides score in one deal, and so cross together.
    let rules = rules(RulesData {
        target: 101,
        ..RulesData::default()
    });
    let result = |team_a, team_b| DealResult {
        team_a,
        team_b,
        ..deal(&rules, 21, 3, Mode::Trump, 0)
    };
    for (before, points, winner) in [
        ([100, 95], (5, 10), 0), // 105-105: team 0, as Python's max over (0, 1)
        ([100, 95], (5, 11), 1), // 105-106
        ([100, 96], (5, 10), 1), // 105-106
        ([100, 90], (5, 11), 0), // 105-101
    ] {
        let mut m = Match::new(1, 0);
        m.scores = teams(before[0], before[1]);
        let outcome = m.add(&rules, &result(points.0, points.1)).unwrap();
        assert_eq!(outcome.game_winner, Some(winner), "{before:?} + {points:?}");
    }
}

#[test]
fn a_match_is_won_by_the_majority_of_best_of_games() {
    for (best_of, needed) in [(1u32, 1u32), (3, 2), (5, 3)] {
        let rules = rules(RulesData {
            best_of,
            target: 8,
            ..RulesData::default()
        });
        let mut m = Match::new(1, 0);
        for game in 0..needed {
            // Dealers 0, 2, ... on even deals: each win is team 0's, one game each.
            assert!(!m.is_over());
            let outcome = m.add(&rules, &win(&rules)).unwrap();
            assert_eq!((outcome.game, outcome.game_winner), (game, Some(0)));
            if !m.is_over() {
                m.add(&rules, &tie(&rules)).unwrap(); // dealer odd: pass the deal back to team 0
            }
        }
        assert_eq!(
            (m.winner, m.games),
            (Some(0), games(needed, 0)),
            "best of {best_of}"
        );
    }
}

#[test]
fn a_new_game_starts_from_zero_without_pending_ties() {
    let rules = rules(RulesData {
        best_of: 3,
        ..RulesData::default()
    });
    let mut m = Match::new(1, 0);
    m.add(&rules, &tie(&rules)).unwrap();
    m.scores = teams(5, 7);
    let outcome = m.add(&rules, &deal(&rules, 60, 8, Mode::Blind, 1)).unwrap(); // dealer 1: team 1
    assert_eq!(outcome.game_winner, Some(1));
    assert_eq!(outcome.scores_after, teams(5, 7 + 30 * 4 * 2 * 2));
    assert_eq!(
        (m.game, m.games, m.scores, m.pending_ties, m.is_over()),
        (1, games(0, 1), teams(0, 0), 0, false)
    );
    let next = m.add(&rules, &win(&rules)).unwrap();
    assert_eq!((next.game, next.index, m.scores), (1, 2, teams(8, 0)));
}

#[test]
fn no_deal_after_the_match_is_over() {
    // docs/rules.md#the-match: the match ends with the game that gives a side its majority of
    // games; a deal offered after that is refused and changes nothing.
    let rules = table();
    let mut m = Match::new(1, 0);
    // A sweep scores 60 for the dealer's side: team 0 deals first and third, so it has 120
    // after three deals. Bounded, so that a match that never ends fails here at once.
    for _ in 0..8 {
        if m.is_over() {
            break;
        }
        m.add(&rules, &deal(&rules, 60, 8, Mode::Trump, 0)).unwrap();
    }
    assert_eq!((m.is_over(), m.deals, m.scores), (true, 3, teams(120, 60)));
    let before = m;
    let winner = m.winner.unwrap();
    assert_eq!(m.add(&rules, &tie(&rules)), Err(MatchOver { winner }));
    assert_eq!(m.add(&rules, &win(&rules)), Err(MatchOver { winner }));
    assert_eq!(m, before);
    let over = MatchOver { winner }.coded();
    assert_eq!(
        (over.code, over.to_string()),
        (
            "core.match-over",
            format!("core.match-over(winner={winner})")
        )
    );
}

// ------------------------------------------------------------------ the dealer alone

/// Three seats, the dealer alone against the other two, each player keeping a score.
fn three(credit: Credit, target: i64, best_of: u32) -> Rules {
    rules(RulesData {
        seats: 3,
        hand_size: 10,
        undealt: 2,
        dealer_alone: true,
        early_look_throws_in: false,
        packets: vec![3, 4, 3],
        credit,
        target,
        best_of,
        ..RulesData::default()
    })
}

/// A decided deal where the dealer's side scored `alone` and the others `others`.
fn scored(rules: &Rules, alone: u64, others: u64) -> DealResult {
    DealResult {
        team_a: alone,
        team_b: others,
        ..deal(rules, 21, 3, Mode::Trump, 0)
    }
}

/// Seat scores at a table of three (the other columns stay 0).
fn seats(scores: [i64; 3]) -> [i64; MAX_SEATS] {
    let mut all = [0; MAX_SEATS];
    all[..3].copy_from_slice(&scores);
    all
}

#[test]
fn where_the_dealer_plays_alone_each_player_keeps_a_score_credited_as_the_ruleset_says() {
    // The cases of manille_variants.engine.match.seat_credits: each member gets the side's
    // points, split shares them rounded down, zero-sum nets them against the dealer.
    for (credit, alone, others, dealer, expected) in [
        (Credit::EachMember, 0, 4, 0, [0, 4, 4]),
        (Credit::EachMember, 9, 0, 1, [0, 9, 0]),
        (Credit::Split, 0, 5, 2, [2, 2, 0]),
        (Credit::Split, 7, 0, 0, [7, 0, 0]),
        (Credit::ZeroSum, 3, 7, 1, [4, -8, 4]),
        (Credit::ZeroSum, 9, 0, 2, [-9, -9, 18]),
    ] {
        let rules = three(credit, 101, 1);
        let mut m = Match::new(5, dealer);
        let outcome = m.add(&rules, &scored(&rules, alone, others)).unwrap();
        let case = format!("{credit:?} {alone}-{others}, dealer {dealer}");
        assert_eq!(outcome.scores_after, seats(expected), "{case}");
        assert_eq!(outcome.team_points, [alone as i64, others as i64], "{case}");
        assert_eq!(m.dealer, (dealer + 1) % 3, "{case}");
    }
}

#[test]
fn a_deal_where_the_dealer_plays_alone_is_told_the_dealers_score_and_the_best_other() {
    let rules = three(Credit::EachMember, 101, 1);
    let mut m = Match::new(5, 0);
    m.scores = seats([10, 30, 20]);
    assert_eq!(m.deal_scores(&rules), [10, 30]);
    m.dealer = 1;
    assert_eq!(m.deal_scores(&rules), [30, 20]);
    let teams_of_two = table();
    m.scores = teams(7, 9);
    assert_eq!(m.deal_scores(&teams_of_two), [7, 9]);
}

#[test]
fn the_highest_player_over_the_target_wins_the_game_the_first_seat_of_equal_ones() {
    let rules = three(Credit::EachMember, 20, 3);
    for (before, dealer, (alone, others), winner) in [
        ([15, 15, 15], 0, (0, 6), Some(1)), // 15-21-21: seats 1 and 2 equal, seat 1 first
        ([15, 18, 15], 0, (0, 6), Some(1)), // 15-24-21
        ([15, 15, 18], 0, (0, 6), Some(2)), // 15-21-24
        ([15, 15, 15], 2, (4, 0), None),    // 15-15-19: nobody at the target
        ([15, 15, 16], 2, (4, 0), Some(2)), // exactly the target
    ] {
        let mut m = Match::new(1, dealer);
        m.scores = seats(before);
        let outcome = m.add(&rules, &scored(&rules, alone, others)).unwrap();
        assert_eq!(outcome.game_winner, winner, "{before:?} dealer {dealer}");
    }
}

#[test]
fn a_player_wins_the_match_with_a_majority_of_games() {
    // Best of five, target 8: every deal's dealer scores 8 alone and so wins that game; the
    // deal passes 0, 1, 2, 0, ... and the first to three games (seat 0, at the seventh deal)
    // takes the match.
    let rules = three(Credit::EachMember, 8, 5);
    let mut m = Match::new(1, 0);
    for (deal, winner) in [0u8, 1, 2, 0, 1].into_iter().enumerate() {
        let outcome = m.add(&rules, &scored(&rules, 8, 0)).unwrap();
        assert_eq!(
            (outcome.game, outcome.game_winner),
            (deal as u32, Some(winner))
        );
        assert_eq!(m.scores, seats([0, 0, 0]), "a new game starts from zero");
    }
    let mut won = [0u32; MAX_SEATS];
    won[..3].copy_from_slice(&[2, 2, 1]);
    assert_eq!((m.games, m.winner, m.is_over()), (won, None, false));
    m.add(&rules, &scored(&rules, 8, 0)).unwrap(); // dealer 2: its second game
    won[2] = 2;
    assert_eq!((m.games, m.winner), (won, None));
    m.add(&rules, &scored(&rules, 8, 0)).unwrap(); // dealer 0: its third, the majority of five
    won[0] = 3;
    assert_eq!((m.games, m.winner, m.is_over()), (won, Some(0), true));
    assert_eq!(
        m.add(&rules, &scored(&rules, 8, 0)),
        Err(MatchOver { winner: 0 })
    );
}
