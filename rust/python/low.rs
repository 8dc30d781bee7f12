//! 8-or-better lows for Python: `LowHand`, the single-hand functions, hi/lo in one pass, batches.
use super::convert::cards_of;
use super::hands::{compare, omaha_rows, rows_of, to_cards, HighHand};
use crate::eval::made::Dealt;
use crate::eval::{hilo, low};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use rayon::prelude::*;

/// The value of an 8-or-better low. Compares by strength among lows only (spec/poker.md §1).
#[pyclass(frozen, module = "splitpot._core")]
#[derive(Clone, Copy)]
pub struct LowHand {
    strength: u8,
    dealt: Dealt,
}

#[pymethods]
impl LowHand {
    /// 1..56, larger is better (56 = A-2-3-4-5).
    #[getter]
    fn strength(&self) -> u8 {
        self.strength
    }

    /// The five ranks, high to low, ace = 1: (8, 4, 3, 2, 1).
    #[getter]
    fn ranks(&self) -> (u8, u8, u8, u8, u8) {
        let r = low::low_ranks(self.strength);
        (r[0], r[1], r[2], r[3], r[4])
    }

    /// The five cards that make the low (for Omaha, two hole and three board cards).
    fn best_five(&self) -> PyResult<Vec<super::cards::Card>> {
        let five = if self.dealt.is_omaha() {
            let (hole, board) = self.dealt.split();
            low::omaha_low8_best_five(hole, board)?
        } else {
            low::low8_best_five(self.dealt.split().1)?
        };
        Ok(to_cards(
            five.expect("a LowHand exists only for a qualifying low"),
        ))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(o) = other.cast::<LowHand>() {
            let b = compare(self.strength, o.get().strength, op);
            return Ok(b.into_pyobject(py)?.to_owned().into_any().unbind());
        }
        if other.is_instance_of::<HighHand>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a LowHand cannot be compared with a HighHand: they are different orderings",
            ));
        }
        Ok(py.NotImplemented())
    }

    fn __hash__(&self) -> u64 {
        self.strength as u64
    }

    fn __str__(&self) -> String {
        low::describe_low(self.strength)
    }

    fn __repr__(&self) -> String {
        format!(
            "LowHand(strength={}, ranks={:?})",
            self.strength,
            self.ranks()
        )
    }
}

fn low_hand(strength: u8, dealt: Dealt) -> Option<LowHand> {
    (strength > 0).then_some(LowHand { strength, dealt })
}

/// Best 8-or-better low of any five of 5, 6 or 7 cards, or None.
#[pyfunction]
pub fn evaluate_low8(cards: &Bound<'_, PyAny>) -> PyResult<Option<LowHand>> {
    let c = cards_of(cards)?;
    Ok(low_hand(low::evaluate_low8(&c)?, Dealt::any(&c)))
}

/// Omaha 8-or-better low: exactly two hole and three board cards, or None.
#[pyfunction]
pub fn evaluate_omaha_low8(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<Option<LowHand>> {
    let (h, b) = (cards_of(hole)?, cards_of(board)?);
    Ok(low_hand(
        low::evaluate_omaha_low8(&h, &b)?,
        Dealt::omaha(&h, &b),
    ))
}

/// Both halves of a hi/lo showdown from one pass over 5, 6 or 7 cards.
#[pyfunction]
pub fn evaluate_hilo(cards: &Bound<'_, PyAny>) -> PyResult<(HighHand, Option<LowHand>)> {
    let c = cards_of(cards)?;
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
    let (h, b) = (cards_of(hole)?, cards_of(board)?);
    let (hi, lo) = hilo::evaluate_omaha_hilo(&h, &b)?;
    let dealt = Dealt::omaha(&h, &b);
    Ok((HighHand::new(hi, dealt), low_hand(lo, dealt)))
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
