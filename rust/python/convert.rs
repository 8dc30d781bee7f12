//! Turning Python card arguments into card codes: a string ("AhKd 7c"), a `Card`, a `CardSet`,
//! or an iterable of `Card`, `str` (one card each) or `int` (0..51).
use super::cards::{Card, CardSet as PyCardSet};
use super::errors::InvalidCards;
use crate::cards::{parse_card, parse_cards, CardError};
use pyo3::prelude::*;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};

fn one_card(item: &Bound<'_, PyAny>) -> PyResult<u8> {
    // Exact ints first: the common form, and the check leaves bools (an int subclass) out.
    if item.is_exact_instance_of::<PyInt>() {
        return match item.extract::<i64>() {
            Ok(v) if (0..52).contains(&v) => Ok(v as u8),
            Ok(v) => Err(CardError::BadCode(v).into()),
            Err(_) => Err(InvalidCards::new_err(format!(
                "invalid card {}: expected 0..51",
                item.repr()?
            ))),
        };
    }
    if let Ok(c) = item.cast::<Card>() {
        return Ok(c.get().code);
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(parse_card(&s.to_cow()?)?);
    }
    if item.is_instance_of::<pyo3::types::PyBool>() {
        return Err(InvalidCards::new_err(format!(
            "invalid card {}: a bool is not a card",
            item.repr()?
        )));
    }
    match item.extract::<i64>() {
        Ok(v) if (0..52).contains(&v) => Ok(v as u8),
        Ok(v) => Err(CardError::BadCode(v).into()),
        Err(_) => Err(InvalidCards::new_err(format!(
            "invalid card {}: expected a Card, a card string such as 'Ah', or an int 0..51",
            item.repr()?
        ))),
    }
}

/// Card codes from any accepted form; duplicates are checked by the evaluation that uses them.
pub fn cards_of(obj: &Bound<'_, PyAny>) -> PyResult<Vec<u8>> {
    let special = |o: &Bound<'_, PyAny>| {
        if let Ok(s) = o.cast::<PyCardSet>() {
            return Some(s.get().set.cards().collect());
        }
        o.cast::<Card>().ok().map(|c| vec![c.get().code])
    };
    walk_cards(
        obj,
        |t| Ok(parse_cards(t)?),
        special,
        one_card,
        "cards",
        "AhKd 7c",
    )
}

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
