//! Actions as one byte: a card, or a decision before the first card.
//!
//! | code | action |
//! |---|---|
//! | 0..=31 | play that card |
//! | 32..=35 | `trump:S`, `trump:H`, `trump:D`, `trump:C` |
//! | 36 | `no-trump` |
//! | 37 | `look` |
//! | 38 | `blind` |
//! | 39 | `delegate` |
//! | 40 | `pass` |
//! | 41 | `throw-in` |
//! | 42 + k | `call:<name of call k>` |

/// One action, as its code (see the module table).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Action(pub u8);

impl Action {
    pub const TRUMP_S: Action = Action(32);
    pub const NO_TRUMP: Action = Action(36);
    pub const LOOK: Action = Action(37);
    pub const BLIND: Action = Action(38);
    pub const DELEGATE: Action = Action(39);
    pub const PASS: Action = Action(40);
    pub const THROW_IN: Action = Action(41);
    pub const FIRST_CALL: u8 = 42;

    pub const fn card(index: u8) -> Action {
        Action(index)
    }
    pub const fn trump(suit: u8) -> Action {
        Action(32 + suit)
    }
    pub const fn call(k: u8) -> Action {
        Action(Self::FIRST_CALL + k)
    }
    /// The card index, if this plays a card.
    pub const fn as_card(self) -> Option<u8> {
        if self.0 < 32 {
            Some(self.0)
        } else {
            None
        }
    }
    /// The trump suit, if this names one.
    pub const fn as_trump(self) -> Option<u8> {
        if self.0 >= 32 && self.0 < 36 {
            Some(self.0 - 32)
        } else {
            None
        }
    }
    /// The index of the call, if this makes one.
    pub const fn as_call(self) -> Option<u8> {
        if self.0 >= Self::FIRST_CALL {
            Some(self.0 - Self::FIRST_CALL)
        } else {
            None
        }
    }
    /// The action as record text (`10H`, `trump:S`, `call:contre` ...).
    pub fn text(self, call_names: &[String]) -> String {
        match self.0 {
            0..=31 => crate::cards::name(self.0),
            32..=35 => format!("trump:{}", ['S', 'H', 'D', 'C'][(self.0 - 32) as usize]),
            36 => "no-trump".into(),
            37 => "look".into(),
            38 => "blind".into(),
            39 => "delegate".into(),
            40 => "pass".into(),
            41 => "throw-in".into(),
            k => match call_names.get((k - Self::FIRST_CALL) as usize) {
                Some(name) => format!("call:{name}"),
                None => format!("action#{k}"),
            },
        }
    }
}
