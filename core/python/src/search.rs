//! The solver and the search (PIMC) of `manille_engine`, for `manille_variants.search`.

use manille_engine::heuristic::HeuristicBot;
use manille_engine::ismcts;
use manille_engine::sample::{Knowledge, NoWorld};
use manille_engine::search::{self, with_solver, Budget, Estimate, Settings};
use manille_engine::Action;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::bots::CoreHeuristic;
use super::{coded_package_error, guard, CoreDeal, CoreRules};

/// Team A's double-dummy total from a play-phase deal, and each legal card's value.
#[pyfunction]
pub fn solve(py: Python<'_>, deal: &CoreDeal) -> PyResult<(u32, Vec<(u8, u32)>)> {
    let rules = deal.rules.clone();
    let state = deal.deal;
    py.detach(|| {
        guard(|| {
            let value = with_solver(|s| s.value(&rules, &state)).ok_or_else(|| {
                PyValueError::new_err(format!(
                    "only a deal in the play phase can be solved (this one is in the {} phase)",
                    state.phase.name()
                ))
            })?;
            Ok((value, with_solver(|s| s.moves(&rules, &state))))
        })
    })
}

/// Team A's double-dummy total from a play-phase deal (the value alone).
#[pyfunction]
pub fn solve_value(py: Python<'_>, deal: &CoreDeal) -> PyResult<u32> {
    let rules = deal.rules.clone();
    let state = deal.deal;
    py.detach(|| {
        guard(|| {
            with_solver(|s| s.value(&rules, &state))
                .ok_or_else(|| PyValueError::new_err("only a deal in the play phase can be solved"))
        })
    })
}

/// (action code, mean, standard deviation, worlds) for each option.
type Estimates = Vec<(u8, f64, f64, u32)>;

#[allow(clippy::too_many_arguments)]
fn knowledge(
    rules: &CoreRules,
    seat: u8,
    dealer: u8,
    own: u32,
    decisions: Vec<u8>,
    played: Vec<u8>,
    turned: Option<u8>,
    pending_ties: u32,
    scores: (i64, i64),
) -> PyResult<Knowledge> {
    let seats = rules.rules.data.seats;
    if seat >= seats
        || dealer >= seats
        || played.iter().any(|&c| c > 31)
        || turned.is_some_and(|c| c > 31)
    {
        return Err(PyValueError::new_err("seats are 0-3 and cards 0-31"));
    }
    Ok(Knowledge {
        seat,
        dealer,
        own,
        decisions: decisions.into_iter().map(Action).collect(),
        played,
        turned,
        pending_ties,
        scores: [scores.0, scores.1],
    })
}

fn estimates(result: Result<Vec<Estimate>, NoWorld>) -> Result<Estimates, NoWorld> {
    result.map(|v| v.iter().map(|e| (e.action.0, e.mean, e.sd, e.n)).collect())
}

/// The search's refusal, carried out of the GIL-free section, as the package's SearchError
/// with its coded message.
fn refused<T>(py: Python<'_>, result: PyResult<Result<T, NoWorld>>) -> PyResult<T> {
    result?.map_err(|e| coded_package_error(py, "SearchError", &e.0))
}

/// Each legal card's net match points for the seat, over `samples` sampled worlds; with
/// `max_samples`, more worlds (up to that many) while no card leads by `z` standard errors.
#[pyfunction]
#[pyo3(signature = (rules, seat, dealer, own, decisions, played, turned=None, pending_ties=0, scores=(0, 0), samples=16, seed=0, max_samples=None, z=2.0))]
#[allow(clippy::too_many_arguments)]
pub fn search_cards(
    py: Python<'_>,
    rules: &CoreRules,
    seat: u8,
    dealer: u8,
    own: u32,
    decisions: Vec<u8>,
    played: Vec<u8>,
    turned: Option<u8>,
    pending_ties: u32,
    scores: (i64, i64),
    samples: u32,
    seed: u64,
    max_samples: Option<u32>,
    z: f64,
) -> PyResult<Estimates> {
    let know = knowledge(
        rules,
        seat,
        dealer,
        own,
        decisions,
        played,
        turned,
        pending_ties,
        scores,
    )?;
    let r = rules.rules.clone();
    let max = max_samples.unwrap_or(samples);
    let found = py.detach(|| {
        guard(|| {
            Ok(estimates(search::cards_until(
                &r, &know, samples, max, seed, z,
            )))
        })
    });
    refused(py, found)
}

