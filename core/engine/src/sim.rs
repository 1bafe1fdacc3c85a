//! Batch play: random playouts and matches, for simulation and benchmarks.

use std::collections::BTreeMap;

use crate::action::Action;
use crate::bot::{apply_legal, Bot, RandomBot};
use crate::cards::DECK;
use crate::coded::{Coded, Param};
use crate::deal::Deal;
use crate::heuristic::HeuristicBot;
use crate::ismcts::{self, IsmctsBot};
use crate::matchplay::{deal_seed, Match};
use crate::pyrandom::PyRandom;
use crate::rng::Rng;
use crate::rules::{Mode, Rules};
use crate::scoring::DealResult;
use crate::search::{Budget, SearchBot, Settings};
use crate::shuffle::{shuffle, shuffle4};

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
            m.deal_scores(rules),
        );
        let Some(result) = random_playout(rules, deal, rng).result(rules) else {
            break;
        };
        if m.add(rules, &result).is_err() {
            break;
        }
    }
    m
}

/// The kinds of bot the core plays, by their names in the Python registry.  A new built-in
/// bot is one more variant here, in [`BotKind::ALL`] and in the matches of
/// [`BotKind::name`], [`BotKind::make`] and [`SeatBot`]'s `Bot` methods (and, in Python, one
/// more entry of `CORE_BOTS` in `manille_variants/sim/runner.py`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BotKind {
    Random,
    Heuristic,
    Search,
    Ismcts,
}

impl BotKind {
    pub const ALL: [BotKind; 4] = [
        BotKind::Random,
        BotKind::Heuristic,
        BotKind::Search,
        BotKind::Ismcts,
    ];

    /// The bot's name in the Python registry (`make_bot(name, seed)`).
    pub fn name(self) -> &'static str {
        match self {
            BotKind::Random => "random",
            BotKind::Heuristic => "heuristic",
            BotKind::Search => "search",
            BotKind::Ismcts => "ismcts",
        }
    }

    /// The kind registered under `name`, if the core plays it.
    pub fn named(name: &str) -> Option<BotKind> {
        BotKind::ALL.into_iter().find(|kind| kind.name() == name)
    }

    /// A new bot of this kind, seeded (the seed `make_bot(name, seed)` gets; the heuristic
    /// bot is deterministic and plays with the settings of `heuristic`, which the search bot
    /// takes as its model of play and the IS-MCTS bot's rollouts play as; the search bot
    /// searches with `search`, the IS-MCTS bot with `tree`).
    pub fn make(
        self,
        seed: u64,
        heuristic: &HeuristicBot,
        search: &Settings,
        tree: &ismcts::Settings,
    ) -> SeatBot {
        match self {
            BotKind::Random => SeatBot::Random(RandomBot::new(seed)),
            BotKind::Heuristic => SeatBot::Heuristic(heuristic.clone()),
            // The search's model of play is the heuristic with the ruleset's decision table:
            // it orders the search, its table prunes the dealer's choices far below the best,
            // and its card play weighs the worlds.
            BotKind::Search => SeatBot::Search(SearchBot::new(seed, *search, heuristic.clone())),
            BotKind::Ismcts => SeatBot::Ismcts(IsmctsBot::new(seed, *tree, heuristic.clone())),
        }
    }

    /// One seat's bot as a spec names it: `NAME`, or `NAME:KEY=VALUE:...` with the options of
    /// a bot that has them (`search`: `worlds`, `think_ms`, `z`, `loss`, `card_loss`, `tolerance`, `call_tolerance`, `prior` and `inference`
    /// 0 or 1; `ismcts`: `iterations`, `think_ms`).
    pub fn parse_seat(text: &str) -> Result<SeatSpec, Coded> {
        let mut parts = text.split(':').map(str::trim);
        let name = parts.next().unwrap_or("");
        let kind =
            BotKind::named(name).ok_or_else(|| refusal("core.bots.unknown", &[("name", name)]))?;
        let mut seat = SeatSpec {
            kind,
            search: Settings::default(),
            tree: ismcts::Settings::default(),
        };
        for option in parts {
            let (key, value) = option
                .split_once('=')
                .ok_or_else(|| refusal("core.bots.key-value", &[("option", option)]))?;
            let (key, value) = (key.trim(), value.trim());
            match kind {
                BotKind::Search => search_option(&mut seat.search, key, value)?,
                BotKind::Ismcts => tree_option(&mut seat.tree, key, value)?,
                _ => {
                    return Err(refusal(
                        "core.bots.no-options",
                        &[("name", name), ("key", key)],
                    ))
                }
            }
        }
        Ok(seat)
    }
}

