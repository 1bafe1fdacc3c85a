//! The members `CoreDeal` (codes and masks, for the search) and `CoreState` (the public
//! `DealState` API) share: one implementation, written once for both.
//!
//! PyO3 allows one `#[pymethods]` block per class, so `deal_methods!` writes that block: the
//! shared getters below, then the class's own methods.  Both classes hold the deal in `deal`
//! and its rules in `rules`.

/// `deal_methods!(Class { own methods })`: the `#[pymethods]` block of a deal class.
macro_rules! deal_methods {
    ($class:ident { $($own:tt)* }) => {
        #[pymethods]
        impl $class {
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
                self.deal.mode.map(manille_engine::rules::Mode::name)
            }
            /// The seat that named trump (None before, and when a turned card named it).
            #[getter]
            fn chooser(&self) -> Option<u8> {
                (self.deal.chooser != manille_engine::cards::NONE).then_some(self.deal.chooser)
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

            $($own)*
        }
    };
}

pub(crate) use deal_methods;
