//! `CoreDeal`: the compiled core's deal state, the one deal class of the binding.
//!
//! It has the whole `DealState` API in the package's objects (cards, actions, `DealScore`),
//! which `new_deal` returns, and the same state in codes and masks (`legal_codes`,
//! `apply_code`, `hand_masks`...), which the search, the bots and the tests drive.  The hot
//! members are answered here; the rare ones that need the package (the deal's `DealScore`,
//! explanations, error messages, seat views, equality) call the callbacks of
//! `manille_variants.engine.callbacks`.

use std::sync::Arc;

use manille_engine::cards::{self, CardSet, NONE};
use manille_engine::deal::{Deal, IllegalAction};
use manille_engine::rules::{Mode, TrumpSource};
use manille_engine::{Action, Rules};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};

use crate::{check_seat, guard, illegal_error, package_error_with, result_dict, CoreRules};

/// What the states of one ruleset share on the Python side.
pub struct PyShared {
    /// The package's object of each action code.
    pub by_code: Vec<Py<PyAny>>,
    /// The action code of each object.
    pub codes: Py<PyDict>,
    /// The compiled `Rules` object, the suits (`Suit.S` ...), the callback module.
    pub rules: Py<PyAny>,
    pub suits: Vec<Py<PyAny>>,
    pub helpers: Py<PyAny>,
}

/// What the states of one deal share: the ruleset's Python objects (None for rules built
/// without them: such a deal is driven by codes only), the seed and scores as given.
struct DealCtx {
    shared: Option<Arc<PyShared>>,
    seed: Py<PyAny>,
    scores: Py<PyAny>,
}

/// One deal state (see `DealState`).
#[pyclass(frozen, module = "manille_variants._core")]
pub struct CoreDeal {
    pub(crate) rules: Arc<Rules>,
    ctx: Arc<DealCtx>,
    pub(crate) deal: Deal,
}

fn no_objects() -> PyErr {
    PyValueError::new_err("the rules were built without their Python objects")
}

/// Given hands are refused at a table with a layout: its deal comes from a seed.
fn no_layout(rules: &Rules) -> PyResult<()> {
    if rules.data.layout > 0 {
        return Err(PyValueError::new_err(
            "a deal with a layout is dealt from a seed, not given as hands",
        ));
    }
    Ok(())
}

fn mask_list(set: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(set.count_ones() as usize);
    let mut s = set;
    while s != 0 {
        out.push(s.trailing_zeros() as u8);
        s &= s - 1;
    }
    out
}

impl CoreDeal {
    /// The first state of `deal`, dealt with `seed` (an int) at `scores` (a pair).
    pub(crate) fn start(
        rules: &Arc<Rules>,
        shared: &Option<Arc<PyShared>>,
        seed: Py<PyAny>,
        scores: Py<PyAny>,
        deal: Deal,
    ) -> CoreDeal {
        CoreDeal {
            rules: rules.clone(),
            ctx: Arc::new(DealCtx {
                shared: shared.clone(),
                seed,
                scores,
            }),
            deal,
        }
    }

    fn next(&self, deal: Deal) -> CoreDeal {
        CoreDeal {
            rules: self.rules.clone(),
            ctx: self.ctx.clone(),
            deal,
        }
    }

    fn shared(&self) -> PyResult<&PyShared> {
        self.ctx.shared.as_deref().ok_or_else(no_objects)
    }

    fn helper<'py>(&self, py: Python<'py>, name: &str) -> PyResult<Bound<'py, PyAny>> {
        self.shared()?.helpers.bind(py).getattr(name)
    }

    fn object<'py>(&self, py: Python<'py>, code: u8) -> PyResult<Bound<'py, PyAny>> {
        Ok(self.shared()?.by_code[code as usize].bind(py).clone())
    }

    fn cards<'py>(&self, py: Python<'py>, set: u32) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for card in cards::iter(set) {
            list.append(self.object(py, card)?)?;
        }
        Ok(list)
    }

    fn card_tuple<'py>(&self, py: Python<'py>, cards: &[u8]) -> PyResult<Bound<'py, PyTuple>> {
        let objects: PyResult<Vec<_>> = cards.iter().map(|&c| self.object(py, c)).collect();
        PyTuple::new(py, objects?)
    }

    fn seat_index(&self, seat: i64) -> PyResult<usize> {
        if (0..self.rules.data.seats as i64).contains(&seat) {
            Ok(seat as usize)
        } else {
            Err(PyValueError::new_err(format!(
                "seat must be 0-{} (got {seat})",
                self.rules.data.seats - 1
            )))
        }
    }

    fn code_repr(&self) -> String {
        format!(
            "<CoreDeal dealer={} phase={} to_play={}>",
            self.deal.dealer,
            self.deal.phase.name(),
            self.deal.to_play
        )
    }
}

