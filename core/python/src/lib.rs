//! `manille_variants._core`: the Python binding of the `manille-engine` crate.
//!
//! Private to the package: `manille_variants` owns the API and its documentation.  Rules
//! arrive as the plain-data dict of `manille_variants.engine.crossing.rules_input`; actions are
//! the engine's one-byte codes (0-31 cards, see `manille_engine::action`).

mod bots;
mod crossing;
mod state;

use std::panic::{catch_unwind, AssertUnwindSafe};
use std::sync::Arc;

use manille_engine::cards::{CardSet, MAX_SEATS};
use manille_engine::deal::{Deal, IllegalAction, Phase};
use manille_engine::legality::{legal, trick_winner, TrickView};
use manille_engine::matchplay::{deal_seed as mix_seed, Match, Outcome};
use manille_engine::rng::Rng;
use manille_engine::rules::{Mode, Rules, TrumpSource, TurnedBonus};
use manille_engine::scoring::{self, Coded, DealResult, Param};
use manille_engine::sim as engine_sim;
use manille_engine::Action;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

use state::CoreDeal;

mod search;
mod sim;

/// Run `f`, turning a panic into a RuntimeError instead of an uncatchable PanicException.
pub(crate) fn guard<T>(f: impl FnOnce() -> PyResult<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(result) => result,
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            Err(PyRuntimeError::new_err(format!(
                "internal error in the compiled core: {what}"
            )))
        }
    }
}

pub(crate) fn package_error(py: Python<'_>, class: &str, message: String) -> PyErr {
    let made = py
        .import("manille_variants.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|cls| cls.call1((message.clone(),)));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(_) => PyValueError::new_err(message),
    }
}

/// The package's error `class` raised with `message`, a Python object (a coded message).
pub(crate) fn package_error_with(py: Python<'_>, class: &str, message: &Bound<'_, PyAny>) -> PyErr {
    let made = py
        .import("manille_variants.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|cls| cls.call1((message,)));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(err) => err,
    }
}

// ---------------------------------------------------------------------- rules
/// The compiled `Rules` object, the four suits and the helper module.
type PythonSide = (Py<PyAny>, Vec<Py<PyAny>>, Py<PyAny>);

/// A ruleset compiled for the core, built from the declared [`crossing::RulesInput`].
#[pyclass(frozen, module = "manille_variants._core")]
pub(crate) struct CoreRules {
    rules: Arc<Rules>,
    /// The package's objects (actions, rules, suits, helpers), if given.
    shared: Option<Arc<state::PyShared>>,
}

#[pymethods]
impl CoreRules {
    /// `objects`: the Python object of each action code (cards, decisions, then the calls);
    /// `python`: the compiled `Rules`, the four suits and the callback module, for `CoreDeal`.
    #[new]
    #[pyo3(signature = (data, objects=None, python=None))]
    fn new(
        py: Python<'_>,
        data: crossing::RulesInput,
        objects: Option<Vec<Py<PyAny>>>,
        python: Option<PythonSide>,
    ) -> PyResult<Self> {
        let data = data.data()?;
        let rules = Rules::new(data).map_err(|e| coded_package_error(py, "RulesetError", &e.0))?;
        let shared = match objects {
            None => None,
            Some(by_code) => {
                if by_code.len() != Action::FIRST_CALL as usize + rules.data.calls.len() {
                    return Err(PyValueError::new_err(
                        "one object per action code (cards, decisions, calls)",
                    ));
                }
                let codes = PyDict::new(py);
                for (code, obj) in by_code.iter().enumerate() {
                    codes.set_item(obj.bind(py), code)?;
                }
                let (rules_obj, suits, helpers) = match python {
                    Some(p) => p,
                    None => (py.None(), Vec::new(), py.None()),
                };
                Some(Arc::new(state::PyShared {
                    by_code,
                    codes: codes.unbind(),
                    rules: rules_obj,
                    suits,
                    helpers,
                }))
            }
        };
        Ok(CoreRules {
            rules: Arc::new(rules),
            shared,
        })
    }

    #[getter]
    fn seats(&self) -> u8 {
        self.rules.data.seats
    }