/// One seat of a spec: its bot's kind and the settings of the searching kinds.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SeatSpec {
    pub kind: BotKind,
    pub search: Settings,
    pub tree: ismcts::Settings,
}

/// Set one option of the IS-MCTS bot.
fn tree_option(settings: &mut ismcts::Settings, key: &str, value: &str) -> Result<(), Coded> {
    let bad = |code| Err(refusal(code, &[("key", key), ("value", value)]));
    match key {
        "iterations" => match value.parse::<u32>() {
            Ok(n) if n > 0 => settings.budget = ismcts::Budget::Iterations(n),
            _ => return bad("core.bots.whole-number"),
        },
        "think_ms" => match value.parse::<f64>() {
            Ok(ms) if ms.is_finite() && ms > 0.0 => {
                settings.budget = ismcts::Budget::Millis((ms.ceil() as u64).max(1))
            }
            _ => return bad("core.bots.positive"),
        },
        _ => {
            return Err(refusal(
                "core.bots.no-option",
                &[("name", "ismcts"), ("key", key)],
            ))
        }
    }
    Ok(())
}

/// A refused bot spec: the sentence `code` with its text parameters.
fn refusal(code: &'static str, params: &[(&'static str, &str)]) -> Coded {
    let params = params.iter().map(|&(k, v)| (k, Param::Text(v.to_string())));
    Coded::new(code, params.collect())
}

/// Set one option of the search bot.
fn search_option(settings: &mut Settings, key: &str, value: &str) -> Result<(), Coded> {
    let bad = |code| refusal(code, &[("key", key), ("value", value)]);
    let positive = |v: &str| match v.parse::<f64>() {
        Ok(x) if x > 0.0 && x.is_finite() => Ok(x),
        _ => Err(bad("core.bots.positive")),
    };
    let points = |v: &str| {
        v.parse::<u32>()
            .map_err(|_| bad("core.bots.whole-not-negative"))
    };
    match key {
        "worlds" => match value.parse::<u32>() {
            Ok(n) if n > 0 => settings.budget = Budget::Worlds(n),
            _ => return Err(bad("core.bots.whole-number")),
        },
        "think_ms" => settings.budget = Budget::Millis(positive(value)?),
        "z" => settings.z = positive(value)?,
        "tolerance" => settings.tolerance = points(value)?,
        "call_tolerance" => settings.call_tolerance = points(value)?,
        "loss" => match value.parse::<f64>() {
            Ok(x) if x >= 0.0 && x.is_finite() => settings.loss = x,
            _ => return Err(bad("core.bots.not-negative")),
        },
        "card_loss" => match value.parse::<f64>() {
            Ok(x) if x >= 0.0 && x.is_finite() => settings.card_loss = x,
            _ => return Err(bad("core.bots.not-negative")),
        },
        "prior" => {
            settings.prior = match value {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(bad("core.bots.flag")),
            }
        }
        "inference" => {
            settings.inference = match value {
                "1" | "true" => true,
                "0" | "false" => false,
                _ => return Err(bad("core.bots.flag")),
            }
        }
        _ => {
            return Err(refusal(
                "core.bots.no-option",
                &[("name", "search"), ("key", key)],
            ))
        }
    }
    Ok(())
}

/// One seat's bot, whatever its kind.
#[derive(Clone, Debug)]
#[allow(clippy::large_enum_variant)] // one per seat of a unit, side by side: no boxing
pub enum SeatBot {
    Random(RandomBot),
    Heuristic(HeuristicBot),
    Search(SearchBot),
    Ismcts(IsmctsBot),
}

impl Bot for SeatBot {
    #[inline]
    fn act(&mut self, rules: &Rules, deal: &Deal, legal: u64) -> Action {
        match self {
            SeatBot::Random(bot) => bot.act(rules, deal, legal),
            SeatBot::Heuristic(bot) => bot.act(rules, deal, legal),
            SeatBot::Search(bot) => bot.act(rules, deal, legal),
            SeatBot::Ismcts(bot) => bot.act(rules, deal, legal),
        }
    }