#[pymethods]
impl CoreDeal {
    /// Shuffle with `seed` (an int), cut and deal; or deal the given hands (card masks, as
    /// the package has checked them) with `turned`, the dealer's turned card of a deal of
    /// given hands (trump by the turned card).
    #[new]
    #[pyo3(signature = (rules, seed, dealer=0, pending_ties=0, scores=None, hands=None, turned=None))]
    fn new(
        rules: &CoreRules,
        seed: &Bound<'_, PyAny>,
        dealer: u8,
        pending_ties: u32,
        scores: Option<&Bound<'_, PyAny>>,
        hands: Option<Vec<u32>>,
        turned: Option<u8>,
    ) -> PyResult<Self> {
        let py = seed.py();
        let r = rules.rules.clone();
        let scores = match scores {
            Some(given) => given.clone().unbind(),
            None => (0i64, 0i64).into_pyobject(py)?.into_any().unbind(),
        };
        let (a, b): (i64, i64) = scores.bind(py).extract()?;
        let seed_value: i128 = seed.extract()?;
        check_seat(&r, dealer, "dealer")?;
        if turned.is_some_and(|c| c > 31) {
            return Err(PyValueError::new_err("the turned card is a card code 0-31"));
        }
        if hands.is_some() {
            no_layout(&r)?;
        }
        let deal = guard(|| {
            Ok(match &hands {
                None => Deal::new(&r, seed_value, dealer, pending_ties, [a, b]),
                Some(h) => {
                    let mut dealt = [0; cards::MAX_SEATS];
                    for (slot, &mask) in dealt.iter_mut().zip(h) {
                        *slot = mask;
                    }
                    let mut deal =
                        Deal::from_hands(&r, dealt, turned, dealer, pending_ties, [a, b]);
                    deal.cut = manille_engine::shuffle::shuffle(seed_value).1; // as the Python engine
                    deal
                }
            })
        })?;
        Ok(CoreDeal::start(
            &r,
            &rules.shared,
            seed.clone().unbind(),
            scores,
            deal,
        ))
    }

    /// A deal of given hands (card masks in seat order), checked; `turned`, the dealer's
    /// turned card (exactly when the ruleset takes trump from it).
    #[staticmethod]
    #[pyo3(signature = (rules, hands, dealer=0, pending_ties=0, scores=(0, 0), turned=None))]
    fn from_hands(
        py: Python<'_>,
        rules: &CoreRules,
        hands: Vec<u32>,
        dealer: u8,
        pending_ties: u32,
        scores: (i64, i64),
        turned: Option<u8>,
    ) -> PyResult<Self> {
        let r = &rules.rules;
        check_seat(r, dealer, "dealer")?;
        no_layout(r)?;
        let seats = r.data.seats as usize;
        let all = hands.iter().fold(0u64, |t, h| t + h.count_ones() as u64);
        let union = hands.iter().fold(0u32, |t, h| t | h);
        let dealt_cards = 32 - r.data.undealt as u64;
        if hands.len() != seats || all != dealt_cards || union.count_ones() as u64 != dealt_cards {
            return Err(PyValueError::new_err(
                "give one hand per seat, the cards dealt once each",
            ));
        }
        if hands
            .iter()
            .any(|h| h.count_ones() != r.data.hand_size as u32)
        {
            return Err(PyValueError::new_err("every hand holds the hand size"));
        }
        if turned.is_some_and(|c| {
            hands[dealer as usize] & (1u32.checked_shl(c as u32).unwrap_or(0)) == 0
        }) {
            return Err(PyValueError::new_err("the turned card is the dealer's"));
        }
        if (r.data.trump_source == TrumpSource::Turned) != turned.is_some() {
            return Err(PyValueError::new_err(
                "give the dealer's turned card exactly when the ruleset takes trump from it",
            ));
        }
        let mut dealt = [0; cards::MAX_SEATS];
        dealt[..seats].copy_from_slice(&hands);
        let deal = guard(|| {
            Ok(Deal::from_hands(
                r,
                dealt,
                turned,
                dealer,
                pending_ties,
                [scores.0, scores.1],
            ))
        })?;
        let seed = 0i64.into_pyobject(py)?.into_any().unbind();
        let scores = scores.into_pyobject(py)?.into_any().unbind();
        Ok(CoreDeal::start(r, &rules.shared, seed, scores, deal))
    }

