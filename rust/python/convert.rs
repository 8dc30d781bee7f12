//! Turning Python arguments into card codes: the walk every card argument shares, and the
//! numpy rows of the batch evaluators.

use super::errors::InvalidCards;
use crate::cards::{CardError, CardSet as CoreSet};
use numpy::ndarray::ArrayView2;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};

/// The shape every card argument shares, poker or Pan: a whole string goes to `whole`; a list,
/// tuple or other iterable gives one card an item through `one`; `special` recognises a card
/// object (or set) that stands for itself. `what` and `example` word the error.
pub fn walk_cards(
    obj: &Bound<'_, PyAny>,
    whole: impl Fn(&str) -> PyResult<Vec<u8>>,
    special: impl Fn(&Bound<'_, PyAny>) -> Option<Vec<u8>>,
    one: impl Fn(&Bound<'_, PyAny>) -> PyResult<u8>,
    what: &str,
    example: &str,
) -> PyResult<Vec<u8>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return whole(&s.to_cow()?);
    }
    if let Ok(l) = obj.cast::<PyList>() {
        return l.iter().map(|i| one(&i)).collect();
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return t.iter().map(|i| one(&i)).collect();
    }
    if let Some(cards) = special(obj) {
        return Ok(cards);
    }
    match obj.try_iter() {
        Ok(it) => it.map(|i| one(&i?)).collect(),
        Err(_) => Err(InvalidCards::new_err(format!(
            "invalid {what} {}: expected a string such as '{example}' or an iterable of cards",
            obj.repr()?
        ))),
    }
}

/// Copies rows of card codes, checking each holds `range` distinct cards below 52; errors name
/// the row. Copying first means no other thread can change the cards while we are detached.
pub fn rows_of(
    a: &ArrayView2<'_, u8>,
    range: std::ops::RangeInclusive<usize>,
    what: &str,
) -> PyResult<Vec<u8>> {
    if !range.contains(&a.ncols()) {
        return Err(InvalidCards::new_err(format!(
            "expected {what} per row, got {}",
            a.ncols()
        )));
    }
    // The Python wrapper hands over C-contiguous arrays; anything else is copied row by row.
    let out: Vec<u8> = match a.as_slice() {
        Some(s) => s.to_vec(),
        None => a.iter().copied().collect(),
    };
    for (i, row) in out.chunks_exact(a.ncols().max(1)).enumerate() {
        CoreSet::from_cards(row)
            .map_err(|e: CardError| InvalidCards::new_err(format!("row {i}: {e}")))?;
    }
    Ok(out)
}

/// Checks that a batch of hole rows and a batch of board rows have the same length, and that no
/// card is on both; errors name the row.
pub fn omaha_rows(
    hole: &ArrayView2<'_, u8>,
    board: &ArrayView2<'_, u8>,
) -> PyResult<(Vec<u8>, Vec<u8>)> {
    if hole.nrows() != board.nrows() {
        return Err(InvalidCards::new_err(format!(
            "hole has {} rows but board has {}",
            hole.nrows(),
            board.nrows()
        )));
    }
    let h = rows_of(hole, 4..=6, "4 to 6 hole cards")?;
    let b = rows_of(board, 3..=5, "3 to 5 board cards")?;
    let (nh, nb) = (hole.ncols(), board.ncols());
    let mask = |cards: &[u8]| cards.iter().fold(0u64, |m, &c| m | 1 << c);
    for (i, (hr, br)) in h.chunks_exact(nh).zip(b.chunks_exact(nb)).enumerate() {
        let both = mask(hr) & mask(br);
        if both != 0 {
            let e = CardError::Duplicate(both.trailing_zeros() as u8);
            return Err(InvalidCards::new_err(format!("row {i}: {e}")));
        }
    }
    Ok((h, b))
}
