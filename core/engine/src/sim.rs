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

/// Apply an action known to be legal (a card without checking it again).
#[inline]
fn apply_legal(rules: &Rules, deal: &mut Deal, action: Action) {
    match action.as_card() {
        Some(card) if deal.phase == crate::deal::Phase::Play => deal.play_unchecked(rules, card),
        // A legal decision is always accepted.
        _ => {
            let _ = deal.apply_mut(rules, action);
        }
    }
}

/// Play `deal` out with uniformly random legal actions.
pub fn random_playout(rules: &Rules, mut deal: Deal, rng: &mut Rng) -> Deal {
    while !deal.is_over() {
        let action = Action(rng.pick(deal.legal_actions(rules)));
        apply_legal(rules, &mut deal, action);
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

// ---------------------------------------------------------------------- bots and simulation

use crate::matchplay::deal_seed;
use crate::pyrandom::PyRandom;
use crate::rules::Mode;

/// A player: picks one of the legal actions (bit `code` of `legal`) for the seat to act.
pub trait Bot {
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action;
}

/// A uniformly random legal action, drawn as the Python `RandomBot` draws it
/// (`random.Random(seed).choice` over the legal actions in code order).
#[derive(Clone, Debug)]
pub struct RandomBot(PyRandom);

impl RandomBot {
    pub fn new(seed: u128) -> RandomBot {
        RandomBot(PyRandom::new(seed))
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

/// Let the bots (by seat) act until the deal is over.
pub fn play_deal<B: Bot>(rules: &Rules, mut deal: Deal, bots: &mut [B]) -> Deal {
    while !deal.is_over() {
        let legal = deal.legal_actions(rules);
        let action = bots[deal.to_play as usize].act(rules, &deal, legal);
        if legal.checked_shr(action.0 as u32).unwrap_or(0) & 1 == 0 {
            break; // a bot's illegal choice ends the deal unfinished (the caller sees it)
        }
        apply_legal(rules, &mut deal, action);
    }
    deal
}

/// The row a simulation keeps for a finished deal (as the Python runner's `DealRow`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealRow {
    pub team_a: u64,
    pub team_b: u64,
    pub tied: bool,
    pub dealer_won: bool,
    pub sweep: bool,
    pub mode: Option<Mode>,
    pub calls: u8,
    pub factor: u64,
    pub capped: bool,
    pub dealer_card_points: u32,
}

impl DealRow {
    pub fn of(rules: &Rules, r: &DealResult) -> DealRow {
        let all = rules.data.hand_size;
        DealRow {
            team_a: r.team_a,
            team_b: r.team_b,
            tied: r.tied,
            dealer_won: r.winner == Some(0),
            sweep: r.tricks[0] == all || r.tricks[1] == all,
            mode: r.mode,
            calls: r.calls,
            factor: r.factor,
            capped: r.factor < r.uncapped_factor,
            dealer_card_points: r.card_points[0],
        }
    }
}

/// The row kept for a finished match: deals, games, deals per game, winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub deals: u32,
    pub games: u32,
    pub lengths: Vec<u32>,
    pub winner: u8,
}

/// The seed the bots of a unit get (the Python runner's `bot_seed`).
pub fn bot_seed(seed: u64) -> u64 {
    deal_seed(seed, -3)
}

/// Four random bots seeded as `make_bots("random", seed)` seeds them.
pub fn random_bots(seed: u64) -> [RandomBot; 4] {
    let base = seed as u128 * 4;
    PyRandom::new4([base, base + 1, base + 2, base + 3]).map(RandomBot)
}

/// Deal `index` of a deal-mode simulation with random bots (the Python runner's
/// `play_one_deal`): `None` if it did not finish.
pub fn random_bot_deal(rules: &Rules, master: u64, index: u64) -> Option<DealRow> {
    let seed = deal_seed(master, index as i64);
    let mut bots = random_bots(bot_seed(seed));
    let deal = Deal::new(
        rules,
        seed as i128,
        (index % rules.seats() as u64) as u8,
        0,
        [0, 0],
    );
    let end = play_deal(rules, deal, &mut bots);
    end.result(rules).map(|r| DealRow::of(rules, &r))
}

/// The first dealer of a match seeded `seed` when it is drawn (Python's `Match`).
pub fn drawn_first_dealer(rules: &Rules, seed: u64) -> u8 {
    PyRandom::new(deal_seed(seed, -1) as u128).below(rules.seats() as u32) as u8
}

/// Match `index` of a match-mode simulation with random bots (the Python runner's
/// `play_one_match`): its row and its deals' rows; `None` without a winner in `max_deals`.
pub fn random_bot_match(
    rules: &Rules,
    master: u64,
    index: u64,
    first_dealer: Option<u8>,
    max_deals: u32,
) -> Option<(MatchRow, Vec<DealRow>)> {
    let seed = deal_seed(deal_seed(master, -2), index as i64);
    let dealer = first_dealer.unwrap_or_else(|| drawn_first_dealer(rules, seed));
    let mut bots = random_bots(bot_seed(seed));
    let mut m = Match::new(seed, dealer);
    let mut rows = Vec::new();
    let mut lengths = vec![0u32];
    while !m.is_over() {
        if m.deals >= max_deals {
            return None;
        }
        let deal = Deal::new(
            rules,
            m.next_seed() as i128,
            m.dealer,
            m.pending_ties,
            m.scores,
        );
        let result = play_deal(rules, deal, &mut bots).result(rules)?;
        rows.push(DealRow::of(rules, &result));
        let outcome = m.add(rules, &result);
        lengths[outcome.game as usize] += 1;
        if outcome.game_winner.is_some() && !m.is_over() {
            lengths.push(0);
        }
    }
    let row = MatchRow {
        deals: m.deals,
        games: lengths.len() as u32,
        lengths,
        winner: m.winner?,
    };
    Some((row, rows))
}
