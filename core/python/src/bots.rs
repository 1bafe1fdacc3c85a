//! The heuristic bot: its choice for a seat's view handed over as plain data, its hand
//! estimate, and its settings for the simulations of `super::sim`.

use std::sync::Arc;

use manille_engine::cards::{DECK, NONE};
use manille_engine::deal::Phase;
use manille_engine::heuristic::{
    self, DecisionModel, DecisionTable, HeuristicBot, LinearModel, SeatView, Thresholds, CLASSES,
    FEATURES, ROLES,
};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use super::{check_seat, guard, CoreRules};

/// (no_trump, delegate, call, reply, blind_deficit, blind_danger)
type ThresholdTuple = (f64, f64, f64, f64, f64, f64);
/// (half, trump rows, no-trump rows, spreads), a row per class: (mean total, deals); the
/// spreads (trump, no-trump) if the table has them
type TableTuple = (f64, Vec<(f64, u64)>, Vec<(f64, u64)>, Option<(f64, f64)>);
/// (weights, spread) of one linear model
type ModelTuple = (Vec<f64>, f64);
/// (half, models, call margin, reply margin): the models per role 0-3 in four runs (naming a
/// trump, naming no-trump, a trump named, no-trump named)
type DecisionTuple = (f64, Vec<ModelTuple>, f64, f64);

fn linear(model: &ModelTuple) -> PyResult<LinearModel> {
    let weights: [f64; FEATURES] = model
        .0
        .as_slice()
        .try_into()
        .map_err(|_| PyValueError::new_err(format!("a linear model has {FEATURES} weights")))?;
    Ok(LinearModel {
        weights,
        sd: model.1,
    })
}

fn decision_model(model: DecisionTuple) -> PyResult<DecisionModel> {
    let (half, models, call_margin, reply_margin) = model;
    if models.len() != 4 * ROLES {
        return Err(PyValueError::new_err(format!(
            "a decision model has {} linear models",
            4 * ROLES
        )));
    }
    let run = |k: usize| -> PyResult<Vec<LinearModel>> {
        models[k * ROLES..(k + 1) * ROLES]
            .iter()
            .map(linear)
            .collect()
    };
    Ok(DecisionModel {
        half,
        trump: run(0)?,
        no_trump: run(1)?,
        call_trump: run(2)?,
        call_no_trump: run(3)?,
        call_margin,
        reply_margin,
    })
}

/// The heuristic bot's settings: its thresholds and the ruleset's decision table, if any.
#[pyclass(frozen, module = "manille_variants._core")]
pub(crate) struct CoreHeuristic {
    pub(crate) bot: HeuristicBot,
}

fn parse_phase(phase: &str) -> PyResult<Phase> {
    Ok(match phase {
        "blind" => Phase::Blind,
        "trump" => Phase::Trump,
        "calls" => Phase::Calls,
        "play" => Phase::Play,
        _ => {
            return Err(PyValueError::new_err(format!(
                "no bot acts in phase {phase:?}"
            )))
        }
    })
}

fn card(code: u8, what: &str) -> PyResult<u8> {
    if (code as usize) < DECK {
        Ok(code)
    } else {
        Err(PyValueError::new_err(format!(
            "{what}: not a card (got {code})"
        )))
    }
}

#[pymethods]
impl CoreHeuristic {
    #[new]
    #[pyo3(signature = (thresholds, table=None, model=None))]
    fn new(
        thresholds: ThresholdTuple,
        table: Option<TableTuple>,
        model: Option<DecisionTuple>,
    ) -> PyResult<Self> {
        let (no_trump, delegate, call, reply, blind_deficit, blind_danger) = thresholds;
        let table = match table {
            None => None,
            Some((half, trump, no_trump, spread)) => {
                if trump.len() != CLASSES || no_trump.len() != CLASSES {
                    return Err(PyValueError::new_err(format!(
                        "a decision table has {CLASSES} classes per choice"
                    )));
                }
                Some(Arc::new(DecisionTable {
                    half,
                    trump,
                    no_trump,
                    spread,
                }))
            }
        };
        let thresholds = Thresholds {
            no_trump,
            delegate,
            call,
            reply,
            blind_deficit,
            blind_danger,
        };
        let model = model.map(decision_model).transpose()?.map(Arc::new);
        Ok(CoreHeuristic {
            bot: HeuristicBot::new(thresholds, table).with_model(model),
        })
    }

