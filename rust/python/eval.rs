//! The evaluators for Python: single hands (`evaluate_*`) and numpy batches (`_*_batch`).

use super::cards::{cards_of, CardSet};
use super::convert::{omaha_rows, rows_of};
use super::values::{low_hand, HighHand, LowHand, RazzLow};
use crate::eval::made::Dealt;
use crate::eval::{high, hilo, low, omaha, razz};
use crate::limits::{HAND_CARDS, OMAHA_BOARD_CARDS, OMAHA_HOLE_CARDS};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use rayon::prelude::*;

/// Best five of 5, 6 or 7 cards.
#[pyfunction]
pub fn evaluate_high(cards: &Bound<'_, PyAny>) -> PyResult<HighHand> {
    if let Ok(s) = cards.cast::<CardSet>() {
        let s = s.get();
        high::evaluate_set(s.set)?;
        return Ok(HighHand::new(
            s.key().strength(),
            Dealt::any(&s.set.cards().collect::<Vec<_>>()),
        ));
    }
    let c = cards_of(cards, HAND_CARDS)?;
    Ok(HighHand::new(high::evaluate(&c)?, Dealt::any(&c)))
}

/// Omaha hole and board cards, each read no further than an Omaha hand can use.
fn omaha_cards(hole: &Bound<'_, PyAny>, board: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, Vec<u8>)> {
    Ok((
        cards_of(hole, OMAHA_HOLE_CARDS)?,
        cards_of(board, OMAHA_BOARD_CARDS)?,
    ))
}

/// Omaha high: exactly two of 4..6 hole cards and exactly three of 3..5 board cards.
#[pyfunction]
pub fn evaluate_omaha_high(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<HighHand> {
    let (h, b) = omaha_cards(hole, board)?;
    Ok(HighHand::new(
        omaha::evaluate_omaha(&h, &b)?,
        Dealt::omaha(&h, &b),
    ))
}

/// Best 8-or-better low of any five of 5, 6 or 7 cards, or None.
#[pyfunction]
pub fn evaluate_low8(cards: &Bound<'_, PyAny>) -> PyResult<Option<LowHand>> {
    let c = cards_of(cards, HAND_CARDS)?;
    Ok(low_hand(low::evaluate_low8(&c)?, Dealt::any(&c)))
}

/// The razz low of 5, 6 or 7 cards: the best ace-to-five five, every hand counting.
#[pyfunction]
pub fn evaluate_razz(cards: &Bound<'_, PyAny>) -> PyResult<RazzLow> {
    let c = cards_of(cards, HAND_CARDS)?;
    Ok(RazzLow::new(razz::evaluate_razz(&c)?, Dealt::any(&c)))
}

/// Omaha 8-or-better low: exactly two hole and three board cards, or None.
#[pyfunction]
pub fn evaluate_omaha_low8(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<Option<LowHand>> {
    let (h, b) = omaha_cards(hole, board)?;
    Ok(low_hand(
        low::evaluate_omaha_low8(&h, &b)?,
        Dealt::omaha(&h, &b),
    ))
}

/// Both halves of a hi/lo showdown from one pass over 5, 6 or 7 cards.
#[pyfunction]
pub fn evaluate_hilo(cards: &Bound<'_, PyAny>) -> PyResult<(HighHand, Option<LowHand>)> {
    let c = cards_of(cards, HAND_CARDS)?;
    let (hi, lo) = hilo::evaluate_hilo(&c)?;
    let dealt = Dealt::any(&c);
    Ok((HighHand::new(hi, dealt), low_hand(lo, dealt)))
}

/// Both halves of an Omaha Hi/Lo showdown, each exactly two hole plus three board cards.
#[pyfunction]
pub fn evaluate_omaha_hilo(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<(HighHand, Option<LowHand>)> {
    let (h, b) = omaha_cards(hole, board)?;
    let (hi, lo) = hilo::evaluate_omaha_hilo(&h, &b)?;
    let dealt = Dealt::omaha(&h, &b);
    Ok((HighHand::new(hi, dealt), low_hand(lo, dealt)))
}

#[pyfunction]
pub fn _high_batch<'py>(
    py: Python<'py>,
    a: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let k = a.as_array().ncols();
    let rows = rows_of(&a.as_array(), 5..=7, "5 to 7 cards")?;
    let out: Vec<u16> = py.detach(|| {
        rows.par_chunks_exact(k)
            .with_min_len(4096)
            .map(|r| high::HandKey::from_cards(r).strength())
            .collect()
    });
    Ok(out.into_pyarray(py))
}

#[pyfunction]
pub fn _omaha_high_batch<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let (hv, bv) = (hole.as_array(), board.as_array());
    let (nh, nb) = (hv.ncols(), bv.ncols());
    let (h, b) = omaha_rows(&hv, &bv)?;
    let out: Vec<u16> = py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| omaha::omaha_unchecked(h, b))
            .collect()
    });
    Ok(out.into_pyarray(py))
}

type Batch<'py, T> = PyResult<Bound<'py, PyArray1<T>>>;
type HiLoBatch<'py> = PyResult<(Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>)>;

#[pyfunction]
pub fn _low8_batch<'py>(py: Python<'py>, a: PyReadonlyArray2<'py, u8>) -> Batch<'py, u8> {
    let k = a.as_array().ncols();
    let rows = rows_of(&a.as_array(), 5..=7, "5 to 7 cards")?;
    let out: Vec<u8> = py.detach(|| {
        rows.par_chunks_exact(k)
            .with_min_len(4096)
            .map(low::low8_unchecked)
            .collect()
    });
    Ok(out.into_pyarray(py))
}

#[pyfunction]
pub fn _omaha_low8_batch<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
) -> Batch<'py, u8> {
    let (nh, nb) = (hole.as_array().ncols(), board.as_array().ncols());
    let (h, b) = omaha_rows(&hole.as_array(), &board.as_array())?;
    let out: Vec<u8> = py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| low::omaha_low8_unchecked(h, b))
            .collect()
    });
    Ok(out.into_pyarray(py))
}

#[pyfunction]
pub fn _hilo_batch<'py>(py: Python<'py>, a: PyReadonlyArray2<'py, u8>) -> HiLoBatch<'py> {
    let k = a.as_array().ncols();
    let rows = rows_of(&a.as_array(), 5..=7, "5 to 7 cards")?;
    let (hi, lo): (Vec<u16>, Vec<u8>) = py.detach(|| {
        rows.par_chunks_exact(k)
            .with_min_len(4096)
            .map(hilo::hilo_unchecked)
            .unzip()
    });
    Ok((hi.into_pyarray(py), lo.into_pyarray(py)))
}

#[pyfunction]
pub fn _omaha_hilo_batch<'py>(
    py: Python<'py>,
    hole: PyReadonlyArray2<'py, u8>,
    board: PyReadonlyArray2<'py, u8>,
) -> HiLoBatch<'py> {
    let (nh, nb) = (hole.as_array().ncols(), board.as_array().ncols());
    let (h, b) = omaha_rows(&hole.as_array(), &board.as_array())?;
    let (hi, lo): (Vec<u16>, Vec<u8>) = py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| hilo::omaha_hilo_unchecked(h, b))
            .unzip()
    });
    Ok((hi.into_pyarray(py), lo.into_pyarray(py)))
}
