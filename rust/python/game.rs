//! The variant catalogue for Python: `splitpot.games` builds its aliases from it.
use crate::game::VARIANTS;
use pyo3::prelude::*;

/// One row per variant of rust/game.rs.
type VariantRow = (&'static str, Vec<&'static str>, &'static str, u8, u8, bool);

/// Every variant as `(code, aliases, name, hole_cards, board_cards, hi_lo)`.
#[pyfunction]
pub fn _variants() -> Vec<VariantRow> {
    VARIANTS
        .iter()
        .map(|v| {
            (
                v.code,
                v.aliases.to_vec(),
                v.name,
                v.hole_cards,
                v.board_cards,
                v.hi_lo,
            )
        })
        .collect()
}
