//! Hand evaluation: high hands (best five, Omaha's two plus three), 8-or-better lows, hi/lo,
//! and the bookkeeping of how a hand was made (spec/poker.md §1).
pub mod high;
pub mod hilo;
pub mod low;
pub mod made;
pub mod omaha;
mod tables;

pub use high::HandKey;
/// Pairs of a hole and triples of a board as partial keys, reused for every combination.
pub(crate) fn pairs(hole: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    (0..hole.len()).flat_map(move |i| (i + 1..hole.len()).map(move |j| (i, j)))
}

pub(crate) fn triples(n: usize) -> impl Iterator<Item = (usize, usize, usize)> {
    (0..n).flat_map(move |i| (i + 1..n).flat_map(move |j| (j + 1..n).map(move |k| (i, j, k))))
}