/// Each decision's net match points for the seat before the first card (or those of `only`),
/// over `samples` sampled worlds, and the option taken.  With `stop_after`, sampling stops
/// after that many worlds once the leading option beats every other by `z` standard errors of
/// the paired difference, each world solved within `tolerance` points.  With a `default`
/// option, the search departs from it only for an option that beats it by `z` standard errors
/// (see `search::decide_from`); without, the best mean is taken.
#[pyfunction]
#[pyo3(signature = (rules, seat, dealer, own, decisions, turned=None, pending_ties=0, scores=(0, 0), samples=16, seed=0, only=None, stop_after=None, z=2.0, tolerance=0, default=None))]
#[allow(clippy::too_many_arguments)]
pub fn search_decisions(
    py: Python<'_>,
    rules: &CoreRules,
    seat: u8,
    dealer: u8,
    own: u32,
    decisions: Vec<u8>,
    turned: Option<u8>,
    pending_ties: u32,
    scores: (i64, i64),
    samples: u32,
    seed: u64,
    only: Option<Vec<u8>>,
    stop_after: Option<u32>,
    z: f64,
    tolerance: u32,
    default: Option<u8>,
) -> PyResult<(u8, Estimates)> {
    let know = knowledge(
        rules,
        seat,
        dealer,
        own,
        decisions,
        Vec::new(),
        turned,
        pending_ties,
        scores,
    )?;
    let r = rules.rules.clone();
    let only: Option<Vec<Action>> = only.map(|o| o.into_iter().map(Action).collect());
    let stop = stop_after.map(|min| search::Stop { min, z, tolerance });
    let found = py.detach(|| {
        guard(|| {
            let decision = search::decide_from(
                &r,
                &know,
                samples,
                seed,
                only.as_deref(),
                stop,
                default.map(Action),
            );
            let chosen = decision.as_ref().map_or(0, |d| d.chosen.0);
            Ok(estimates(decision.map(|d| d.estimates)).map(|rows| (chosen, rows)))
        })
    });
    refused(py, found)
}

/// The search bot's decision for the seat to act (a card or a decision before play) within a
/// budget of `worlds` per decision (deterministic) or `think_ms` milliseconds (anytime; not
/// both): the action taken and each option's (code, mean, sd, worlds).
#[pyfunction]
#[pyo3(signature = (rules, seat, dealer, own, decisions, played, turned=None, pending_ties=0, scores=(0, 0), seed=0, worlds=None, think_ms=None, z=2.0, inference=true, model=None, loss=None, tolerance=None, call_tolerance=None, card_loss=None))]
#[allow(clippy::too_many_arguments)]
pub fn search_choose(
    py: Python<'_>,
    rules: &CoreRules,
    seat: u8,
    dealer: u8,
    own: u32,
    decisions: Vec<u8>,
    played: Vec<u8>,
    turned: Option<u8>,
    pending_ties: u32,
    scores: (i64, i64),
    seed: u64,
    worlds: Option<u32>,
    think_ms: Option<f64>,
    z: f64,
    inference: bool,
    model: Option<PyRef<'_, CoreHeuristic>>,
    loss: Option<f64>,
    tolerance: Option<u32>,
    call_tolerance: Option<u32>,
    card_loss: Option<f64>,
) -> PyResult<(u8, Estimates)> {
    let budget = match (worlds, think_ms) {
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "give a budget of worlds or of think_ms, not both",
            ))
        }
        (Some(n), None) if n > 0 => Budget::Worlds(n),
        (None, Some(ms)) if ms > 0.0 && ms.is_finite() => Budget::Millis(ms),
        (None, None) => Budget::Worlds(search::DEFAULT_WORLDS),
        (Some(n), _) => {
            return Err(PyValueError::new_err(format!(
                "worlds must be a positive whole number (got {n})"
            )))
        }
        (_, Some(ms)) => {
            return Err(PyValueError::new_err(format!(
                "think_ms must be a positive number (got {ms})"
            )))
        }
    };
    if !(z > 0.0 && z.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "z must be a positive number (got {z})"
        )));
    }
    let know = knowledge(
        rules,
        seat,
        dealer,
        own,
        decisions,
        played,
        turned,
        pending_ties,
        scores,
    )?;
    let loss = loss.unwrap_or(Settings::default().loss);
    let card_loss = card_loss.unwrap_or(Settings::default().card_loss);
    if !(loss >= 0.0 && loss.is_finite() && card_loss >= 0.0 && card_loss.is_finite()) {
        return Err(PyValueError::new_err(format!(
            "loss and card_loss must be numbers of match points, 0 or more (got {loss}, {card_loss})"
        )));
    }
    let default = Settings::default();
    let settings = Settings {
        budget,
        z,
        inference,
        loss,
        card_loss,
        tolerance: tolerance.unwrap_or(default.tolerance),
        call_tolerance: call_tolerance.unwrap_or(default.call_tolerance),
        ..default
    };
    let r = rules.rules.clone();
    let model = model.map_or_else(HeuristicBot::default, |m| m.bot.clone());
    let found = py.detach(|| {
        guard(|| {
            let decision = search::choose(&r, &know, &settings, seed, &model);
            let chosen = decision.as_ref().map_or(0, |d| d.chosen.0);
            Ok(estimates(decision.map(|d| d.estimates)).map(|rows| (chosen, rows)))
        })
    });
    refused(py, found)
}