    #[getter]
    fn hand_size(&self) -> u8 {
        self.rules.data.hand_size
    }

    /// The record text of an action code.
    fn action_text(&self, code: u8) -> String {
        let names: Vec<String> = self
            .rules
            .data
            .calls
            .iter()
            .map(|c| c.name.clone())
            .collect();
        Action(code).text(&names)
    }
}

// ---------------------------------------------------------------------- results
/// `DealScore.to_dict()` of a result, plus `turned_bonus` (0 when no card was turned);
/// `turned`, the turned card, adds the keys of a deal with a turned card (`turned`,
/// `turned_side`).
pub(crate) fn result_dict<'py>(
    py: Python<'py>,
    rules: &Rules,
    r: &DealResult,
    turned: Option<u8>,
) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("team_a", r.team_a)?;
    d.set_item("team_b", r.team_b)?;
    d.set_item("tied", r.tied)?;
    d.set_item("factor", r.factor)?;
    let factors = PyList::empty(py);
    for f in r.factors(rules) {
        let fd = PyDict::new(py);
        fd.set_item("name", f.name)?;
        fd.set_item("value", f.value)?;
        fd.set_item("code", f.reason.code)?;
        fd.set_item("params", coded_params(py, &f.reason)?)?;
        factors.append(fd)?;
    }
    d.set_item("factors", factors)?;
    d.set_item("card_points", r.card_points.to_vec())?;
    d.set_item("tricks", [r.tricks[0] as u32, r.tricks[1] as u32])?;
    d.set_item("totals", r.totals.to_vec())?;
    d.set_item("half", r.half)?;
    d.set_item("winner", r.winner.map(|w| if w == 0 { "A" } else { "B" }))?;
    d.set_item("excess", r.excess)?;
    d.set_item("uncapped_factor", r.uncapped_factor)?;
    d.set_item("mode", r.mode.map_or("thrown-in", Mode::name))?;
    d.set_item("calls", r.calls)?;
    d.set_item("pending_ties", r.pending_ties)?;
    d.set_item("thrown_in", r.thrown_in)?;
    let mut notes = r.notes(rules);
    let bonus_due = rules.data.trump_source == TrumpSource::Turned
        && rules.data.turned_bonus != TurnedBonus::None;
    if bonus_due && turned.is_none() && !r.thrown_in {
        notes.push(Coded {
            code: "note.turned-not-given",
            params: Vec::new(),
        });
    }
    let coded = PyList::empty(py);
    for note in &notes {
        let nd = PyDict::new(py);
        nd.set_item("code", note.code)?;
        nd.set_item("params", coded_params(py, note)?)?;
        coded.append(nd)?;
    }
    d.set_item("notes", coded)?;
    d.set_item("capped", r.factor < r.uncapped_factor)?;
    d.set_item("turned_bonus", r.turned_bonus)?;
    if let Some(card) = turned.filter(|_| !r.thrown_in) {
        d.set_item("turned", manille_engine::cards::name(card))?;
        d.set_item("turned_side", "A")?;
    }
    Ok(d)
}

/// The parameters of a coded sentence as a dict.
fn coded_params<'py>(py: Python<'py>, coded: &Coded) -> PyResult<Bound<'py, PyDict>> {
    let params = PyDict::new(py);
    for (key, value) in &coded.params {
        match value {
            Param::Int(n) => params.set_item(key, n)?,
            Param::Text(t) => params.set_item(key, t)?,
        }
    }
    Ok(params)
}

/// The package's error `class` carrying the coded message `code` with `params`
/// (`manille_variants.messages.msg(code, **params)`).
fn coded_error(py: Python<'_>, class: &str, code: &str, params: &Bound<'_, PyDict>) -> PyErr {
    let made = py
        .import("manille_variants.messages")
        .and_then(|m| m.getattr("msg"))
        .and_then(|f| f.call((code,), Some(params)));
    match made {
        Ok(message) => package_error_with(py, class, &message),
        Err(err) => err,
    }
}