    // ------------------------------------------------------------------ the hot loop
    /// "blind", "trump", "calls", "play" or "over".
    #[getter]
    fn phase(&self) -> &'static str {
        self.deal.phase.name()
    }
    /// The seat to act.
    #[getter]
    fn to_play(&self) -> u8 {
        self.deal.to_play
    }
    #[getter]
    fn is_over(&self) -> bool {
        self.deal.is_over()
    }
    #[getter]
    fn dealer(&self) -> u8 {
        self.deal.dealer
    }
    /// Where the pack was cut (1-31).
    #[getter]
    fn cut(&self) -> u8 {
        self.deal.cut
    }
    #[getter]
    fn thrown_in(&self) -> bool {
        self.deal.thrown_in
    }
    /// Tied deals in a row just before this one.
    #[getter]
    fn pending_ties(&self) -> u32 {
        self.deal.pending_ties
    }
    /// "trump", "no-trump", "blind", or None before the choice.
    #[getter]
    fn mode(&self) -> Option<&'static str> {
        self.deal.mode.map(Mode::name)
    }
    /// The seat that named trump (None before, and when a turned card named it).
    #[getter]
    fn chooser(&self) -> Option<u8> {
        (self.deal.chooser != NONE).then_some(self.deal.chooser)
    }
    /// The seat that led the trick in progress (or leads the next one).
    #[getter]
    fn leader(&self) -> u8 {
        self.deal.leader(&self.rules)
    }
    /// The seat holding the trick in progress (-1 with no card on the table).
    #[getter]
    fn win_seat(&self) -> i16 {
        if self.deal.trick(&self.rules).is_empty() {
            -1
        } else {
            self.deal.win_seat as i16
        }
    }
    /// The actions open to `to_play`; Card objects while cards are played.
    fn legal_actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let mut set = self.deal.legal_actions(&self.rules);
        let list = PyList::empty(py);
        while set != 0 {
            list.append(self.object(py, set.trailing_zeros() as u8)?)?;
            set &= set - 1;
        }
        Ok(list)
    }
    /// The state after `action` by `to_play`; raises IllegalPlayError if not legal.
    fn apply(&self, py: Python<'_>, action: &Bound<'_, PyAny>) -> PyResult<CoreDeal> {
        let code = match self.shared()?.codes.bind(py).get_item(action)? {
            Some(code) => code.extract::<u8>()?,
            None => return Err(self.refuse(py, action, "not-possible")),
        };
        match self.deal.apply(&self.rules, Action(code)) {
            Ok(deal) => Ok(self.next(deal)),
            Err(why) => {
                let kind = match why {
                    IllegalAction::NotPossible => "not-possible",
                    IllegalAction::NotInHand => "not-in-hand",
                    IllegalAction::NotLegal => "not-legal",
                    IllegalAction::NoThrowIn => "no-throw-in",
                    IllegalAction::ThrowInTooLate => "throw-in-too-late",
                    IllegalAction::DealOver => "over",
                };
                Err(self.refuse(py, action, kind))
            }
        }
    }

    // ------------------------------------------------------------------ reading
    #[getter]
    fn rules(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(self.shared()?.rules.clone_ref(py))
    }
    #[getter]
    fn seed(&self, py: Python<'_>) -> Py<PyAny> {
        self.ctx.seed.clone_ref(py)
    }
    #[getter]
    fn scores(&self, py: Python<'_>) -> Py<PyAny> {
        self.ctx.scores.clone_ref(py)
    }
    /// Names of the calls made, in order.
    #[getter]
    fn calls<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let names = self
            .deal
            .decisions()
            .iter()
            .filter_map(|a| a.as_call())
            .map(|k| self.rules.data.calls[k as usize].name.as_str());
        PyTuple::new(py, names.collect::<Vec<_>>())
    }
    #[getter]
    fn win_idx(&self) -> i16 {
        if self.deal.trick(&self.rules).is_empty() {
            -1
        } else {
            self.deal.win_card as i16
        }
    }
    /// The cards of the trick in progress.
    #[getter]
    fn trick<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        self.card_tuple(py, self.deal.trick(&self.rules))
    }
    /// Completed tricks: (leader seat, cards in play order, winner seat).
    #[getter]
    fn tricks<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let mut out = Vec::new();
        for (leader, cards, winner) in self.deal.completed_tricks(&self.rules) {
            out.push(PyTuple::new(
                py,
                [
                    leader.into_pyobject(py)?.into_any(),
                    self.card_tuple(py, cards)?.into_any(),
                    winner.into_pyobject(py)?.into_any(),
                ],
            )?);
        }
        PyTuple::new(py, out)
    }
    /// The trump suit letter, or None at no-trump (and before trump is named).
    #[getter]
    fn trump(&self) -> Option<&'static str> {
        self.deal
            .trump_suit()
            .map(|t| ["S", "H", "D", "C"][t as usize])
    }
    #[getter]
    fn trump_suit(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let shared = self.shared()?;
        Ok(self
            .deal
            .trump_suit()
            .map(|t| shared.suits[t as usize].clone_ref(py)))
    }
    /// Card points taken so far by team 0 and team 1.
    #[getter]
    fn points(&self) -> (u32, u32) {
        (
            self.rules.points(self.deal.won[0]),
            self.rules.points(self.deal.won[1]),
        )
    }
    /// Tricks taken so far by team 0 and team 1.
    #[getter]
    fn tricks_won(&self) -> (u32, u32) {
        let seats = self.rules.data.seats as u32;
        (
            self.deal.won[0].count_ones() / seats,
            self.deal.won[1].count_ones() / seats,
        )
    }
    /// Every action applied since the deal, in order.
    #[getter]
    fn actions<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let decisions = self.deal.decisions().iter().map(|a| a.0);
        let played = self.deal.history[..self.deal.played()].iter().copied();
        let objects: PyResult<Vec<_>> = decisions
            .chain(played)
            .map(|code| self.object(py, code))
            .collect();
        PyTuple::new(py, objects?)
    }
    /// The four hands in seat order (full information).
    #[getter]
    fn hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands: PyResult<Vec<_>> = (0..self.rules.data.seats)
            .map(|s| self.cards(py, self.deal.hand(s)))
            .collect();
        PyTuple::new(py, hands?)
    }
    /// The cards `seat` may play from: its hand and, with a layout, its face-up cards.
    fn hand<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat_index(seat)?;
        self.cards(py, self.deal.hand(seat as u8))
    }
    /// The face-up cards of `seat`'s layout not played yet (seen by everyone).
    fn face_up<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat_index(seat)?;
        self.cards(py, self.deal.face_up(seat as u8))
    }
    /// The face-down cards of `seat`'s layout still covered (seen by nobody), in deal order.
    fn face_down<'py>(&self, py: Python<'py>, seat: i64) -> PyResult<Bound<'py, PyList>> {
        let seat = self.seat_index(seat)?;
        let cards: PyResult<Vec<_>> = self
            .deal
            .face_down(seat as u8)
            .into_iter()
            .map(|c| self.object(py, c))
            .collect();
        PyList::new(py, cards?)
    }
    /// The four hands as they were dealt, in seat order.
    #[getter]
    fn dealt_hands<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        let hands: PyResult<Vec<_>> = self.deal.dealt[..self.rules.data.seats as usize]
            .iter()
            .map(|&h| self.cards(py, h))
            .collect();
        PyTuple::new(py, hands?)
    }
    /// The hands as dealt, as one integer (32 bits a seat).
    #[getter]
    fn dealt<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let bytes: Vec<u8> = self.deal.dealt[..self.rules.data.seats as usize]
            .iter()
            .flat_map(|h| h.to_le_bytes())
            .collect();
        py.get_type::<pyo3::types::PyInt>().call_method1(
            "from_bytes",
            (pyo3::types::PyBytes::new(py, &bytes), "little"),
        )
    }
    /// The undealt cards (a table that leaves some), by card index.
    #[getter]
    fn undealt<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.cards(py, self.deal.undealt)?)
    }
    fn hand_mask(&self, seat: i64) -> PyResult<u32> {
        Ok(self.deal.hand(self.seat_index(seat)? as u8))
    }
    /// The card turned up for trump (the dealer's), or None when trump is named.
    #[getter]
    fn turned_card<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyAny>>> {
        (self.deal.turned != NONE)
            .then(|| self.object(py, self.deal.turned))
            .transpose()
    }
    /// The index of the turned card, -1 when trump is named (as `DealState._key` holds it).
    #[getter]
    fn turned(&self) -> i16 {
        if self.deal.turned == NONE {
            -1
        } else {
            self.deal.turned as i16
        }
    }
    /// Whether the turned card still lies on the table (the dealer has not taken it up).
    #[getter]
    fn turned_on_table(&self) -> bool {
        self.deal.turned_on_table(&self.rules)
    }
    #[getter]
    fn dealer_team(&self) -> u8 {
        self.rules.side(self.deal.dealer, self.deal.dealer)
    }
    /// Whether `seat` may see its own hand now.
    fn has_looked(&self, seat: i64) -> bool {
        match u8::try_from(seat) {
            Ok(seat) if seat < self.rules.data.seats => self.deal.has_looked(&self.rules, seat),
            _ => true,
        }
    }
    /// Bitmask of the legal cards (0 outside the play phase).
    fn legal_card_mask(&self) -> u32 {
        self.deal.legal_cards(&self.rules)
    }
    /// Every card played so far, including the trick in progress.
    fn played_mask(&self) -> u32 {
        !(self.deal.rem | self.deal.undealt)
    }
    /// The deal's `DealScore`, once over.
    #[getter]
    fn result(&self, py: Python<'_>) -> PyResult<Option<Py<PyAny>>> {
        let Some(r) = self.deal.result(&self.rules) else {
            return Ok(None);
        };
        let rules = self.shared()?.rules.bind(py);
        let score = if r.thrown_in {
            self.helper(py, "thrown")?.call1((rules, r.pending_ties))?
        } else {
            let (rules_, dealer) = (&self.rules, self.deal.dealer);
            let last = if rules_.side(self.deal.last_winner, dealer) == rules_.side(dealer, dealer)
            {
                "A"
            } else {
                "B"
            };
            let mode = r.mode.map_or("trump", Mode::name);
            let args = (
                rules,
                r.card_points[0],
                r.tricks[0],
                mode,
                r.calls,
                r.pending_ties,
                last,
                self.trump(),
                self.turned(),
            );
            let undealt = if self.rules.data.undealt > 0 {
                self.rules.points(self.deal.undealt) as i64
            } else {
                -1
            };
            let kwargs = pyo3::types::PyDict::new(py);
            kwargs.set_item("undealt", undealt)?;
            self.helper(py, "score")?.call(args, Some(&kwargs))?
        };
        Ok(Some(score.unbind()))
    }
    /// Why the legal actions are what they are, in a player's words.
    fn explain(slf: &Bound<'_, Self>) -> PyResult<String> {
        let py = slf.py();
        slf.get().helper(py, "explain")?.call1((slf,))?.extract()
    }
    /// What `seat` may know now (for bots): a `SeatView`.
    fn view(slf: &Bound<'_, Self>, seat: i64) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        Ok(slf.get().helper(py, "view")?.call1((slf, seat))?.unbind())
    }
    fn __eq__(slf: &Bound<'_, Self>, other: &Bound<'_, PyAny>) -> PyResult<bool> {
        if slf.get().ctx.shared.is_none() {
            return Ok(slf.is(other)); // a deal of codes only: itself
        }
        slf.get()
            .helper(slf.py(), "equal")?
            .call1((slf, other))?
            .extract()
    }
    /// What makes two states equal (as `DealState._key`).
    fn _key(slf: &Bound<'_, Self>) -> PyResult<Py<PyAny>> {
        Ok(slf.get().helper(slf.py(), "key")?.call1((slf,))?.unbind())
    }
    fn __hash__(slf: &Bound<'_, Self>) -> PyResult<isize> {
        if slf.get().ctx.shared.is_none() {
            return Ok(slf.as_ptr() as isize);
        }
        slf.get().helper(slf.py(), "key")?.call1((slf,))?.hash()
    }
    fn __repr__(slf: &Bound<'_, Self>) -> PyResult<String> {
        let deal = slf.get();
        if deal.ctx.shared.is_none() {
            return Ok(deal.code_repr());
        }
        deal.helper(slf.py(), "describe")?.call1((slf,))?.extract()
    }

    // ------------------------------------------------------------------ codes and masks
    // The same state as the engine's one-byte action codes and 32-bit card masks, for the
    // search, the bots and the tests; refusals in the core's own coded sentences.
    /// The legal action codes, ascending.
    fn legal_codes(&self) -> Vec<u8> {
        mask_list(self.deal.legal_actions(&self.rules))
    }
    /// The legal action codes as a mask (bit `code`).
    fn legal_mask(&self) -> u64 {
        self.deal.legal_actions(&self.rules)
    }
    /// The state after the action `code`; raises IllegalPlayError.
    fn apply_code(&self, py: Python<'_>, code: u8) -> PyResult<CoreDeal> {
        match self.deal.apply(&self.rules, Action(code)) {
            Ok(deal) => Ok(self.next(deal)),
            Err(why) => Err(illegal_error(
                py,
                &self.rules,
                &self.deal,
                Action(code),
                why,
            )),
        }
    }
    /// The trump suit (0-3), or None.
    #[getter]
    fn trump_code(&self) -> Option<u8> {
        self.deal.trump_suit()
    }
    /// How many calls were made.
    #[getter]
    fn call_count(&self) -> u8 {
        self.deal.calls
    }
    /// The cards each seat still holds, as masks.
    #[getter]
    fn hand_masks(&self) -> Vec<CardSet> {
        (0..self.rules.data.seats)
            .map(|s| self.deal.hand(s))
            .collect()
    }
    /// The hands as dealt, as masks.
    #[getter]
    fn dealt_masks(&self) -> Vec<CardSet> {
        self.deal.dealt[..self.rules.data.seats as usize].to_vec()
    }
    /// The face-up cards of each seat's layout, as masks (none without a layout).
    #[getter]
    fn face_up_masks(&self) -> Vec<CardSet> {
        (0..self.rules.data.seats)
            .map(|s| self.deal.face_up(s))
            .collect()
    }
    /// The face-down cards still covered, as one mask (0 without a layout).
    #[getter]
    fn face_down_mask(&self) -> CardSet {
        self.deal.layout.down
    }
    /// The cards of the trick in progress, in play order.
    #[getter]
    fn trick_codes(&self) -> Vec<u8> {
        self.deal.trick(&self.rules).to_vec()
    }
    /// Every card played, in order.
    #[getter]
    fn history(&self) -> Vec<u8> {
        self.deal.history[..self.deal.played()].to_vec()
    }
    /// The cards won by team 0 and team 1, as masks.
    #[getter]
    fn won(&self) -> (CardSet, CardSet) {
        (self.deal.won[0], self.deal.won[1])
    }
    /// Completed tricks: (leader, card codes in play order, winner).
    fn completed_tricks(&self) -> Vec<(u8, Vec<u8>, u8)> {
        self.deal
            .completed_tricks(&self.rules)
            .map(|(leader, cards, winner)| (leader, cards.to_vec(), winner))
            .collect()
    }
    /// The deal's result once over, as `DealScore.to_dict()` plus `turned_bonus`, in codes
    /// and parameters (no words); else None.
    fn result_data<'py>(&self, py: Python<'py>) -> PyResult<Option<Bound<'py, PyDict>>> {
        let turned = (self.deal.turned != NONE).then_some(self.deal.turned);
        self.deal
            .result(&self.rules)
            .map(|r| result_dict(py, &self.rules, &r, turned))
            .transpose()
    }
    /// Match points of the deal (team A, team B) once over.
    fn match_points(&self) -> Option<(u64, u64)> {
        self.deal.result(&self.rules).map(|r| (r.team_a, r.team_b))
    }
}

impl CoreDeal {
    fn refuse(&self, py: Python<'_>, action: &Bound<'_, PyAny>, kind: &str) -> PyErr {
        let state = match Py::new(py, self.next(self.deal)) {
            Ok(state) => state,
            Err(err) => return err,
        };
        // The helper answers with a coded message; the error carries it.
        let message = self
            .helper(py, "illegal")
            .and_then(|f| f.call1((state, action, kind)));
        match message {
            Ok(message) => package_error_with(py, "IllegalPlayError", &message),
            Err(err) => err,
        }
    }
}
