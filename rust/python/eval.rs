//! The evaluators for Python: single hands (`evaluate_*`) and numpy batches (`_*_batch`).

use super::cards::{cards_of, CardSet};
use super::convert::{bad_row, omaha_rows, room, rows_in_place, rows_of};
use super::errors::InvalidCards;
use super::values::{low_hand, HighHand, LowHand, RazzLow};
use crate::cards::{parse_cards_upto, CardSet as CoreSet};
use crate::eval::made::Dealt;
use crate::eval::{high, hilo, low, omaha, razz};
use crate::limits::{HAND_CARDS, OMAHA_BOARD_CARDS, OMAHA_HOLE_CARDS};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::types::PyString;
use rayon::prelude::*;
use std::sync::atomic::{AtomicBool, Ordering};

/// The best five-card high hand of 5, 6 or 7 cards (docs/rules/poker.md §1).
///
/// Args: `cards`, a string (`"AhKhQhJhTh2c3d"`, spaces allowed, `10` for `T`), an iterable
/// of `Card`, `str` or `int` (`rank * 4 + suit`), or a `CardSet`.
///
/// Returns: a `HighHand`: `strength` 1..7462 (larger is better), `category`, `best_five()`.
///
/// Raises: `InvalidCards` (a `ValueError`) naming the bad token, a repeated card, or a count
/// outside 5..7.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> h = sp.evaluate_high("AhKhQhJhTh 2c3d")
/// >>> h.strength, str(h)
/// (7462, 'Straight Flush, Ace high')
/// >>> sp.evaluate_high("2c3d4h5s7c") < sp.evaluate_high("2c2d4h5s7c")
/// True
#[pyfunction]
pub fn evaluate_high<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, HighHand>> {
    // A hand as text, the common call: read into an array, no allocation; anything unusual
    // (a bad token, too many cards) goes the general way, which names the problem.
    if let Ok(s) = cards.cast::<PyString>() {
        if let Some((buf, n)) = parse_cards_upto::<HAND_CARDS>(&s.to_cow()?) {
            let c = &buf[..n];
            return HighHand::new(high::evaluate(c)?, Dealt::any(c)).into_untracked(cards.py());
        }
    }
    if let Ok(s) = cards.cast::<CardSet>() {
        let s = s.get();
        high::evaluate_set(s.set)?;
        let dealt = Dealt::any(&s.set.cards().collect::<Vec<_>>());
        return HighHand::new(s.key().strength(), dealt).into_untracked(cards.py());
    }
    let c = cards_of(cards, HAND_CARDS)?;
    HighHand::new(high::evaluate(&c)?, Dealt::any(&c)).into_untracked(cards.py())
}

/// Omaha hole and board cards, each read no further than an Omaha hand can use.
fn omaha_cards(hole: &Bound<'_, PyAny>, board: &Bound<'_, PyAny>) -> PyResult<(Vec<u8>, Vec<u8>)> {
    Ok((
        cards_of(hole, OMAHA_HOLE_CARDS)?,
        cards_of(board, OMAHA_BOARD_CARDS)?,
    ))
}

/// The best Omaha high hand: exactly two of the 4..6 hole cards and exactly three of the
/// 3..5 board cards (docs/rules/poker.md §2).
///
/// Args: `hole` and `board`, each cards as for `evaluate_high`.
///
/// Returns: a `HighHand`; `best_five()` gives the five cards (two of the hole, three of the board).
///
/// Raises: `InvalidCards` for a bad or repeated card (also across hole and board) or a count
/// outside those ranges.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> sp.evaluate_omaha_high("AhKcQd2s", "3h4h5h9hJc").category.name  # no flush: 2 + 3
/// 'STRAIGHT'
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