/// (action code, visits, mean net match points) of each action tried at the root.
type Children = Vec<(u8, u32, f64)>;

/// The IS-MCTS search's choice for the seat to act (see `manille_engine::ismcts`): the action
/// code taken (most visits), each root action's (code, visits, mean net match points for the
/// seat's side) and the iterations run.  The budget is `iterations` (deterministic) or
/// `think_ms` wall-clock milliseconds, exactly one of them; rollouts are played by the
/// heuristic with the settings of `heuristic` (default settings without), or at random
/// (`rollout="random"`).
#[pyfunction]
#[pyo3(signature = (rules, seat, dealer, own, decisions, played, turned=None, pending_ties=0, scores=(0, 0), seed=0, iterations=None, think_ms=None, heuristic=None, exploration=ismcts::DEFAULT_EXPLORATION, rollout="heuristic"))]
#[allow(clippy::too_many_arguments)]
pub fn ismcts_choose(
    py: Python<'_>,
    rules: &CoreRules,
    seat: u8,
    dealer: u8,
    own: u32,
    decisions: Vec<u8>,
    played: Vec<u8>,
    turned: Option<u8>,
    pending_ties: u32,
    scores: (i64, i64),
    seed: u64,
    iterations: Option<u32>,
    think_ms: Option<f64>,
    heuristic: Option<PyRef<'_, CoreHeuristic>>,
    exploration: f64,
    rollout: &str,
) -> PyResult<(u8, Children, u32)> {
    let budget = match (iterations, think_ms) {
        (Some(n), None) if n > 0 => ismcts::Budget::Iterations(n),
        (None, Some(ms)) if ms.is_finite() && ms >= 1.0 => ismcts::Budget::Millis(ms as u64),
        (None, None) => ismcts::Budget::Iterations(ismcts::DEFAULT_ITERATIONS),
        (Some(_), Some(_)) => {
            return Err(PyValueError::new_err(
                "give the search a budget of iterations or of think_ms, not both",
            ))
        }
        (Some(n), None) => {
            return Err(PyValueError::new_err(format!(
                "iterations must be a positive number (got {n})"
            )))
        }
        (None, Some(ms)) => {
            return Err(PyValueError::new_err(format!(
                "think_ms must be at least 1 millisecond (got {ms})"
            )))
        }
    };
    if !(exploration.is_finite() && exploration >= 0.0) {
        return Err(PyValueError::new_err(format!(
            "exploration must be a number at least 0 (got {exploration})"
        )));
    }
    let rollout = match rollout {
        "heuristic" => ismcts::Rollout::Heuristic,
        "random" => ismcts::Rollout::Random,
        other => {
            return Err(PyValueError::new_err(format!(
                "rollout is \"heuristic\" or \"random\" (got {other:?})"
            )))
        }
    };
    let know = knowledge(
        rules,
        seat,
        dealer,
        own,
        decisions,
        played,
        turned,
        pending_ties,
        scores,
    )?;
    let settings = ismcts::Settings {
        budget,
        exploration,
        rollout,
        ..ismcts::Settings::default()
    };
    let bot = heuristic.map_or_else(HeuristicBot::default, |h| h.bot.clone());
    let r = rules.rules.clone();
    let found = py.detach(|| {
        guard(|| {
            Ok(ismcts::search(&r, &know, &settings, seed, &bot).map(|out| {
                let children = out.children.iter().map(|c| (c.0 .0, c.1, c.2)).collect();
                (out.action.0, children, out.iterations)
            }))
        })
    });
    refused(py, found)
}
