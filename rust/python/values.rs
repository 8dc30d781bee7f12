//! Hand values for Python: `HighHand` and `LowHand`. They compare only with their own kind
//! (spec/poker.md §1: lows and highs are different orderings), so both live in one file.

use super::cards::Card;
use crate::eval::made::Dealt;
use crate::eval::{high, low, omaha};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;

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
        if other.is_instance_of::<LowHand>() {
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
    fn best_five(&self) -> PyResult<Vec<Card>> {
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

pub fn low_hand(strength: u8, dealt: Dealt) -> Option<LowHand> {
    (strength > 0).then_some(LowHand { strength, dealt })
}