/// The package's error `class` carrying the engine's coded sentence.
pub(crate) fn coded_package_error(py: Python<'_>, class: &str, coded: &Coded) -> PyErr {
    match coded_params(py, coded) {
        Ok(params) => coded_error(py, class, coded.code, &params),
        Err(err) => err,
    }
}

fn parse_mode(mode: &str) -> PyResult<Mode> {
    crossing::mode(mode)
}

/// The result of a deal from team A's figures (the engine's own scoring, no input checks
/// beyond what keeps it from failing).
#[pyfunction]
#[pyo3(signature = (rules, points, tricks, mode, calls, pending_ties, last_to_a, turned=None))]
#[allow(clippy::too_many_arguments)]
fn score_deal<'py>(
    py: Python<'py>,
    rules: &CoreRules,
    points: u32,
    tricks: u8,
    mode: &str,
    calls: u8,
    pending_ties: u32,
    last_to_a: bool,
    turned: Option<u8>,
) -> PyResult<Bound<'py, PyDict>> {
    guard(|| {
        let r = &rules.rules;
        if points > r.card_total
            || tricks > r.tricks()
            || calls as usize > r.data.calls.len()
            || turned.is_some_and(|c| c > 31)
        {
            return Err(PyValueError::new_err("deal figures out of range"));
        }
        let mode = parse_mode(mode)?;
        let figures = scoring::Figures {
            points,
            tricks,
            mode,
            calls,
            pending_ties,
            last_to_a,
            turned,
        };
        let result = scoring::score(r, &figures);
        result_dict(
            py,
            r,
            &result,
            turned.filter(|_| r.data.trump_source == TrumpSource::Turned),
        )
    })
}

// ---------------------------------------------------------------------- deals
pub(crate) fn check_seat(rules: &Rules, seat: u8, what: &str) -> PyResult<()> {
    if seat >= rules.data.seats {
        return Err(PyValueError::new_err(format!(
            "{what} must be a seat 0-{} (got {seat})",
            rules.data.seats - 1
        )));
    }
    Ok(())
}

/// The IllegalPlayError of `action` refused for `why`, as a coded message.
pub(crate) fn illegal_error(
    py: Python<'_>,
    rules: &Rules,
    deal: &Deal,
    action: Action,
    why: IllegalAction,
) -> PyErr {
    let names: Vec<String> = rules.data.calls.iter().map(|c| c.name.clone()).collect();
    let text = action.text(&names);
    let params = PyDict::new(py);
    let code = (|| -> PyResult<&'static str> {
        Ok(match why {
            IllegalAction::DealOver => "refused.deal-over",
            IllegalAction::NoThrowIn => "refused.core.no-throw-in",
            IllegalAction::ThrowInTooLate => "refused.throw-in-too-late",
            IllegalAction::NotInHand => {
                params.set_item("action", &text)?;
                params.set_item("seat", deal.to_play)?;
                "refused.core.not-in-hand"
            }
            IllegalAction::NotLegal => {
                params.set_item("action", &text)?;
                params.set_item("seat", deal.to_play)?;
                "refused.core.not-legal"
            }
            IllegalAction::NotPossible => {
                let options: Vec<String> = deal
                    .legal_action_list(rules)
                    .iter()
                    .map(|a| a.text(&names))
                    .collect();
                params.set_item("action", &text)?;
                params.set_item("phase", deal.phase.name())?;
                params.set_item("seat", deal.to_play)?;
                params.set_item("options", options.join(", "))?;
                "refused.not-possible"
            }
        })
    })();
    match code {
        Ok(code) => coded_error(py, "IllegalPlayError", code, &params),
        Err(err) => err,
    }
}

// ---------------------------------------------------------------------- matches
/// The running score of a match (team 0: seats 0 and 2; a score per player where the dealer
/// plays alone).
#[pyclass(module = "manille_variants._core")]
struct CoreMatch {
    rules: Arc<Rules>,
    shared: Option<Arc<state::PyShared>>,
    state: Match,
}

/// (index, game, dealer, team points, scores after, pending ties after, game winner); the
/// scores a tuple of the match's columns.
type OutcomeTuple = (u32, u32, u8, (i64, i64), Py<PyTuple>, u32, Option<u8>);

