//! Simulation chunks played whole by `manille_engine::sim` with its built-in bots (random,
//! heuristic and IS-MCTS), the GIL released: tallies of the deal metrics (exact, mergeable
//! histograms) for `manille_variants.sim`, and the rows of each deal for the records and the
//! tests that compare them with the Python loop.

use std::collections::HashMap;
use std::sync::Arc;

use manille_engine::coded::Coded;
use manille_engine::rules::{Mode, Rules};
use manille_engine::sim::{self, BotKind, BotSpec, DealRow, MetricTally, DEAL_METRICS};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;

use super::bots::CoreHeuristic;
use super::{check_seat, coded_package_error, guard, package_error, CoreRules};

/// A simulation's row of a finished deal: (team_a, team_b, tied, dealer_won, sweep, mode,
/// calls, factor, capped, dealer_card_points), as the runner's `DealRow`.
type DealRowTuple = (u64, u64, bool, bool, bool, &'static str, u8, u64, bool, u32);
/// (deals, games, deals per game, winner) of a match.
type MatchTuple = (u32, u32, Vec<u32>, u8);
/// A match's row and the rows of its deals.
type MatchRowTuple = (MatchTuple, Vec<DealRowTuple>);
/// Per metric (by its key), how many deals gave each value.
type Counts = HashMap<&'static str, HashMap<i64, u64>>;

fn row_tuple(r: &DealRow) -> DealRowTuple {
    let mode = r.mode.map_or("thrown-in", Mode::name);
    (
        r.team_a,
        r.team_b,
        r.tied,
        r.dealer_won,
        r.sweep,
        mode,
        r.calls,
        r.factor,
        r.capped,
        r.dealer_card_points,
    )
}

fn counts(tally: &MetricTally) -> Counts {
    DEAL_METRICS
        .iter()
        .zip(&tally.0)
        .map(|(&key, h)| (key, h.counts().into_iter().collect()))
        .collect()
}

/// A bot spec the core refuses, as the package's BotOptionError with its coded message.
fn refused_spec(coded: Coded) -> PyErr {
    Python::attach(|py| coded_package_error(py, "BotOptionError", &coded))
}

/// The bots of `bots` at the table of `rules` (as `make_bots` reads it for its seats),
/// heuristic seats (and the IS-MCTS bot's rollouts) playing with the settings of `heuristic`
/// (needed when a seat is either).
fn bot_spec(rules: &Rules, bots: &str, heuristic: Option<&CoreHeuristic>) -> PyResult<BotSpec> {
    let spec = BotSpec::parse_at(bots, rules.seats()).map_err(refused_spec)?;
    match heuristic {
        Some(h) => Ok(spec.with_heuristic(h.bot.clone())),
        None if spec.has(BotKind::Heuristic) => Err(PyValueError::new_err(
            "the heuristic bot plays with its settings: give heuristic=CoreHeuristic(...)",
        )),
        None if spec.has(BotKind::Ismcts) => Err(PyValueError::new_err(
            "the IS-MCTS bot's rollouts play with the heuristic's settings: give heuristic=CoreHeuristic(...)",
        )),
        None => Ok(spec),
    }
}

fn unfinished(index: u64) -> PyErr {
    PyRuntimeError::new_err(format!("deal {index} did not finish"))
}

/// The names of the bots the core plays (the rest play in Python).
#[pyfunction]
pub fn sim_bots() -> Vec<&'static str> {
    BotKind::ALL.map(BotKind::name).to_vec()
}

/// The deal metrics the tallies count, in order.
#[pyfunction]
pub fn sim_metrics() -> Vec<&'static str> {
    DEAL_METRICS.to_vec()
}