/// The best 8-or-better low of any five of 5, 6 or 7 cards, or None when no five distinct
/// ranks of eight or lower make one (docs/rules/poker.md §1; aces low, straights and flushes
/// do not count).
///
/// Args: `cards` as for `evaluate_high`.
///
/// Returns: a `LowHand` (`strength` 1..56, larger is better, 56 = A-2-3-4-5; `ranks`) or
/// None.
///
/// Raises: `InvalidCards` for a bad or repeated card or a count outside 5..7.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> low = sp.evaluate_low8("Ah2c3d4s8h KdKc")
/// >>> low is not None and (low.strength, str(low))
/// (35, '8-4-3-2-A')
/// >>> sp.evaluate_low8("9h9cTdKsQh2c3d") is None
/// True
#[pyfunction]
pub fn evaluate_low8(cards: &Bound<'_, PyAny>) -> PyResult<Option<LowHand>> {
    let c = cards_of(cards, HAND_CARDS)?;
    Ok(low_hand(low::evaluate_low8(&c)?, Dealt::any(&c)))
}

/// The razz low of 5, 6 or 7 cards: the best ace-to-five five, every hand counting (a pair
/// is a poor low, never no low; docs/rules/poker.md §1).
///
/// Args: `cards` as for `evaluate_high`.
///
/// Returns: a `RazzLow`, larger `strength` better.
///
/// Raises: `InvalidCards` for a bad or repeated card or a count outside 5..7.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> str(sp.evaluate_razz("AcAd 2c3d4h 2s4c"))
/// 'Pair of Aces, 4-3-2'
#[pyfunction]
pub fn evaluate_razz(cards: &Bound<'_, PyAny>) -> PyResult<RazzLow> {
    let c = cards_of(cards, HAND_CARDS)?;
    Ok(RazzLow::new(razz::evaluate_razz(&c)?, Dealt::any(&c)))
}

/// The Omaha 8-or-better low: exactly two hole and three board cards, or None.
///
/// Args: `hole` (4..6 cards) and `board` (3..5 cards), as for `evaluate_omaha_high`.
///
/// Returns: a `LowHand` or None.
///
/// Raises: `InvalidCards` as `evaluate_omaha_high`.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> str(sp.evaluate_omaha_low8("Ad2dKcKs", "3c4c5d9hJd"))
/// '5-4-3-2-A'
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

/// Both halves of a hi/lo showdown from one pass over 5, 6 or 7 cards: the `HighHand` and
/// the 8-or-better `LowHand` or None, each as its own evaluator gives it.
///
/// Raises: `InvalidCards` as `evaluate_high`.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> hi, lo = sp.evaluate_hilo("Ah2c3d4s5h KdKc")
/// >>> hi.category.name, str(lo)
/// ('STRAIGHT', '5-4-3-2-A')
#[pyfunction]
pub fn evaluate_hilo(cards: &Bound<'_, PyAny>) -> PyResult<(HighHand, Option<LowHand>)> {
    let c = cards_of(cards, HAND_CARDS)?;
    let (hi, lo) = hilo::evaluate_hilo(&c)?;
    let dealt = Dealt::any(&c);
    Ok((HighHand::new(hi, dealt), low_hand(lo, dealt)))
}

/// Both halves of an Omaha Hi/Lo showdown, each exactly two hole plus three board cards
/// (the two halves may use different hole cards).
///
/// Raises: `InvalidCards` as `evaluate_omaha_high`.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> hi, lo = sp.evaluate_omaha_hilo("Ad2dKcKs", "3c4c5d9hJd")
/// >>> hi.category.name, str(lo)
/// ('STRAIGHT', '5-4-3-2-A')
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

