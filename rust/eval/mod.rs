//! Hand evaluation: high hands (best five, Omaha's two plus three), 8-or-better lows, hi/lo,
//! razz (the ace-to-five low of every hand), and the bookkeeping of how a hand was made
//! (docs/rules/poker.md §1).
pub mod high;
pub mod hilo;
pub mod low;
pub mod made;
pub mod omaha;
pub mod razz;
mod tables;

pub use high::HandKey;

use crate::cards::CardError;
/// Pairs of a hole and triples of a board as partial keys, reused for every combination.
pub(crate) fn pairs(hole: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..hole.len()).flat_map(move |i| (i + 1..hole.len()).map(move |j| (i, j)))
}

pub(crate) fn triples(n: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..n).flat_map(move |i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |k| (i, j, k))))
}

/// A card-count error unless `n` is in `range`; `what` says what was wanted.
pub(crate) fn check_count(
    n: usize,
    range: std::ops::RangeInclusive<usize>,
    what: &str,
) -> Result<(), CardError> {
    if range.contains(&n) {
        Ok(())
    } else {
        Err(CardError::Count {
            got: n,
            want: what.to_string(),
        })
    }
}

/// 5, 6 or 7 distinct cards, as for the high hand: the check [`HandKey::from_checked`] makes
/// while it builds a key, which costs less than a pass of its own.
pub(crate) fn check_any_five(cards: &[u8]) -> Result<(), CardError> {
    HandKey::from_checked(cards).map(|_| ())
}