    fn set_scores(&mut self, scores: [i64; 2]) {
        match self {
            SeatBot::Random(_) => {}
            SeatBot::Heuristic(bot) => bot.set_scores(scores),
            SeatBot::Search(bot) => bot.set_scores(scores),
            SeatBot::Ismcts(bot) => bot.set_scores(scores),
        }
    }
}

/// The bots of a simulation under one ruleset: the kind of each seat of its table, as
/// `make_bots(spec, seed, seats=...)` names them (one name for every seat, two for team 0 and
/// team 1 (seat `k` plays team `k % 2`'s bot), or one a seat in seat order, separated by
/// commas), and the settings the heuristic seats play with (its thresholds and the ruleset's
/// decision table).
#[derive(Clone, Debug)]
pub struct BotSpec {
    /// The kind of each seat (as many as the table has seats).
    pub seats: Vec<BotKind>,
    pub heuristic: HeuristicBot,
    /// The search settings of each seat (read by search seats) ...
    pub search: Vec<Settings>,
    /// ... and the IS-MCTS settings (read by ismcts seats).
    pub tree: Vec<ismcts::Settings>,
}

impl BotSpec {
    /// The spec at a table of four (heuristic seats with the default settings), or the
    /// first name the core does not play (or the bad count) as an error.
    pub fn parse(spec: &str) -> Result<BotSpec, Coded> {
        BotSpec::parse_at(spec, 4)
    }

    /// The spec at a table of `seats` (2 to [`crate::cards::MAX_SEATS`]), as `seat_names`
    /// reads it: one name for all, two for the teams (alternate seats; at two seats, one a
    /// seat) or one a seat; another count is refused (`core.bots.count` at four seats, as
    /// always, `core.bots.count-seats` with the table's seats at another table).
    pub fn parse_at(spec: &str, seats: u8) -> Result<BotSpec, Coded> {
        let names: Vec<&str> = spec.split(',').map(str::trim).collect();
        let kinds = names
            .iter()
            .map(|n| BotKind::parse_seat(n))
            .collect::<Result<Vec<_>, _>>()?;
        let n = seats as usize;
        let seats: Vec<SeatSpec> = match kinds.len() {
            1 => vec![kinds[0]; n],
            2 => (0..n).map(|s| kinds[s % 2]).collect(),
            k if k == n => kinds,
            k => {
                let count = ("count", Param::Int(k as u64));
                return Err(match n {
                    4 => Coded::new("core.bots.count", vec![count]),
                    _ => Coded::new(
                        "core.bots.count-seats",
                        vec![("seats", Param::Int(n as u64)), count],
                    ),
                });
            }
        };
        Ok(BotSpec {
            search: seats.iter().map(|s| s.search).collect(),
            tree: seats.iter().map(|s| s.tree).collect(),
            ..BotSpec::of(seats.iter().map(|s| s.kind).collect())
        })
    }

    /// These seats (one kind a seat), heuristic ones with the default settings.
    pub fn of(seats: Vec<BotKind>) -> BotSpec {
        let n = seats.len();
        BotSpec {
            seats,
            heuristic: HeuristicBot::default(),
            search: vec![Settings::default(); n],
            tree: vec![ismcts::Settings::default(); n],
        }
    }

    /// Four random bots.
    pub fn random() -> BotSpec {
        BotSpec::random_at(4)
    }

    /// Random bots at a table of `seats`.
    pub fn random_at(seats: u8) -> BotSpec {
        BotSpec::of(vec![BotKind::Random; seats as usize])
    }

    /// The same seats, heuristic ones playing with the settings of `heuristic`.
    pub fn with_heuristic(self, heuristic: HeuristicBot) -> BotSpec {
        BotSpec { heuristic, ..self }
    }

    /// Whether some seat is played by a bot of `kind`.
    pub fn has(&self, kind: BotKind) -> bool {
        self.seats.contains(&kind)
    }

    /// The seats' bots seeded from `seed` as `make_bots` seeds them (`seed * 4 + seat` at a
    /// table of four or fewer, `seed * seats + seat` at a larger one).
    pub fn make(&self, seed: u64) -> Vec<SeatBot> {
        let base = seed.wrapping_mul(self.seats.len().max(4) as u64);
        (0..self.seats.len())
            .map(|k| {
                self.seats[k].make(
                    base.wrapping_add(k as u64),
                    &self.heuristic,
                    &self.search[k],
                    &self.tree[k],
                )
            })
            .collect()
    }

