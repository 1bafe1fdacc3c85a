//! The layout of a two-seat deal: face-down cards in front of each seat, each covered by a
//! face-up card (docs/rules.md#tables-of-2-3-and-6-players).
//!
//! The face-up cards are played like hand cards (a seat's hand in [`crate::deal::Deal::hand`]
//! holds them); a face-down card is nobody's to play until the card on it has been played and
//! the trick is over.

use crate::cards::{CardSet, DECK};
use crate::rules::Rules;

/// The most face-down cards a deal's layouts hold: two seats of at most 8 each.
pub const MAX_COVERED: usize = 16;

/// Which card covers which, and which face-down cards are still covered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Layout {
    /// The face-up card dealt on each face-down card, in deal order ...
    pub cover: [u8; MAX_COVERED],
    /// ... and the face-down card under it.
    pub under: [u8; MAX_COVERED],
    /// How many pairs were dealt (0: no layout).
    pub pairs: u8,
    /// The face-down cards still covered.
    pub down: CardSet,
}

impl Layout {
    /// The layouts of the cut pack `card_at` (the card at each position): its first
    /// `covered` cards face down, the next `covered` face up on them in the same order, so
    /// that the face-up card at position `p + covered` covers the card at `p`.
    pub fn dealt(rules: &Rules, card_at: impl Fn(usize) -> u8) -> Layout {
        let n = rules.covered().min(MAX_COVERED);
        let mut layout = Layout::default();
        for p in 0..n {
            layout.under[p] = card_at(p);
            layout.cover[p] = card_at(p + n);
            layout.down |= 1 << layout.under[p];
        }
        layout.pairs = n as u8;
        layout
    }

    /// The pairs dealt: (face-up card, face-down card under it), in deal order.
    fn dealt_pairs(&self) -> impl Iterator<Item = (u8, u8)> + '_ {
        let n = self.pairs as usize;
        self.cover[..n]
            .iter()
            .copied()
            .zip(self.under[..n].iter().copied())
    }

    /// At the end of a trick, a face-down card whose cover was played turns face up.
    pub fn turn_up(&mut self, trick: CardSet) {
        let turned = self
            .dealt_pairs()
            .filter(|&(cover, _)| trick >> cover & 1 == 1)
            .fold(0, |m, (_, under)| m | 1 << under);
        self.down &= !turned;
    }

    /// The face-up cards among `held` (a seat's cards not played yet): the covers, and the
    /// face-down cards turned up.
    pub fn face_up(&self, held: CardSet) -> CardSet {
        let laid = self.dealt_pairs().fold(0, |m, (c, u)| m | 1 << c | 1 << u);
        held & laid & !self.down
    }

    /// The face-down cards among `held` still covered, in deal order.
    pub fn face_down(&self, held: CardSet) -> Vec<u8> {
        self.dealt_pairs()
            .map(|(_, under)| under)
            .filter(|&under| (held & self.down) >> under & 1 == 1)
            .collect()
    }
}

/// The card at each position of the pack `order` cut at `cut`.
pub fn cut_pack(order: &[u8; DECK], cut: u8) -> impl Fn(usize) -> u8 + '_ {
    move |q| order[(q + cut as usize) % DECK]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::action::Action;
    use crate::cards;
    use crate::deal::{Deal, Phase};
    use crate::rules::RulesData;

    fn two() -> Rules {
        Rules::new(RulesData {
            seats: 2,
            layout: 4,
            ..RulesData::default()
        })
        .unwrap()
    }

    #[test]
    fn the_face_up_card_at_p_plus_covered_covers_the_card_at_p() {
        let order: [u8; DECK] = std::array::from_fn(|i| i as u8);
        let layout = Layout::dealt(&two(), cut_pack(&order, 3));
        assert_eq!(layout.pairs, 8);
        assert_eq!(layout.under[..3], [3, 4, 5]);
        assert_eq!(layout.cover[..3], [11, 12, 13]);
        assert_eq!(layout.down, 0xFF << 3);
        assert_eq!(cards::iter(layout.face_up(cards::FULL)).count(), 8);
    }

    fn refusal(data: RulesData) -> &'static str {
        Rules::new(data).unwrap_err().0.code
    }

    #[test]
    fn a_layout_is_played_at_two_seats_and_makes_the_pack() {
        let four = RulesData {
            layout: 4,
            ..RulesData::default()
        };
        assert_eq!(refusal(four), "core.rules.layout-two");
        let short = RulesData {
            seats: 2,
            layout: 3,
            ..RulesData::default()
        };
        assert_eq!(refusal(short), "core.rules.pack-layout");
        let turned = RulesData {
            trump_source: crate::rules::TrumpSource::Turned,
            no_trump_allowed: false,
            ..two().data
        };
        assert_eq!(refusal(turned), "core.rules.turned-layout");
        assert_eq!(two().tricks(), 16);
    }

    #[test]
    fn a_layout_deal_plays_sixteen_tricks_from_hand_and_face_up_cards() {
        let rules = two();
        for seed in 0..200 {
            let mut deal = Deal::new(&rules, seed, (seed % 2) as u8, 0, [0, 0]);
            assert_eq!(deal.layout.down.count_ones(), 8);
            let mut rng = crate::rng::Rng::new(seed as u64);
            while !deal.is_over() {
                let legal = deal.legal_actions(&rules);
                if deal.phase == Phase::Play {
                    let seat = deal.to_play;
                    assert_ne!(legal, 0);
                    assert_eq!(legal as CardSet & !deal.hand(seat), 0);
                    assert_eq!(legal as CardSet & deal.layout.down, 0);
                    assert_eq!(deal.face_up(seat) & !deal.hand(seat), 0);
                }
                deal = deal.apply(&rules, Action(rng.pick(legal))).unwrap();
            }
            assert_eq!(deal.tricks_done(&rules), 16);
            assert_eq!(deal.won[0] | deal.won[1], cards::FULL);
            let result = deal.result(&rules).unwrap();
            assert_eq!(result.tricks[0] + result.tricks[1], 16);
        }
    }

    #[test]
    fn a_card_turns_up_when_its_cover_was_in_the_trick() {
        let order: [u8; DECK] = std::array::from_fn(|i| i as u8);
        let mut layout = Layout::dealt(&two(), cut_pack(&order, 0));
        layout.turn_up(1 << 8 | 1 << 20);
        assert_eq!(layout.down, 0xFE);
        assert_eq!(layout.face_up(1 << 0 | 1 << 1 | 1 << 9), 1 << 0 | 1 << 9);
        assert_eq!(layout.face_down(0xFF), vec![1, 2, 3, 4, 5, 6, 7]);
    }
}