/// Deals `start..stop` of a deal-mode simulation under every ruleset of `rules` (the same
/// deals: duplicate play), tallied: per ruleset, each metric's counts of values; per ruleset
/// after the first, each metric's counts of paired differences from the first.
/// `heuristics`: the heuristic bot's settings under each ruleset (with a heuristic seat).
#[pyfunction]
#[pyo3(signature = (rules, master, start, stop, bots="random", heuristics=None))]
pub fn sim_deal_tally(
    py: Python<'_>,
    rules: Vec<PyRef<'_, CoreRules>>,
    master: u64,
    start: u64,
    stop: u64,
    bots: &str,
    heuristics: Option<Vec<PyRef<'_, CoreHeuristic>>>,
) -> PyResult<(Vec<Counts>, Vec<Counts>)> {
    if rules.is_empty() {
        return Err(PyValueError::new_err("give at least one ruleset"));
    }
    let specs: Vec<BotSpec> = match &heuristics {
        None => rules
            .iter()
            .map(|r| bot_spec(&r.rules, bots, None))
            .collect::<PyResult<_>>()?,
        Some(h) if h.len() == rules.len() => rules
            .iter()
            .zip(h)
            .map(|(r, h)| bot_spec(&r.rules, bots, Some(h)))
            .collect::<PyResult<_>>()?,
        Some(h) => {
            return Err(PyValueError::new_err(format!(
                "one heuristic per ruleset ({} rulesets, {} heuristics)",
                rules.len(),
                h.len()
            )))
        }
    };
    let rules: Vec<Arc<Rules>> = rules.iter().map(|r| r.rules.clone()).collect();
    let tally = py.detach(|| {
        guard(|| {
            let plays: Vec<(&Rules, &BotSpec)> =
                rules.iter().map(|r| r.as_ref()).zip(&specs).collect();
            sim::tally_deals(&plays, master, start, stop).map_err(unfinished)
        })
    })?;
    Ok((
        tally.values.iter().map(counts).collect(),
        tally.diffs.iter().map(counts).collect(),
    ))
}

/// Deals `start..stop` of a deal-mode simulation (master seed taken modulo 2**64), the GIL
/// released: the same rows as the Python runner's.
#[pyfunction]
#[pyo3(signature = (rules, master, start, stop, bots="random", heuristic=None))]
pub fn sim_deal_rows(
    py: Python<'_>,
    rules: &CoreRules,
    master: u64,
    start: u64,
    stop: u64,
    bots: &str,
    heuristic: Option<PyRef<'_, CoreHeuristic>>,
) -> PyResult<Vec<DealRowTuple>> {
    let spec = bot_spec(&rules.rules, bots, heuristic.as_deref())?;
    let r = rules.rules.clone();
    py.detach(|| {
        guard(|| {
            (start..stop)
                .map(|i| {
                    sim::sim_deal(&r, master, i, &spec)
                        .map(|row| row_tuple(&row))
                        .ok_or_else(|| unfinished(i))
                })
                .collect()
        })
    })
}

fn matches(
    py: Python<'_>,
    rules: &CoreRules,
    (master, start, stop): (u64, u64, u64),
    spec: BotSpec,
    first_dealer: Option<u8>,
    max_deals: u32,
    mut keep: impl FnMut(DealRow) + Send,
) -> PyResult<Vec<MatchTuple>> {
    let r = rules.rules.clone();
    if let Some(d) = first_dealer {
        check_seat(&r, d, "first dealer")?;
    }
    let outcome = py.detach(|| {
        guard(|| {
            Ok((start..stop)
                .map(|i| {
                    sim::sim_match(&r, master, i, first_dealer, max_deals, &spec, &mut keep)
                        .map(|m| (m.deals, m.games, m.lengths, m.winner))
                })
                .collect::<Option<Vec<MatchTuple>>>())
        })
    })?;
    outcome.ok_or_else(|| {
        package_error(
            py,
            "ManilleError",
            format!("no winner after {max_deals} deals"),
        )
    })
}

/// Matches `start..stop` of a match-mode simulation, the GIL released: each match's row
/// and the tally of the deal metrics over their deals; `first_dealer` None: drawn as
/// Python's `Match` draws it; `heuristic`: the heuristic bot's settings (with a heuristic
/// seat).
#[pyfunction]
#[pyo3(signature = (rules, master, start, stop, bots="random", first_dealer=None, max_deals=10_000, heuristic=None))]
#[allow(clippy::too_many_arguments)]
pub fn sim_match_tally(
    py: Python<'_>,
    rules: &CoreRules,
    master: u64,
    start: u64,
    stop: u64,
    bots: &str,
    first_dealer: Option<u8>,
    max_deals: u32,
    heuristic: Option<PyRef<'_, CoreHeuristic>>,
) -> PyResult<(Vec<MatchTuple>, Counts)> {
    let mut tally = MetricTally::default();
    let rows = matches(
        py,
        rules,
        (master, start, stop),
        bot_spec(&rules.rules, bots, heuristic.as_deref())?,
        first_dealer,
        max_deals,
        |row| tally.add(&row.metrics()),
    )?;
    Ok((rows, counts(&tally)))
}

