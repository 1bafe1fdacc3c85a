//! The Manille deal engine: the seeded shuffle, the deal, the decisions before play, legal
//! cards, tricks, the deal's result and the course of a match.
//!
//! The engine never reads a ruleset file: it receives a ruleset already compiled by the
//! Python package, as plain data ([`RulesData`]), and builds its own [`Rules`] from it.
//! States ([`Deal`]) are small `Copy` values; [`Deal::apply`] returns a new one.
//!
//! Cards are numbered `suit * 8 + rank` (suits S H D C, ranks 7 8 9 10 J Q K A), and a set
//! of cards is a `u32` mask with bit `index` set.

pub mod action;
pub mod bot;
pub mod cards;
pub mod coded;
pub mod deal;
pub mod endgame;
pub mod heuristic;
pub mod infer;
pub mod ismcts;
pub mod keccak;
pub mod layout;
pub mod legality;
pub mod matchplay;
pub mod pyrandom;
pub mod rng;
pub mod rules;
pub mod sample;
pub mod scoring;
pub mod search;
pub mod shuffle;
pub mod sim;
pub mod solver;

pub use action::Action;
pub use coded::{Coded, Param};
pub use deal::{Deal, IllegalAction, Phase};
pub use matchplay::{deal_seed, Match, MatchOver};
pub use rules::{Rules, RulesData, RulesError};
pub use scoring::DealResult;