impl CoreMatch {
    /// The match's columns of `values` (two teams, or one a player) as a tuple.
    fn columns<T: Copy + for<'py> IntoPyObject<'py>>(
        &self,
        py: Python<'_>,
        values: &[T; MAX_SEATS],
    ) -> PyResult<Py<PyTuple>> {
        let n = Match::columns(&self.rules);
        Ok(PyTuple::new(py, values[..n].iter().copied())?.unbind())
    }

    fn outcome_tuple(&self, py: Python<'_>, o: &Outcome) -> PyResult<OutcomeTuple> {
        Ok((
            o.index,
            o.game,
            o.dealer,
            (o.team_points[0], o.team_points[1]),
            self.columns(py, &o.scores_after)?,
            o.pending_after,
            o.game_winner,
        ))
    }
}

#[pymethods]
impl CoreMatch {
    #[new]
    fn new(rules: &CoreRules, seed: u64, first_dealer: u8) -> PyResult<Self> {
        check_seat(&rules.rules, first_dealer, "first dealer")?;
        Ok(CoreMatch {
            rules: rules.rules.clone(),
            shared: rules.shared.clone(),
            state: Match::new(seed, first_dealer),
        })
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.state.dealer
    }
    #[getter]
    fn scores(&self, py: Python<'_>) -> PyResult<Py<PyTuple>> {
        self.columns(py, &self.state.scores)
    }
    #[getter]
    fn games(&self, py: Python<'_>) -> PyResult<Py<PyTuple>> {
        self.columns(py, &self.state.games)
    }
    #[getter]
    fn pending_ties(&self) -> u32 {
        self.state.pending_ties
    }
    #[getter]
    fn game(&self) -> u32 {
        self.state.game
    }
    #[getter]
    fn deals(&self) -> u32 {
        self.state.deals
    }
    #[getter]
    fn winner(&self) -> Option<u8> {
        self.state.winner
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.state.is_over()
    }
    fn next_seed(&self) -> u64 {
        self.state.next_seed()
    }
    /// The next deal of the match.
    fn new_deal(&self, py: Python<'_>) -> PyResult<CoreDeal> {
        if self.state.is_over() {
            return Err(PyValueError::new_err("the match is over"));
        }
        let s = &self.state;
        let seed = s.next_seed();
        let told = s.deal_scores(&self.rules);
        let deal = Deal::new(&self.rules, seed as i128, s.dealer, s.pending_ties, told);
        let seed = seed.into_pyobject(py)?.into_any().unbind();
        let scores = (told[0], told[1]).into_pyobject(py)?.into_any().unbind();
        Ok(CoreDeal::start(
            &self.rules,
            &self.shared,
            seed,
            scores,
            deal,
        ))
    }
    /// Record a finished deal; returns (index, game, dealer, team points, scores after,
    /// pending after, game winner).
    fn add(&mut self, py: Python<'_>, deal: &CoreDeal) -> PyResult<OutcomeTuple> {
        if self.state.is_over() {
            return Err(PyValueError::new_err("the match is over"));
        }
        let Some(result) = deal.deal.result(&self.rules) else {
            return Err(PyValueError::new_err("the deal is not over"));
        };
        let outcome = self
            .state
            .add(&self.rules, &result)
            .map_err(|over| PyValueError::new_err(over.to_string()))?;
        self.outcome_tuple(py, &outcome)
    }
}

// ---------------------------------------------------------------------- functions
/// The seeded shuffle: the card indices, top first, and the cut (1-31).
#[pyfunction]
fn shuffle(seed: i128) -> (Vec<u8>, u8) {
    let (order, cut) = manille_engine::shuffle::shuffle(seed);
    (order.to_vec(), cut)
}

/// The seed of deal `index` of a match (`match_seed` taken modulo 2**64).
#[pyfunction]
fn deal_seed(match_seed: u64, index: i64) -> u64 {
    mix_seed(match_seed, index)
}