/// Matches `start..stop` of a match-mode simulation, the GIL released: each match's row
/// and the rows of its deals (as the Python runner's).
#[pyfunction]
#[pyo3(signature = (rules, master, start, stop, bots="random", first_dealer=None, max_deals=10_000, heuristic=None))]
#[allow(clippy::too_many_arguments)]
pub fn sim_match_rows(
    py: Python<'_>,
    rules: &CoreRules,
    master: u64,
    start: u64,
    stop: u64,
    bots: &str,
    first_dealer: Option<u8>,
    max_deals: u32,
    heuristic: Option<PyRef<'_, CoreHeuristic>>,
) -> PyResult<Vec<MatchRowTuple>> {
    let mut deals: Vec<DealRowTuple> = Vec::new();
    let mut per_match = Vec::new();
    let rows = matches(
        py,
        rules,
        (master, start, stop),
        bot_spec(&rules.rules, bots, heuristic.as_deref())?,
        first_dealer,
        max_deals,
        |row| deals.push(row_tuple(&row)),
    )?;
    // Split the deals' rows by match (each match row counts its deals).
    let mut rest = deals.into_iter();
    for m in rows {
        let mine: Vec<DealRowTuple> = rest.by_ref().take(m.0 as usize).collect();
        per_match.push((m, mine));
    }
    Ok(per_match)
}

/// Duplicate deal pairs `start..stop` of a duel between the bots `a` and `b` (specs as
/// `make_bots` reads them, one per team) under `rules`, on `threads` threads with the GIL
/// released: per pair, `a`'s net match points over both tables and whether both dealers made
/// the same trump choice (see `sim::duel_pair`).  `heuristic`: the heuristic bot's settings
/// (its decision table), for heuristic and search seats; `heuristic_b`: other settings for
/// `b`'s seats (e.g. the old table against the learned model).
#[pyfunction]
#[pyo3(signature = (rules, a, b, master, start, stop, heuristic=None, threads=1, heuristic_b=None))]
#[allow(clippy::too_many_arguments)]
pub fn sim_duel(
    py: Python<'_>,
    rules: &CoreRules,
    a: &str,
    b: &str,
    master: u64,
    start: u64,
    stop: u64,
    heuristic: Option<PyRef<'_, CoreHeuristic>>,
    threads: usize,
    heuristic_b: Option<PyRef<'_, CoreHeuristic>>,
) -> PyResult<Vec<(i64, bool)>> {
    let spec = |text: &str, h: Option<&CoreHeuristic>| -> PyResult<BotSpec> {
        let s = BotSpec::parse(text).map_err(refused_spec)?;
        Ok(match h {
            Some(h) => s.with_heuristic(h.bot.clone()),
            None => s,
        })
    };
    let sa = spec(a, heuristic.as_deref())?;
    let sb = spec(b, heuristic_b.as_deref().or(heuristic.as_deref()))?;
    let r = rules.rules.clone();
    let threads = threads.clamp(1, 64) as u64;
    py.detach(|| {
        guard(|| {
            let indices: Vec<u64> = (start..stop).collect();
            let chunk = indices.len().div_ceil(threads as usize).max(1);
            let parts: Vec<Result<Vec<(i64, bool)>, PyErr>> = std::thread::scope(|scope| {
                let handles: Vec<_> = indices
                    .chunks(chunk)
                    .map(|part| {
                        let (r, sa, sb) = (&r, &sa, &sb);
                        scope.spawn(move || {
                            part.iter()
                                .map(|&i| {
                                    sim::duel_pair(r, master, i, sa, sb)
                                        .ok_or_else(|| unfinished(i))
                                })
                                .collect::<Result<Vec<_>, _>>()
                        })
                    })
                    .collect();
                handles
                    .into_iter()
                    .map(|h| {
                        h.join().unwrap_or_else(|_| {
                            Err(PyRuntimeError::new_err("a duel thread panicked"))
                        })
                    })
                    .collect()
            });
            let mut out = Vec::with_capacity(indices.len());
            for p in parts {
                out.extend(p?);
            }
            Ok(out)
        })
    })
}
