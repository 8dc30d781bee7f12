//! splitpot's Rust core: exact, fast evaluation. Nothing outside `python/` knows of Python.
pub mod cards;
pub mod equity;
pub mod eval;
pub mod game;
pub mod limits;
pub mod pan;
pub mod pots;
pub mod rng;

#[cfg(feature = "python")]
mod python;

#[cfg(test)]
mod proptests;
