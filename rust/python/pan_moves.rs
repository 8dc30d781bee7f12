//! The Pan legal-move generator (`crate::pan::moves`, docs/rules/pan.md §6.2 to §6.5) for
//! Python: convert, check the position, delegate. `splitpot.pan.moves` wraps the answers in the
//! step records.
use super::pan::{cards_of, cards_tuple, one_card, rules_of, table_of};
use crate::limits::PAN_CARDS;
use crate::pan::{self, Move};
use pyo3::prelude::*;
use pyo3::types::PyTuple;

type Cards<'py> = Bound<'py, PyTuple>;
/// (kind, meld index or None, cards, part or take, pays).
type MoveTuple<'py> = (&'static str, Option<usize>, Cards<'py>, Cards<'py>, u64);

fn move_tuple<'py>(py: Python<'py>, mv: &Move) -> PyResult<MoveTuple<'py>> {
    let none: &[u8] = &[];
    let (cards, second) = match mv {
        Move::Meld { cards, .. } | Move::LayOff { cards, .. } => (&cards[..], none),
        Move::Split { added, part, .. } => (&added[..], &part[..]),
        Move::Borrow { take, cards, .. } => (&cards[..], &take[..]),
    };
    Ok((
        mv.name(),
        mv.meld_index(),
        cards_tuple(py, cards)?,
        cards_tuple(py, second)?,
        mv.pays(),
    ))
}

/// The operations open now: with a `drawn` card not yet `placed`, those that place it (§6.3);
/// otherwise the further operations with hand cards (§6.4). Each (kind, meld index, cards,
/// part or take, pays): "meld" and "lay_off" give their cards and an empty second tuple,
/// "split" its added cards and part, "borrow" its own cards and the take.
#[pyfunction]
#[pyo3(signature = (drawn, placed, hand, melds, rules = None))]
pub fn _pan_turn_moves<'py>(
    py: Python<'py>,
    drawn: Option<&Bound<'py, PyAny>>,
    placed: bool,
    hand: &Bound<'py, PyAny>,
    melds: &Bound<'py, PyAny>,
    rules: Option<&Bound<'py, PyAny>>,
) -> PyResult<Vec<MoveTuple<'py>>> {
    let d = drawn.map(one_card).transpose()?;
    let (h, m, r) = (
        cards_of(hand, PAN_CARDS)?,
        table_of(melds)?,
        rules_of(rules)?,
    );
    pan::check_turn(d, &h, &m, &r)?;
    pan::turn_moves(d, placed, &h, &m, &r)
        .iter()
        .map(|mv| move_tuple(py, mv))
        .collect()
}

/// Whether the drawn `card` can be placed at all (§6.3); decides whether a live discard may be
/// taken (§6.2).
#[pyfunction]
#[pyo3(signature = (card, hand, melds, rules = None))]
pub fn _pan_can_place(
    card: &Bound<'_, PyAny>,
    hand: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (c, h, m, r) = (
        one_card(card)?,
        cards_of(hand, PAN_CARDS)?,
        table_of(melds)?,
        rules_of(rules)?,
    );
    pan::check_turn(Some(c), &h, &m, &r)?;
    Ok(pan::can_place(c, &h, &m, &r))
}

/// Whether the live discard `card` lays off by itself on one of `melds` (the forcing rule,
/// §6.5).
#[pyfunction]
#[pyo3(signature = (card, melds, rules = None))]
pub fn _pan_forces(
    card: &Bound<'_, PyAny>,
    melds: &Bound<'_, PyAny>,
    rules: Option<&Bound<'_, PyAny>>,
) -> PyResult<bool> {
    let (c, m, r) = (one_card(card)?, table_of(melds)?, rules_of(rules)?);
    pan::check_turn(Some(c), &[], &m, &r)?;
    Ok(pan::forces(c, &m, &r))
}
