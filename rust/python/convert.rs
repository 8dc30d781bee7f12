//! Turning Python arguments into card codes: the walk every card argument shares, and the
//! numpy rows of the batch evaluators.

use super::errors::InvalidCards;
use crate::cards::{CardError, CardSet as CoreSet};
use crate::limits;
use numpy::ndarray::ArrayView2;
use pyo3::exceptions::PyMemoryError;
use pyo3::prelude::*;
use pyo3::types::{PyList, PyString, PyTuple};
use std::borrow::Cow;

/// How far a card argument is read: `most` is the most cards the call can use. An iterable
/// is read lazily and refused as soon as it passes `most`, so an endless one costs `most`
/// items; a list or tuple is refused by its length when `sized` (a poker argument, where more
/// is never valid) and otherwise handed over whole, its size being the caller's own memory
/// (a Pan list of 12 cards is "not a meld", not an error).
#[derive(Clone, Copy)]
pub struct Most {
    pub most: usize,
    pub sized: bool,
}

/// `repr(obj)` cut to `MESSAGE_VALUE_CHARS` for a message; a repr that fails (a hostile
/// `__repr__`, an int too long to print) gives the type's name instead.
pub fn shown(obj: &Bound<'_, PyAny>) -> String {
    match obj.repr() {
        Ok(r) => limits::shown(&r.to_string_lossy()).into_owned(),
        Err(_) => match obj.get_type().name() {
            Ok(name) => format!("<{name}>"),
            Err(_) => "<object>".to_string(),
        },
    }
}

/// The error for a card argument past the most the call can use; `got` when it is known.
pub fn too_many(what: &str, most: usize, got: Option<usize>) -> PyErr {
    InvalidCards::new_err(match got {
        Some(n) => format!("too many {what}: got {n}, this call uses at most {most}"),
        None => format!(
            "too many {what}: more than {most}, the most this call uses (the iterable is read \
             no further)"
        ),
    })
}

/// Reads `items` one at a time through `one`, refusing the item past `most`.
fn bounded<'py>(
    items: impl Iterator<Item = PyResult<Bound<'py, PyAny>>>,
    one: impl Fn(&Bound<'py, PyAny>) -> PyResult<u8>,
    what: &str,
    most: usize,
) -> PyResult<Vec<u8>> {
    let mut out = Vec::new();
    for item in items {
        let item = item?;
        if out.len() == most {
            return Err(too_many(what, most, None));
        }
        out.push(one(&item).map_err(|e| at_item(item.py(), e, out.len()))?);
    }
    Ok(out)
}

/// The shape every card argument shares, poker or Pan: a whole string goes to `whole`; a list,
/// tuple or other iterable gives one card an item through `one`, read as far as `most` says;
/// `special` recognises a card object (or set) that stands for itself. `what` and `example`
/// word the error.
pub fn walk_cards<'py>(
    obj: &Bound<'py, PyAny>,
    whole: impl Fn(&str) -> PyResult<Vec<u8>>,
    special: impl Fn(&Bound<'py, PyAny>) -> Option<Vec<u8>>,
    one: impl Fn(&Bound<'py, PyAny>) -> PyResult<u8>,
    (what, example): (&str, &str),
    Most { most, sized }: Most,
) -> PyResult<Vec<u8>> {
    if let Ok(s) = obj.cast::<PyString>() {
        return whole(&s.to_cow()?);
    }
    // A list or tuple is read up to its length at the start, even if a card's `__index__`
    // makes it grow.
    let refuse = |n: usize| (sized && n > most).then(|| too_many(what, most, Some(n)));
    if let Ok(l) = obj.cast::<PyList>() {
        return match refuse(l.len()) {
            Some(e) => Err(e),
            None => bounded(l.iter().map(Ok), one, what, l.len()),
        };
    }
    if let Ok(t) = obj.cast::<PyTuple>() {
        return match refuse(t.len()) {
            Some(e) => Err(e),
            None => bounded(t.iter().map(Ok), one, what, t.len()),
        };
    }
    if let Some(cards) = special(obj) {
        return Ok(cards);
    }
    // A sized iterable (a range, a set) says how many it holds: refused by that count, though
    // reading stays bounded whatever `__len__` claims.
    if let Some(e) = obj.len().ok().and_then(refuse) {
        return Err(e);
    }
    match obj.try_iter() {
        Ok(it) => bounded(it, one, what, most),
        Err(_) => Err(InvalidCards::new_err(format!(
            "invalid {what} {}: expected a string such as '{example}' or an iterable of cards",
            shown(obj)
        ))),
    }
}

/// A bad item's error naming the item (0-based, as Python indexes): "item 4: invalid card
/// \"Xx\"". Other errors (a failing `__index__`) pass unchanged.
fn at_item(py: Python<'_>, error: PyErr, index: usize) -> PyErr {
    if error.is_instance_of::<InvalidCards>(py) {
        InvalidCards::new_err(format!("item {index}: {}", error.value(py)))
    } else {
        error
    }
}

/// Copies rows of card codes, checking each holds `range` distinct cards below 52; errors name
/// the row. Copying first means no other thread can change the cards while we are detached.
pub fn rows_of(
    a: &ArrayView2<'_, u8>,
    range: std::ops::RangeInclusive<usize>,
    what: &str,
) -> PyResult<Vec<u8>> {
    let out = match rows_in_place(a, range, what)? {
        Cow::Owned(rows) => rows,
        Cow::Borrowed(rows) => {
            let mut out = room(rows.len())?;
            out.extend_from_slice(rows);
            out
        }
    };
    for (i, row) in out.chunks_exact(a.ncols().max(1)).enumerate() {
        CoreSet::from_cards(row).map_err(|e| bad_row(i, e))?;
    }
    Ok(out)
}

/// The rows of a batch with their width checked but not their cards: in place when the array
/// is C-contiguous (the Python wrappers hand such arrays over), else copied.
pub fn rows_in_place<'a>(
    a: &'a ArrayView2<'_, u8>,
    range: std::ops::RangeInclusive<usize>,
    what: &str,
) -> PyResult<Cow<'a, [u8]>> {
    if !range.contains(&a.ncols()) {
        return Err(InvalidCards::new_err(format!(
            "expected {what} per row, got {}",
            a.ncols()
        )));
    }
    Ok(match a.as_slice() {
        Some(s) => Cow::Borrowed(s),
        None => {
            let mut out = room(a.len())?;
            out.extend(a.iter().copied());
            Cow::Owned(out)
        }
    })
}

/// An empty vector with room for `n` items, or Python's `MemoryError`: a batch's sizes come
/// from a Python array, and an allocation that fails in Rust aborts the whole process. Every
/// buffer of the batch evaluators is reserved here, then filled without growing.
pub fn room<T>(n: usize) -> PyResult<Vec<T>> {
    let mut out = Vec::new();
    out.try_reserve_exact(n).map_err(|_| {
        let bytes = n.saturating_mul(std::mem::size_of::<T>());
        PyMemoryError::new_err(format!("cannot allocate {bytes} bytes for a batch"))
    })?;
    Ok(out)
}

/// The error for row `i` of a batch.
pub fn bad_row(i: usize, e: CardError) -> PyErr {
    InvalidCards::new_err(format!("row {i}: {e}"))
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
            return Err(bad_row(
                i,
                CardError::Duplicate(both.trailing_zeros() as u8),
            ));
        }
    }
    Ok((h, b))
}
