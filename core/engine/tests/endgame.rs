//! The heuristic counts out its last cards: each dealing of the unseen cards solved exactly.

mod common;

use manille_engine::cards::{FULL, MAX_SEATS};
use manille_engine::endgame::{applies, best_card, Position, ENDGAME};
use manille_engine::heuristic::SeatView;
use manille_engine::search::with_solver;
use manille_engine::Rules;

fn position<'a>(rules: &Rules, view: &'a SeatView, voids: [u8; MAX_SEATS]) -> Position<'a> {
    let played = view.played as usize;
    let history = &view.history[..played];
    let seen = history.iter().fold(0u32, |m, &c| m | 1 << c);
    let turned = view.turned.map_or(0, |c| 1u32 << c & !seen);
    Position {
        seat: view.seat,
        dealer: view.dealer,
        trump: view.trump,
        turned: view.turned,
        history,
        leaders: &view.leaders[..played.div_ceil(rules.seats() as usize)],
        hand: view.hand,
        unseen: FULL & !seen & !view.hand & !turned,
        dealer_turned: if view.seat == view.dealer { 0 } else { turned },
        voids,
        legal: view.legal as u32,
    }
}

#[test]
fn the_last_cards_are_counted_out_over_worlds_of_the_unseen_cards() {
    let rules = Rules::new(common::bundled()[0].1.clone()).expect("valid");
    let mut counted = 0;
    for seed in 0..300u64 {
        let deal = common::random_position(&rules, seed, 4 * 4 - (seed % 4) as u32);
        let legal = deal.legal_actions(&rules);
        let view = SeatView::of(&rules, &deal, [0, 0], legal);
        let pos = position(&rules, &view, [0; MAX_SEATS]);
        if !applies(&rules, &ENDGAME, &pos) {
            continue;
        }
        counted += 1;
        let default = pos.legal.trailing_zeros() as u8;
        let card = best_card(&rules, &ENDGAME, &pos, default);
        // A card the seat may play, the same for the same position.
        assert_eq!(pos.legal >> card & 1, 1);
        assert_eq!(best_card(&rules, &ENDGAME, &pos, default), card);
        // On the last trick but one, with the three other cards of the trick shown and one
        // card left in every other hand, a world differs from the deal only in where those
        // last cards lie: the card chosen is never worse than the deal's best by more than
        // the points of the last trick.
        if deal.trick(&rules).len() == 3 && deal.hand(deal.to_play).count_ones() == 2 {
            let real = with_solver(|s| s.moves(&rules, &deal));
            let ours =
                rules.side(deal.to_play, deal.dealer) == rules.side(deal.dealer, deal.dealer);
            let value = |c: u8| {
                let t = real.iter().find(|(k, _)| *k == c).expect("legal").1 as i64;
                if ours {
                    t
                } else {
                    -t
                }
            };
            let best = real.iter().map(|&(c, _)| value(c)).max().unwrap();
            assert!(best - value(card) <= 2 * 14, "seed {seed}");
        }
    }
    assert!(counted > 100, "{counted} positions counted out");
}

#[test]
fn a_last_card_is_not_counted_out() {
    let rules = Rules::new(common::bundled()[0].1.clone()).expect("valid");
    // The last trick: one card a seat, nothing to choose.
    for seed in 0..50u64 {
        let deal = common::random_position(&rules, seed, 4);
        let legal = deal.legal_actions(&rules);
        let view = SeatView::of(&rules, &deal, [0, 0], legal);
        let pos = position(&rules, &view, [0; MAX_SEATS]);
        assert!(
            !applies(&rules, &ENDGAME, &pos),
            "one card: no choice to count out"
        );
    }
}
