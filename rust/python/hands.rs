//! High-hand values for Python: `HighHand`, the single-hand functions and the numpy batches.
use super::cards::{Card, CardSet};
use super::convert::cards_of;
use super::errors::InvalidCards;
use crate::cards::{CardError, CardSet as CoreSet};
use crate::eval::made::Dealt;
use crate::eval::{high, omaha};
use numpy::ndarray::ArrayView2;
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use rayon::prelude::*;

pub fn to_cards(five: [u8; 5]) -> Vec<Card> {
    five.iter().map(|&code| Card { code }).collect()
}

/// The value of a high hand. Compares by poker strength only, so equal hands tie; it never
/// compares with a `LowHand` (spec/poker.md §1: lows and highs are different orderings).
#[pyclass(frozen, module = "splitpot._core")]
#[derive(Clone, Copy)]
pub struct HighHand {
    strength: u16,
    dealt: Dealt,
}

static HAND_CATEGORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

pub fn compare<T: PartialOrd>(a: T, b: T, op: CompareOp) -> bool {
    op.matches(a.partial_cmp(&b).expect("strengths are totally ordered"))
}

#[pymethods]
impl HighHand {
    /// 1..7462, larger is better (7462 = royal flush).
    #[getter]
    fn strength(&self) -> u16 {
        self.strength
    }

    /// The `HandCategory` (HIGH_CARD = 0 .. STRAIGHT_FLUSH = 8).
    #[getter]
    fn category<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let enum_type = HAND_CATEGORY.get_or_try_init(py, || {
            Ok::<_, PyErr>(
                py.import("splitpot.hands")?
                    .getattr("HandCategory")?
                    .unbind(),
            )
        })?;
        enum_type.bind(py).call1((high::category(self.strength),))
    }

    /// The five cards that make the hand (for Omaha, the two hole and three board cards).
    fn best_five(&self) -> PyResult<Vec<Card>> {
        let five = if self.dealt.is_omaha() {
            let (hole, board) = self.dealt.split();
            omaha::omaha_best_five(hole, board)?
        } else {
            high::best_five(self.dealt.split().1)?
        };
        Ok(to_cards(five))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let py = other.py();
        if let Ok(o) = other.cast::<HighHand>() {
            return Ok(compare(self.strength, o.get().strength, op)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind());
        }
        if other.is_instance_of::<super::low::LowHand>() {
            return Err(pyo3::exceptions::PyTypeError::new_err(
                "a HighHand cannot be compared with a LowHand: they are different orderings",
            ));
        }
        Ok(py.NotImplemented())
    }

    fn __hash__(&self) -> u64 {
        self.strength as u64
    }

    fn __str__(&self) -> String {
        high::describe(self.strength)
    }

    fn __repr__(&self) -> String {
        let cat = high::CATEGORY_NAMES[high::category(self.strength) as usize];
        format!(
            "HighHand(strength={}, category={})",
            self.strength,
            cat.to_uppercase().replace(' ', "_")
        )
    }
}

impl HighHand {
    pub fn new(strength: u16, dealt: Dealt) -> Self {
        HighHand { strength, dealt }
    }
}

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
    let c = cards_of(cards)?;
    Ok(HighHand::new(high::evaluate(&c)?, Dealt::any(&c)))
}

/// Omaha high: exactly two of 4..6 hole cards and exactly three of 3..5 board cards.
#[pyfunction]
pub fn evaluate_omaha_high(
    hole: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
) -> PyResult<HighHand> {
    let (h, b) = (cards_of(hole)?, cards_of(board)?);
    Ok(HighHand::new(
        omaha::evaluate_omaha(&h, &b)?,
        Dealt::omaha(&h, &b),
    ))
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