    /// The chosen action code for a seat's view: `history` the cards played in order
    /// (completed tricks, then the trick in progress), `leaders` the leader of each trick
    /// begun, `legal` the legal action codes, `out` the cards the seat knows are in no hand
    /// (the undealt cards when they are shown).
    #[allow(clippy::too_many_arguments)]
    #[pyo3(signature = (rules, phase, seat, dealer, hand, trump, turned, history, leaders, scores, pending_ties, legal, out=0))]
    fn act(
        &self,
        rules: &CoreRules,
        phase: &str,
        seat: u8,
        dealer: u8,
        hand: u32,
        trump: Option<u8>,
        turned: Option<u8>,
        history: Vec<u8>,
        leaders: Vec<u8>,
        scores: (i64, i64),
        pending_ties: u32,
        legal: Vec<u8>,
        out: u32,
    ) -> PyResult<u8> {
        let r = &rules.rules;
        check_seat(r, seat, "seat")?;
        check_seat(r, dealer, "dealer")?;
        let phase = parse_phase(phase)?;
        if trump.is_some_and(|t| t > 3) {
            return Err(PyValueError::new_err("trump: not a suit"));
        }
        let turned = turned.map(|c| card(c, "turned")).transpose()?;
        let seats = r.seats() as usize;
        if history.len() > DECK || leaders.len() != history.len().div_ceil(seats) {
            return Err(PyValueError::new_err(
                "one leader per trick begun, 32 cards at most",
            ));
        }
        let mut view = SeatView {
            seat,
            dealer,
            phase,
            hand,
            trump,
            turned,
            history: [0; DECK],
            played: history.len() as u8,
            leaders: [NONE; DECK],
            scores: [scores.0, scores.1],
            pending_ties,
            legal: 0,
            out,
        };
        for (slot, &c) in view.history.iter_mut().zip(&history) {
            *slot = card(c, "played")?;
        }
        for (slot, &s) in view.leaders.iter_mut().zip(&leaders) {
            check_seat(r, s, "leader")?;
            *slot = s;
        }
        for &code in &legal {
            let bit = 1u64.checked_shl(code as u32).unwrap_or(0);
            if bit == 0 || (phase == Phase::Play && code as usize >= DECK) {
                return Err(PyValueError::new_err(format!("not an action code: {code}")));
            }
            view.legal |= bit;
        }
        guard(|| Ok(self.bot.choose(r, &view).0))
    }
}

/// Rough number of tricks a hand (a card mask) takes by itself with `trump` (None: no-trump).
#[pyfunction]
#[pyo3(signature = (rules, hand, trump=None))]
pub(crate) fn hand_tricks(rules: &CoreRules, hand: u32, trump: Option<u8>) -> PyResult<f64> {
    if trump.is_some_and(|t| t > 3) {
        return Err(PyValueError::new_err("trump: not a suit"));
    }
    Ok(heuristic::hand_tricks(&rules.rules, hand, trump))
}

/// The features the learned model reads of a hand (a card mask) for a candidate `trump`
/// (None: no-trump).
#[pyfunction]
#[pyo3(signature = (rules, hand, trump=None))]
pub(crate) fn decision_features(
    rules: &CoreRules,
    hand: u32,
    trump: Option<u8>,
) -> PyResult<Vec<f64>> {
    if trump.is_some_and(|t| t > 3) {
        return Err(PyValueError::new_err("trump: not a suit"));
    }
    Ok(heuristic::decision_features(&rules.rules, hand, trump).to_vec())
}

/// The ridge fit of `targets` on `rows` of decision features (penalty `penalty`, the intercept
/// unpenalised): (weights, spread of the residuals).
#[pyfunction]
pub(crate) fn ridge_fit(
    rows: Vec<Vec<f64>>,
    targets: Vec<f64>,
    penalty: f64,
) -> PyResult<(Vec<f64>, f64)> {
    if rows.len() != targets.len() {
        return Err(PyValueError::new_err("one target per row"));
    }
    let rows = rows
        .iter()
        .map(|r| {
            <[f64; FEATURES]>::try_from(r.as_slice())
                .map_err(|_| PyValueError::new_err(format!("a row has {FEATURES} features")))
        })
        .collect::<PyResult<Vec<_>>>()?;
    let model = heuristic::ridge_fit(&rows, &targets, penalty);
    Ok((model.weights.to_vec(), model.sd))
}