/// The legal cards of `hand` (a mask) on `trick` (card codes in play order, the player to
/// act next); `trump` a suit 0-3 or None.
#[pyfunction]
#[pyo3(signature = (rules, hand, trick, trump=None))]
fn legal_mask(rules: &CoreRules, hand: u32, trick: Vec<u8>, trump: Option<u8>) -> PyResult<u32> {
    let r = &rules.rules;
    if trick.len() >= r.data.seats as usize
        || trick.iter().any(|&c| c > 31)
        || trump.is_some_and(|t| t > 3)
    {
        return Err(PyValueError::new_err(
            "a trick in progress holds at most seats - 1 cards 0-31; trump is 0-3",
        ));
    }
    let view = trick.first().map(|&first| {
        let win = trick_winner(r, &trick, trump);
        TrickView {
            led: first >> 3,
            winning: trick[win],
            partner_wins: trick.len() - win == 2,
        }
    });
    Ok(legal(r, hand, view, trump))
}

/// `legal_cards` for the common case: a list (or tuple) of the package's `Card` objects for
/// the hand and for the trick, and trump None, a suit letter ("S" "H" "D" "C") or a `Suit`.
/// The legal cards in hand order; None for any other input (text to parse, an empty hand, a
/// card twice, a trick of four): the Python path then answers, with its errors.
#[pyfunction]
fn legal_cards<'py>(
    py: Python<'py>,
    rules: &CoreRules,
    hand: &Bound<'py, PyAny>,
    trick: &Bound<'py, PyAny>,
    trump: &Bound<'py, PyAny>,
) -> PyResult<Option<Bound<'py, PyList>>> {
    let Some(shared) = rules.shared.as_ref() else {
        return Ok(None);
    };
    let codes = shared.codes.bind(py);
    // A card's code; None for anything else (an unhashable item too: Python words the error).
    let card_code = |item: &Bound<'py, PyAny>| -> PyResult<Option<u8>> {
        Ok(match codes.get_item(item) {
            Ok(Some(code)) => Some(code.extract::<u8>()?).filter(|&c| c < 32),
            _ => None,
        })
    };
    let r = &rules.rules;
    let Some(trump) = trump_code(py, shared, trump)? else {
        return Ok(None);
    };
    let mut played = [0u8; MAX_SEATS];
    let mut n = 0;
    let mut seen: CardSet = 0;
    let (Some(trick), Some(hand)) = (sequence(trick), sequence(hand)) else {
        return Ok(None);
    };
    for item in trick.try_iter()? {
        let item = item?;
        let Some(code) = card_code(&item)? else {
            return Ok(None);
        };
        if n + 1 >= r.data.seats as usize || seen >> code & 1 == 1 {
            return Ok(None);
        }
        seen |= 1 << code;
        played[n] = code;
        n += 1;
    }
    let mut mask: CardSet = 0;
    for item in hand.try_iter()? {
        let item = item?;
        let Some(code) = card_code(&item)? else {
            return Ok(None);
        };
        if (seen | mask) >> code & 1 == 1 {
            return Ok(None);
        }
        mask |= 1 << code;
    }
    if mask == 0 {
        return Ok(None);
    }
    let trick = &played[..n];
    let view = trick.first().map(|&first| {
        let win = trick_winner(r, trick, trump);
        TrickView {
            led: first >> 3,
            winning: trick[win],
            partner_wins: trick.len() - win == 2,
        }
    });
    let legal = manille_engine::legality::legal(r, mask, view, trump);
    let out = PyList::empty(py);
    for item in hand.try_iter()? {
        let item = item?;
        if legal >> card_code(&item)?.unwrap_or(0) & 1 == 1 {
            out.append(item)?;
        }
    }
    Ok(Some(out))
}

/// A list or a tuple, to read twice; None for anything else.
fn sequence<'a, 'py>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, PyAny>> {
    (obj.is_instance_of::<PyList>() || obj.is_instance_of::<PyTuple>()).then_some(obj)
}

/// Trump as None (no-trump) or a suit 0-3; `Ok(None)` for a spelling left to Python.
fn trump_code(
    py: Python<'_>,
    shared: &state::PyShared,
    trump: &Bound<'_, PyAny>,
) -> PyResult<Option<Option<u8>>> {
    if trump.is_none() {
        return Ok(Some(None));
    }
    if let Ok(text) = trump.cast::<PyString>() {
        let suit = ["S", "H", "D", "C"].iter().position(|&s| text == s);
        return Ok(suit.map(|s| Some(s as u8)));
    }
    Ok(shared
        .suits
        .iter()
        .position(|s| s.bind(py).is(trump))
        .map(|s| Some(s as u8)))
}