    /// The spec's bots for a deal or match under `rules`, or `None` if the spec is for a
    /// table of another size (its bots would not cover the seats).
    fn make_for(&self, rules: &Rules, seed: u64) -> Option<Vec<SeatBot>> {
        (self.seats.len() == rules.seats() as usize).then(|| self.make(seed))
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

/// The per-deal metrics of a simulation, in the order of [`DealRow::metrics`] (the keys of
/// the Python `DEAL_METRICS`, which a test holds to the same values).
pub const DEAL_METRICS: [&str; 12] = [
    "net",
    "points",
    "dealer_card_points",
    "dealer_win",
    "tie",
    "sweep",
    "no_trump",
    "blind",
    "call",
    "recall",
    "factor",
    "capped",
];

impl DealRow {
    pub fn of(rules: &Rules, r: &DealResult) -> DealRow {
        let all = rules.tricks();
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

    /// The values of [`DEAL_METRICS`] for this deal (shares as 0 or 1).
    pub fn metrics(&self) -> [i64; 12] {
        let (a, b) = (self.team_a as i64, self.team_b as i64);
        [
            a - b,
            a + b,
            self.dealer_card_points as i64,
            self.dealer_won as i64,
            self.tied as i64,
            self.sweep as i64,
            (self.mode == Some(Mode::NoTrump)) as i64,
            (self.mode == Some(Mode::Blind)) as i64,
            (self.calls >= 1) as i64,
            (self.calls >= 2) as i64,
            self.factor as i64,
            self.capped as i64,
        ]
    }
}

/// How many times each integer was seen: exact, and merged by adding counts, so a tally
/// does not depend on how the units were split.  Values within a window of
/// [`Histogram::SPAN`] are counted in a vector, the rare others in a map.
#[derive(Clone, Debug, Default)]
pub struct Histogram {
    low: i64,
    dense: Vec<u64>,
    far: BTreeMap<i64, u64>,
}

impl Histogram {
    pub const SPAN: i128 = 1 << 12;

    #[inline]
    pub fn add(&mut self, value: i64) {
        let i = value.wrapping_sub(self.low) as u64;
        if i < self.dense.len() as u64 {
            self.dense[i as usize] += 1;
        } else {
            self.add_count(value, 1);
        }
    }

    /// Count `value` `count` more times.
    pub fn add_count(&mut self, value: i64, count: u64) {
        if self.dense.is_empty() {
            self.low = value;
            self.dense.push(count);
            return;
        }
        let (low, high) = (
            self.low as i128,
            self.low as i128 + self.dense.len() as i128 - 1,
        );
        let v = value as i128;
        if (low..=high).contains(&v) {
            self.dense[(v - low) as usize] += count;
            return;
        }
        let (new_low, new_high) = (low.min(v), high.max(v));
        if new_high - new_low >= Self::SPAN {
            *self.far.entry(value).or_default() += count;
            return;
        }
        let mut dense = vec![0; (new_high - new_low + 1) as usize];
        dense[(low - new_low) as usize..][..self.dense.len()].copy_from_slice(&self.dense);
        dense[(v - new_low) as usize] += count;
        self.low = new_low as i64;
        self.dense = dense;
    }

    /// Add the counts of `other`.
    pub fn merge(&mut self, other: &Histogram) {
        for (value, count) in other.counts() {
            self.add_count(value, count);
        }
    }

    /// The (value, count) pairs seen, in increasing value.
    pub fn counts(&self) -> Vec<(i64, u64)> {
        let dense = self
            .dense
            .iter()
            .enumerate()
            .filter(|(_, &c)| c > 0)
            .map(|(i, &c)| (self.low + i as i64, c));
        let mut all: Vec<(i64, u64)> = dense
            .chain(self.far.iter().map(|(&v, &c)| (v, c)))
            .collect();
        all.sort_unstable();
        all
    }

    /// How many values were counted.
    pub fn total(&self) -> u64 {
        self.dense.iter().sum::<u64>() + self.far.values().sum::<u64>()
    }
}

impl PartialEq for Histogram {
    fn eq(&self, other: &Histogram) -> bool {
        self.counts() == other.counts()
    }
}

/// One histogram per deal metric ([`DEAL_METRICS`] order).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct MetricTally(pub [Histogram; 12]);

impl MetricTally {
    #[inline]
    pub fn add(&mut self, values: &[i64; 12]) {
        for (h, &v) in self.0.iter_mut().zip(values) {
            h.add(v);
        }
    }

    pub fn merge(&mut self, other: &MetricTally) {
        for (h, o) in self.0.iter_mut().zip(&other.0) {
            h.merge(o);
        }
    }
}

/// The tally of a chunk of independent deals played under several rulesets (duplicate):
/// per ruleset, each metric's values; per ruleset after the first, each metric's paired
/// difference from the first ruleset on the same deal.
#[derive(Clone, Debug, PartialEq)]
pub struct DealTally {
    pub values: Vec<MetricTally>,
    pub diffs: Vec<MetricTally>,
}

/// The seed the bots of a unit get (the Python runner's `bot_seed`).
pub fn bot_seed(seed: u64) -> u64 {
    deal_seed(seed, -3)
}

/// Deal `index` of a deal-mode simulation (the Python runner's `play_one_deal`) under each
/// ruleset of `plays` with its bots, from its seed and shuffle: each ruleset's row given to
/// `each`; false if a deal did not finish (or a spec is for another table size).
fn sim_deal_rows(
    plays: &[(&Rules, &BotSpec)],
    index: u64,
    (seed, (order, cut)): (u64, ([u8; DECK], u8)),
    mut each: impl FnMut(usize, DealRow),
) -> bool {
    for (k, &(r, bots)) in plays.iter().enumerate() {
        let Some(mut seat_bots) = bots.make_for(r, bot_seed(seed)) else {
            return false;
        };
        let dealer = (index % r.seats() as u64) as u8;
        let deal = Deal::from_shuffle(r, &order, cut, dealer, 0, [0, 0]);
        match play_deal(r, deal, &mut seat_bots).result(r) {
            Some(result) => each(k, DealRow::of(r, &result)),
            None => return false,
        }
    }
    true
}

/// Deals `start..stop` of a deal-mode simulation under each ruleset of `plays` with its bots,
/// each deal shuffled once (four shuffles at a time): `each(ruleset, row)` in order;
/// `Err(index)` names a deal that did not finish.
fn sim_deals(
    plays: &[(&Rules, &BotSpec)],
    master: u64,
    (start, stop): (u64, u64),
    mut each: impl FnMut(usize, DealRow),
) -> Result<(), u64> {
    let mut index = start;
    while index < stop {
        let n = (stop - index).min(4);
        let seeds = [0, 1, 2, 3].map(|j| deal_seed(master, (index + j.min(n - 1)) as i64));
        let shuffles = shuffle4(seeds.map(|s| s as i128));
        for j in 0..n {
            let i = index + j;
            let shuffled = (seeds[j as usize], shuffles[j as usize]);
            if !sim_deal_rows(plays, i, shuffled, &mut each) {
                return Err(i);
            }
        }
        index += n;
    }
    Ok(())
}

/// Deal `index` of a deal-mode simulation under `rules` (the Python runner's
/// `play_one_deal`): its row, `None` if it did not finish.
pub fn sim_deal(rules: &Rules, master: u64, index: u64, bots: &BotSpec) -> Option<DealRow> {
    let seed = deal_seed(master, index as i64);
    let mut row = None;
    sim_deal_rows(
        &[(rules, bots)],
        index,
        (seed, shuffle(seed as i128)),
        |_, r| row = Some(r),
    );
    row
}

/// Deal `index` of a deal-mode simulation with random bots.
pub fn random_bot_deal(rules: &Rules, master: u64, index: u64) -> Option<DealRow> {
    sim_deal(rules, master, index, &BotSpec::random_at(rules.seats()))
}

/// Deals `start..stop` of a deal-mode simulation under every ruleset of `plays`, each with
/// its bots (the same seats; the heuristic's settings are the ruleset's), tallied;
/// `Err(index)` names a deal that did not finish.
pub fn tally_deals(
    plays: &[(&Rules, &BotSpec)],
    master: u64,
    start: u64,
    stop: u64,
) -> Result<DealTally, u64> {
    let mut tally = DealTally {
        values: vec![MetricTally::default(); plays.len()],
        diffs: vec![MetricTally::default(); plays.len().saturating_sub(1)],
    };
    let mut base = [0i64; 12];
    sim_deals(plays, master, (start, stop), |k, row| {
        let values = row.metrics();
        tally.values[k].add(&values);
        if k == 0 {
            base = values;
        } else {
            let mut diff = values;
            for (d, b) in diff.iter_mut().zip(&base) {
                *d -= b;
            }
            tally.diffs[k - 1].add(&diff);
        }
    })?;
    Ok(tally)
}

/// The row kept for a finished match: deals, games, deals per game, winner (a team, or a seat
/// where the dealer plays alone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MatchRow {
    pub deals: u32,
    pub games: u32,
    pub lengths: Vec<u32>,
    pub winner: u8,
}

/// The first dealer of a match seeded `seed` when it is drawn (Python's `Match`).
pub fn drawn_first_dealer(rules: &Rules, seed: u64) -> u8 {
    PyRandom::new(deal_seed(seed, -1) as u128).below(rules.seats() as u32) as u8
}

/// Match `index` of a match-mode simulation (the Python runner's `play_one_match`), each
/// finished deal's row given to `each`: the match's row, `None` without a winner in
/// `max_deals`, with a deal unfinished or with bots for another table size.
pub fn sim_match(
    rules: &Rules,
    master: u64,
    index: u64,
    first_dealer: Option<u8>,
    max_deals: u32,
    bots: &BotSpec,
    each: impl FnMut(DealRow),
) -> Option<MatchRow> {
    let seed = match_seed(master, index);
    let dealer = first_dealer.unwrap_or_else(|| drawn_first_dealer(rules, seed));
    let mut seat_bots = bots.make_for(rules, bot_seed(seed))?;
    play_match(rules, seed, dealer, max_deals, &mut seat_bots, each)
}

/// The seed of match `index` of a match-mode run (the Python runner's `match_seed`).
pub fn match_seed(master: u64, index: u64) -> u64 {
    deal_seed(deal_seed(master, -2), index as i64)
}

/// A whole match seeded `seed` played by `bots` (told before each deal the scores the deal is
/// told, [`Match::deal_scores`]), each finished deal's row given to `each`: the match's row,
/// `None` without a winner in `max_deals` or with a deal unfinished.
pub fn play_match<B: Bot>(
    rules: &Rules,
    seed: u64,
    dealer: u8,
    max_deals: u32,
    bots: &mut [B],
    mut each: impl FnMut(DealRow),
) -> Option<MatchRow> {
    let mut m = Match::new(seed, dealer);
    let mut lengths = vec![0u32];
    while !m.is_over() {
        if m.deals >= max_deals {
            return None;
        }
        let scores = m.deal_scores(rules);
        for bot in bots.iter_mut() {
            bot.set_scores(scores);
        }
        let deal = Deal::new(
            rules,
            m.next_seed() as i128,
            m.dealer,
            m.pending_ties,
            scores,
        );
        let result = play_deal(rules, deal, bots).result(rules)?;
        each(DealRow::of(rules, &result));
        let outcome = m.add(rules, &result).ok()?;
        lengths[outcome.game as usize] += 1;
        if outcome.game_winner.is_some() && !m.is_over() {
            lengths.push(0);
        }
    }
    Some(MatchRow {
        deals: m.deals,
        games: lengths.len() as u32,
        lengths,
        winner: m.winner?,
    })
}

/// Match `index` of a match-mode simulation with random bots: its row and its deals' rows.
pub fn random_bot_match(
    rules: &Rules,
    master: u64,
    index: u64,
    first_dealer: Option<u8>,
    max_deals: u32,
) -> Option<(MatchRow, Vec<DealRow>)> {
    let mut rows = Vec::new();
    let bots = BotSpec::random_at(rules.seats());
    let row = sim_match(rules, master, index, first_dealer, max_deals, &bots, |r| {
        rows.push(r)
    })?;
    Some((row, rows))
}

/// One duplicate deal pair of a duel: deal `index` (seed `deal_seed(master, index)`, dealer
/// `index % 4`, no pending tie, level scores) played twice, bots `a` on team 0 and `b` on team
/// 1, then the other way round; `a`'s net match points summed over both tables (its side's
/// match points less the other side's), and whether the two dealers named the same trump (or
/// both no-trump, or both blind).  `None` if a deal did not finish.
pub fn duel_pair(
    rules: &Rules,
    master: u64,
    index: u64,
    a: &BotSpec,
    b: &BotSpec,
) -> Option<(i64, bool)> {
    let seed = deal_seed(master, index as i64);
    let mut net = 0;
    let mut named = Vec::new();
    for a_team in 0..2u8 {
        let (first, second) = if a_team == 0 { (a, b) } else { (b, a) };
        let one = first.make_for(rules, bot_seed(seed))?;
        let two = second.make_for(rules, bot_seed(seed))?;
        let mut bots: Vec<SeatBot> = one
            .into_iter()
            .zip(two)
            .enumerate()
            .map(|(seat, (f, s))| if seat % 2 == 0 { f } else { s })
            .collect();
        let deal = Deal::new(rules, seed as i128, (index % 4) as u8, 0, [0, 0]);
        let done = play_deal(rules, deal, &mut bots);
        let result = done.result(rules)?;
        named.push((done.mode, done.trump));
        let dealer_team = rules.team(done.dealer);
        let dealer_net = result.team_a as i64 - result.team_b as i64;
        net += if dealer_team == a_team {
            dealer_net
        } else {
            -dealer_net
        };
    }
    Some((net, named[0] == named[1]))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::RulesData;

    #[test]
    fn bot_specs_name_one_two_or_four_bots() {
        use BotKind::{Heuristic, Random};
        let seats = |spec: &str| BotSpec::parse(spec).map(|s| s.seats);
        assert_eq!(seats("random"), Ok(vec![Random; 4]));
        assert_eq!(seats("random, random"), Ok(vec![Random; 4]));
        assert_eq!(
            seats("heuristic,random"),
            Ok(vec![Heuristic, Random, Heuristic, Random])
        );
        assert_eq!(
            seats("random,heuristic,heuristic,random"),
            Ok(vec![Random, Heuristic, Heuristic, Random])
        );
        assert!(BotSpec::parse("random,random,random").is_err());
        let unknown = Coded::new(
            "core.bots.unknown",
            vec![("name", Param::Text("nobody".into()))],
        );
        assert_eq!(seats("random,nobody"), Err(unknown));
        let count = BotSpec::parse("random,random,random").map(|s| s.seats);
        assert_eq!(
            count,
            Err(Coded::new(
                "core.bots.count",
                vec![("count", Param::Int(3))]
            ))
        );
        let option = BotSpec::parse("search:worlds=0")
            .map(|s| s.seats)
            .unwrap_err();
        assert_eq!(option.code, "core.bots.whole-number");
        assert_eq!(option.param("value"), Some(&Param::Text("0".into())));
        assert_eq!(
            BotKind::parse_seat("search:loss=0.5").map(|s| s.search.loss),
            Ok(0.5)
        );
        for bad in ["-1", "nan", "inf", "x"] {
            let refused = BotKind::parse_seat(&format!("search:loss={bad}")).unwrap_err();
            assert_eq!(refused.code, "core.bots.not-negative");
        }
        assert_eq!(
            BotKind::parse_seat("search:card_loss=0").map(|s| s.search.card_loss),
            Ok(0.0)
        );
        let tolerances = BotKind::parse_seat("search:tolerance=0:call_tolerance=20").unwrap();
        assert_eq!(
            (
                tolerances.search.tolerance,
                tolerances.search.call_tolerance
            ),
            (0, 20)
        );
        for bad in ["-1", "0.5", "x"] {
            let refused = BotKind::parse_seat(&format!("search:tolerance={bad}")).unwrap_err();
            assert_eq!(refused.code, "core.bots.whole-not-negative");
        }
        assert!(BotSpec::parse("heuristic,random").unwrap().has(Heuristic));
        assert!(!BotSpec::random().has(Heuristic));
    }

    #[test]
    fn bot_specs_at_six_seats_name_one_bot_one_a_team_or_one_a_seat() {
        use BotKind::{Heuristic, Random, Search};
        let seats = |spec: &str| BotSpec::parse_at(spec, 6).map(|s| s.seats);
        assert_eq!(seats("heuristic"), Ok(vec![Heuristic; 6]));
        // Two names: seat k plays team k % 2's bot (teams 0, 2, 4 and 1, 3, 5).
        assert_eq!(
            seats("heuristic, random"),
            Ok(vec![
                Heuristic, Random, Heuristic, Random, Heuristic, Random
            ])
        );
        assert_eq!(
            seats("random,random,heuristic,random,random,heuristic"),
            Ok(vec![Random, Random, Heuristic, Random, Random, Heuristic])
        );
        // Four names are a four-seat spec: refused with the table's seats.
        for (spec, count) in [
            ("random,random,random,random", 4),
            ("random,random,random", 3),
        ] {
            assert_eq!(
                seats(spec),
                Err(Coded::new(
                    "core.bots.count-seats",
                    vec![("seats", Param::Int(6)), ("count", Param::Int(count))]
                ))
            );
        }
        // Options go with their seat; every seat gets its own settings.
        let spec = BotSpec::parse_at("search:worlds=7,random", 6).unwrap();
        assert_eq!(spec.seats[4], Search);
        assert_eq!(spec.search.len(), 6);
        assert_eq!(spec.search[4].budget, Budget::Worlds(7));
        assert_eq!(spec.search[5], Settings::default());
        // Seeded seed * 6 + seat, as make_bots seeds a table of six.
        let bots = BotSpec::parse_at("random", 6).unwrap().make(11);
        assert_eq!(bots.len(), 6);
        for (seat, bot) in bots.iter().enumerate() {
            assert!(matches!(bot, SeatBot::Random(b) if *b == RandomBot::new(66 + seat as u64)));
        }
        // A four-seat spec plays no six-seat deal (its bots would not cover the table).
        let six = Rules::new(RulesData {
            seats: 6,
            hand_size: 5,
            undealt: 2,
            packets: vec![3, 2],
            ..RulesData::default()
        })
        .expect("valid");
        assert!(sim_deal(&six, 1, 0, &BotSpec::random()).is_none());
        assert!(sim_deal(&six, 1, 0, &BotSpec::random_at(6)).is_some());
    }

    #[test]
    fn bots_are_seeded_by_seat_as_make_bots_seeds_them() {
        let spec = BotSpec::parse("random,heuristic").unwrap();
        let bots = spec.make(u64::MAX);
        let seeds = [u64::MAX.wrapping_mul(4), u64::MAX.wrapping_mul(4) + 2];
        for (bot, seed) in [&bots[0], &bots[2]].into_iter().zip(seeds) {
            assert!(matches!(bot, SeatBot::Random(b) if *b == RandomBot::new(seed)));
        }
        assert!(
            matches!(bots[1], SeatBot::Heuristic(_)) && matches!(bots[3], SeatBot::Heuristic(_))
        );
    }

    #[test]
    fn a_histogram_counts_exactly_near_and_far_values() {
        let mut h = Histogram::default();
        for v in [5, 3, 5, -2, 1 << 40, 7, -(1 << 40), 5] {
            h.add(v);
        }
        assert_eq!(
            h.counts(),
            vec![
                (-(1 << 40), 1),
                (-2, 1),
                (3, 1),
                (5, 3),
                (7, 1),
                (1 << 40, 1)
            ]
        );
        assert_eq!(h.total(), 8);
        let mut twice = h.clone();
        twice.merge(&h);
        assert_eq!(twice.counts()[3], (5, 6));
    }

    #[test]
    fn a_tally_counts_the_rows_of_its_deals() {
        let rules = Rules::new(RulesData::default()).expect("valid");
        for spec in ["random", "heuristic", "random,heuristic"] {
            let bots = BotSpec::parse(spec).expect("built in");
            let tally = tally_deals(&[(&rules, &bots)], 5, 3, 40).expect("finished");
            let mut rows = MetricTally::default();
            for i in 3..40 {
                rows.add(&sim_deal(&rules, 5, i, &bots).expect("finished").metrics());
            }
            assert_eq!(tally.values, vec![rows], "{spec}");
        }
    }

    #[test]
    fn a_tally_does_not_depend_on_the_chunking() {
        let rules = Rules::new(RulesData::default()).expect("valid");
        for spec in ["random", "heuristic", "heuristic,random"] {
            let bots = BotSpec::parse(spec).expect("built in");
            let both = [(&rules, &bots), (&rules, &bots)];
            a_tally_splits_into_parts(&both);
        }
    }

    fn a_tally_splits_into_parts(both: &[(&Rules, &BotSpec)]) {
        let whole = tally_deals(both, 9, 0, 60).expect("finished");
        let mut parts = tally_deals(both, 9, 0, 17).expect("finished");
        let rest = tally_deals(both, 9, 17, 60).expect("finished");
        for (a, b) in parts.values.iter_mut().zip(&rest.values) {
            a.merge(b);
        }
        for (a, b) in parts.diffs.iter_mut().zip(&rest.diffs) {
            a.merge(b);
        }
        assert_eq!(parts, whole);
        // The same ruleset twice: every paired difference is zero.
        assert!(whole.diffs[0].0.iter().all(|h| h.counts() == vec![(0, 60)]));
        assert_eq!(whole.values[0].0[0].total(), 60);
    }
}
