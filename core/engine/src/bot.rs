//! Players: the [`Bot`] trait every bot of the core implements, and the random bot.

use crate::action::Action;
use crate::deal::{Deal, Phase};
use crate::rng::RandomStream;
use crate::rules::Rules;

/// A player: picks one of the legal actions (bit `code` of `legal`) for the seat to act.
pub trait Bot {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action;

    /// Told the match score before each deal of a match (a bot that weighs it keeps it).
    fn set_scores(&mut self, _scores: [i64; 2]) {}
}

/// A uniformly random legal action: the `below(count)`-th legal action in code order
/// (the order of the Python engine's `legal_actions`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RandomBot(RandomStream);

impl RandomBot {
    pub fn new(seed: u64) -> RandomBot {
        RandomBot(RandomStream::new(seed))
    }
}

impl Bot for RandomBot {
    fn act(&mut self, _rules: &Rules, _deal: &Deal, legal: u64) -> Action {
        let mut set = legal;
        for _ in 0..self.0.below(legal.count_ones()) {
            set &= set - 1;
        }
        Action(set.trailing_zeros() as u8)
    }
}

/// Apply an action known to be legal (a card without checking it again).
#[inline]
pub fn apply_legal(rules: &Rules, deal: &mut Deal, action: Action) {
    match action.as_card() {
        Some(card) if deal.phase == Phase::Play => deal.play_unchecked(rules, card),
        // A legal decision is always accepted.
        _ => {
            let _ = deal.apply_mut(rules, action);
        }
    }
}