/// Random playouts of the deals of `seeds` (dealer i % 4), the GIL released; each deal's
/// match points (team A, team B).
#[pyfunction]
fn random_deals(
    py: Python<'_>,
    rules: &CoreRules,
    seeds: Vec<i128>,
    rng_seed: u64,
) -> PyResult<Vec<(u64, u64)>> {
    let r = rules.rules.clone();
    py.detach(|| {
        guard(|| {
            Ok(engine_sim::random_deals(&r, &seeds, rng_seed)
                .iter()
                .map(|x| (x.team_a, x.team_b))
                .collect())
        })
    })
}

/// Random matches (seeds and first dealers paired), the GIL released; each match's
/// (winner, games, final scores, deals).
#[pyfunction]
#[allow(clippy::type_complexity)]
fn random_matches(
    py: Python<'_>,
    rules: &CoreRules,
    seeds: Vec<u64>,
    first_dealers: Vec<u8>,
    rng_seed: u64,
) -> PyResult<Vec<(Option<u8>, (u32, u32), (i64, i64), u32)>> {
    let r = rules.rules.clone();
    if seeds.len() != first_dealers.len() || first_dealers.iter().any(|&d| d >= r.data.seats) {
        return Err(PyValueError::new_err(
            "one first dealer (a seat) per match seed",
        ));
    }
    py.detach(|| {
        guard(|| {
            let mut rng = Rng::new(rng_seed);
            Ok(seeds
                .iter()
                .zip(&first_dealers)
                .map(|(&seed, &dealer)| {
                    let m = engine_sim::random_match(&r, seed, dealer, &mut rng, 100_000);
                    (
                        m.winner,
                        (m.games[0], m.games[1]),
                        (m.scores[0], m.scores[1]),
                        m.deals,
                    )
                })
                .collect())
        })
    })
}

/// Whether the state is in the play phase (a helper for tests of the phase names).
#[pyfunction]
fn phases() -> Vec<&'static str> {
    [
        Phase::Blind,
        Phase::Trump,
        Phase::Calls,
        Phase::Play,
        Phase::Over,
    ]
    .iter()
    .map(|p| p.name())
    .collect()
}

#[pymodule]
fn _core(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_class::<CoreRules>()?;
    m.add_class::<CoreDeal>()?;
    m.add_class::<CoreMatch>()?;
    m.add_class::<bots::CoreHeuristic>()?;
    m.add_function(wrap_pyfunction!(bots::hand_tricks, m)?)?;
    m.add_function(wrap_pyfunction!(bots::decision_features, m)?)?;
    m.add_function(wrap_pyfunction!(bots::ridge_fit, m)?)?;
    m.add_function(wrap_pyfunction!(score_deal, m)?)?;
    m.add_function(wrap_pyfunction!(shuffle, m)?)?;
    m.add_function(wrap_pyfunction!(deal_seed, m)?)?;
    m.add_function(wrap_pyfunction!(legal_mask, m)?)?;
    m.add_function(wrap_pyfunction!(legal_cards, m)?)?;
    m.add_function(wrap_pyfunction!(random_deals, m)?)?;
    m.add_function(wrap_pyfunction!(random_matches, m)?)?;
    m.add_function(wrap_pyfunction!(phases, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve, m)?)?;
    m.add_function(wrap_pyfunction!(search::solve_value, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_cards, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_decisions, m)?)?;
    m.add_function(wrap_pyfunction!(search::search_choose, m)?)?;
    m.add_function(wrap_pyfunction!(search::ismcts_choose, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_bots, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_metrics, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_deal_tally, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_deal_rows, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_match_tally, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_match_rows, m)?)?;
    m.add_function(wrap_pyfunction!(sim::sim_duel, m)?)?;
    m.add("ACTION_NO_TRUMP", Action::NO_TRUMP.0)?;
    Ok(())
}
