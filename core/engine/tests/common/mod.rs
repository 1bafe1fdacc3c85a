//! Helpers shared by the integration tests.

use manille_engine::sim::Rng;
use manille_engine::{Action, Deal, Phase, Rules};

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
