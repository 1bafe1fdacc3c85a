//! Batch play: random playouts and matches, for simulation and benchmarks.

use crate::action::Action;
use crate::deal::Deal;
use crate::matchplay::Match;
use crate::rules::Rules;
use crate::scoring::DealResult;

/// A small, fast, seeded generator (SplitMix64).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed)
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (n > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (((self.next_u64() >> 32) * n as u64) >> 32) as u32
    }

    /// A uniform member of a non-empty set of bits.
    pub fn pick(&mut self, mut set: u64) -> u8 {
        for _ in 0..self.below(set.count_ones()) {
            set &= set - 1;
        }
        set.trailing_zeros() as u8
    }
}

/// Play `deal` out with uniformly random legal actions.
pub fn random_playout(rules: &Rules, mut deal: Deal, rng: &mut Rng) -> Deal {
    while !deal.is_over() {
        let action = Action(rng.pick(deal.legal_actions(rules)));
        // A legal action is always accepted.
        if deal.apply_mut(rules, action).is_err() {
            break;
        }
    }
    deal
}

/// Random playouts of the deals of `seeds` (dealer `i % 4` for the i-th), their results.
pub fn random_deals(rules: &Rules, seeds: &[i128], rng_seed: u64) -> Vec<DealResult> {
    let mut rng = Rng::new(rng_seed);
    seeds
        .iter()
        .enumerate()
        .filter_map(|(i, &seed)| {
            let deal = Deal::new(rules, seed, (i % rules.seats() as usize) as u8, 0, [0, 0]);
            random_playout(rules, deal, &mut rng).result(rules)
        })
        .collect()
}

/// A whole match with random play (at most `max_deals` deals).
pub fn random_match(
    rules: &Rules,
    seed: u64,
    first_dealer: u8,
    rng: &mut Rng,
    max_deals: u32,
) -> Match {
    let mut m = Match::new(seed, first_dealer);
    while !m.is_over() && m.deals < max_deals {
        let deal = Deal::new(
            rules,
            m.next_seed() as i128,
            m.dealer,
            m.pending_ties,
            m.scores,
        );
        let Some(result) = random_playout(rules, deal, rng).result(rules) else {
            break;
        };
        m.add(rules, &result);
    }
    m
}