/// Strengths of a batch of 5- to 7-card rows (`splitpot.evaluate_high_batch`); `one_thread`
/// keeps the work on the calling thread (benches/test_bench_high.py's one-thread reference).
///
/// The rows are read in place, not copied, and each is checked while its key is built
/// (`HandKey::from_checked`), in the parallel pass: copying and checking a million rows with
/// the GIL held cost more than evaluating them on every core. The check is made on the key
/// itself, so a Python thread writing the array meanwhile (as with numpy's own functions that
/// release the GIL) can change the answers of the rows it writes, never make us read out of
/// bounds: any byte indexes the card keys' 256 entries.
#[pyfunction]
#[pyo3(signature = (a, one_thread = false))]
pub fn _high_batch<'py>(
    py: Python<'py>,
    a: PyReadonlyArray2<'py, u8>,
    one_thread: bool,
) -> PyResult<Bound<'py, PyArray1<u16>>> {
    let view = a.as_array();
    let k = view.ncols();
    let rows = rows_in_place(&view, 5..=7, "5 to 7 cards")?;
    let bad = AtomicBool::new(false);
    // Strength 0 marks a bad row (strengths start at 1); it is named after the pass.
    let one = |r: &[u8]| match high::HandKey::from_checked(r) {
        Ok(key) => key.strength(),
        Err(_) => {
            bad.store(true, Ordering::Relaxed);
            0
        }
    };
    let mut out: Vec<u16> = room(view.nrows())?;
    py.detach(|| {
        if one_thread {
            out.extend(rows.chunks_exact(k).map(one));
        } else {
            rows.par_chunks_exact(k)
                .with_min_len(4096)
                .map(one)
                .collect_into_vec(&mut out);
        }
    });
    if bad.into_inner() {
        let i = out.iter().position(|&s| s == 0).unwrap_or(0);
        let row = &rows[i * k..(i + 1) * k];
        return Err(match CoreSet::from_cards(row) {
            Err(e) => bad_row(i, e),
            Ok(_) => InvalidCards::new_err(format!("row {i}: the cards changed while being read")),
        });
    }
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
    let mut out: Vec<u16> = room(hv.nrows())?;
    py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| omaha::omaha_unchecked(h, b))
            .collect_into_vec(&mut out)
    });
    Ok(out.into_pyarray(py))
}

type Batch<'py, T> = PyResult<Bound<'py, PyArray1<T>>>;
type HiLoBatch<'py> = PyResult<(Bound<'py, PyArray1<u16>>, Bound<'py, PyArray1<u8>>)>;

#[pyfunction]
pub fn _low8_batch<'py>(py: Python<'py>, a: PyReadonlyArray2<'py, u8>) -> Batch<'py, u8> {
    let k = a.as_array().ncols();
    let rows = rows_of(&a.as_array(), 5..=7, "5 to 7 cards")?;
    let mut out: Vec<u8> = room(a.as_array().nrows())?;
    py.detach(|| {
        rows.par_chunks_exact(k)
            .with_min_len(4096)
            .map(low::low8_unchecked)
            .collect_into_vec(&mut out)
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
    let mut out: Vec<u8> = room(hole.as_array().nrows())?;
    py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| low::omaha_low8_unchecked(h, b))
            .collect_into_vec(&mut out)
    });
    Ok(out.into_pyarray(py))
}

#[pyfunction]
pub fn _hilo_batch<'py>(py: Python<'py>, a: PyReadonlyArray2<'py, u8>) -> HiLoBatch<'py> {
    let k = a.as_array().ncols();
    let rows = rows_of(&a.as_array(), 5..=7, "5 to 7 cards")?;
    let n = a.as_array().nrows();
    let (mut hi, mut lo): (Vec<u16>, Vec<u8>) = (room(n)?, room(n)?);
    py.detach(|| {
        rows.par_chunks_exact(k)
            .with_min_len(4096)
            .map(hilo::hilo_unchecked)
            .unzip_into_vecs(&mut hi, &mut lo)
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
    let n = hole.as_array().nrows();
    let (mut hi, mut lo): (Vec<u16>, Vec<u8>) = (room(n)?, room(n)?);
    py.detach(|| {
        h.par_chunks_exact(nh)
            .zip(b.par_chunks_exact(nb))
            .with_min_len(1024)
            .map(|(h, b)| hilo::omaha_hilo_unchecked(h, b))
            .unzip_into_vecs(&mut hi, &mut lo)
    });
    Ok((hi.into_pyarray(py), lo.into_pyarray(py)))
}
