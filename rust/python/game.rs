//! The core's catalogues for Python: the variants (`splitpot.games` builds its aliases from
//! them) and the input limits (`splitpot.limits` reads them back).
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

/// The core's input limits of rust/limits.rs by name, for `splitpot.limits`.
#[pyfunction]
pub fn _limits() -> Vec<(&'static str, usize)> {
    use crate::limits::*;
    vec![
        ("MESSAGE_VALUE_CHARS", MESSAGE_VALUE_CHARS),
        ("HAND_CARDS", HAND_CARDS),
        ("OMAHA_HOLE_CARDS", OMAHA_HOLE_CARDS),
        ("OMAHA_BOARD_CARDS", OMAHA_BOARD_CARDS),
        ("DECK_CARDS", DECK_CARDS),
        ("PAN_MELD_CARDS", PAN_MELD_CARDS),
        ("PAN_TABLE_MELDS", PAN_TABLE_MELDS),
        ("PAN_CARDS", PAN_CARDS),
        ("PAN_BATCH_MELDS", PAN_BATCH_MELDS),
        ("EQUITY_PLAYERS", crate::equity::MAX_PLAYERS),
    ]
}
