//! Hand values for Python: `HighHand`, `LowHand` and `RazzLow`. They compare only with their
//! own kind (docs/rules/poker.md §1: lows and highs are different orderings), so all three live
//! in one file.

use super::cards::Card;
use super::errors::InvalidCards;
use crate::eval::made::Dealt;
use crate::eval::{high, low, razz};
use pyo3::basic::CompareOp;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::PyDict;

/// `obj` taken off the garbage collector's lists. PyO3 makes every pyclass a GC type, but a
/// hand value refers to no other Python object, so it can never be part of a cycle; tracking
/// it only makes each collection walk every live value (a loop keeping a thousand hands spent
/// about a sixth of its time in the collector). CPython does the same for tuples and dicts
/// that hold only atomic values.
fn untracked(obj: Bound<'_, HighHand>) -> PyResult<Bound<'_, HighHand>> {
    // SAFETY: `obj` is a live `HighHand`, a GC type, and we are attached to the interpreter
    // (a `Bound` proves both). A `HighHand` holds only plain Rust values (a strength and card
    // codes), no Python reference, so it can be in no cycle and the collector never needs to
    // visit it; untracking changes nothing else. PyO3's dealloc untracks again, which CPython
    // allows (`PyObject_GC_UnTrack` does nothing for an object not tracked).
    unsafe { pyo3::ffi::PyObject_GC_UnTrack(obj.as_ptr().cast()) };
    Ok(obj)
}

pub fn to_cards(five: [u8; 5]) -> Vec<Card> {
    five.iter().map(|&code| Card { code }).collect()
}

/// The value of a high hand, as `evaluate_high` and the other high evaluators return it (it
/// is not built directly). Compares and hashes by poker strength only, so equal hands tie; it
/// is never equal to a `LowHand` or a `RazzLow`, and ordering against one is a `TypeError`
/// (docs/rules/poker.md §1: lows and highs are different orderings).
///
/// Attributes: `strength` 1..7462 (larger is better), `category` (a `HandCategory`);
/// `best_five()` the five cards that make it; `str()` the hand in words.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> h = sp.evaluate_high("AhAd KcKd 7s")
/// >>> h
/// HighHand(strength=4990, category=TWO_PAIR)
/// >>> str(h), h.category.name
/// ('Two Pair, Aces and Kings, Seven kicker', 'TWO_PAIR')
/// >>> h == sp.evaluate_high("AsAc KhKs 7d"), h > sp.evaluate_high("AhAd KcKd 6s")
/// (True, True)
#[pyclass(frozen, module = "splitpot._core")]
#[derive(Clone, Copy)]
pub struct HighHand {
    strength: u16,
    dealt: Dealt,
}

static HAND_CATEGORY: PyOnceLock<Py<PyAny>> = PyOnceLock::new();

/// A category's Python name: "Straight Flush" is `STRAIGHT_FLUSH`.
fn category_name(category: usize) -> String {
    high::CATEGORY_NAMES[category]
        .to_uppercase()
        .replace(' ', "_")
}

/// `HandCategory`: the stdlib `IntEnum` of `high::CATEGORY_NAMES` (docs/rules/poker.md §1), made
/// once, so the names have one home and the core never imports the package.
pub fn hand_category(py: Python<'_>) -> PyResult<&Bound<'_, PyAny>> {
    let made = HAND_CATEGORY.get_or_try_init(py, || {
        let members: Vec<(String, usize)> = (0..high::CATEGORY_NAMES.len())
            .map(|c| (category_name(c), c))
            .collect();
        let options = PyDict::new(py);
        options.set_item("module", "splitpot.hands")?;
        let enum_type = py
            .import("enum")?
            .getattr("IntEnum")?
            .call(("HandCategory", members), Some(&options))?;
        enum_type.setattr(
            "__doc__",
            "High-hand categories, weakest first (docs/rules/poker.md §1): HIGH_CARD = 0,\n\
             PAIR, TWO_PAIR, THREE_OF_A_KIND, STRAIGHT, FLUSH, FULL_HOUSE, FOUR_OF_A_KIND,\n\
             STRAIGHT_FLUSH = 8; an IntEnum, so categories compare as ints. `HighHand.category`\n\
             gives one.\n\n\
             >>> import splitpot as sp\n\
             >>> sp.evaluate_high(\"AhKhQhJh9h\").category\n\
             <HandCategory.FLUSH: 5>\n\
             >>> sp.HandCategory.FLUSH > sp.HandCategory.STRAIGHT, int(sp.HandCategory.PAIR)\n\
             (True, 1)",
        )?;
        Ok::<_, PyErr>(enum_type.unbind())
    })?;
    Ok(made.bind(py))
}

/// Compares a value with another of its kind (`theirs`) by strength; a value of the other kind
/// (`crossed`) is unequal, and ordering against it a `TypeError`, since highs and lows are
/// different orderings (docs/rules/poker.md §1); anything else is `NotImplemented`.
fn richcmp(
    other: &Bound<'_, PyAny>,
    mine: u16,
    theirs: Option<u16>,
    crossed: bool,
    op: CompareOp,
    kind: &str,
    other_kind: &str,
) -> PyResult<Py<PyAny>> {
    let py = other.py();
    match theirs {
        Some(t) => Ok(op
            .matches(mine.cmp(&t))
            .into_pyobject(py)?
            .to_owned()
            .into_any()
            .unbind()),
        // A high is never equal to a low (`low in [high]` is False), but ordering them is
        // a mistake: there is no such order.
        None if crossed && matches!(op, CompareOp::Eq | CompareOp::Ne) => {
            Ok(matches!(op, CompareOp::Ne)
                .into_pyobject(py)?
                .to_owned()
                .into_any()
                .unbind())
        }
        None if crossed => Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "{kind} cannot be ordered against {other_kind}: they are different orderings"
        ))),
        None => Ok(py.NotImplemented()),
    }
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
        hand_category(py)?.call1((high::category(self.strength),))
    }

    /// The five cards that make the hand (for Omaha, two hole and three board cards), as
    /// `Card`s in the order people read them: the biggest group first (the pair of a one-pair
    /// hand, the trips of a full house), then high to low; a five-high straight as 5-4-3-2-A.
    ///
    /// >>> import splitpot as sp
    /// >>> [str(c) for c in sp.evaluate_high("AhAd KcKd 7s 2c 3d").best_five()]
    /// ['Ah', 'Ad', 'Kc', 'Kd', '7s']
    fn best_five(&self) -> PyResult<Vec<Card>> {
        Ok(to_cards(self.dealt.high_five()?))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let theirs = other.cast::<HighHand>().ok().map(|o| o.get().strength);
        let crossed = other.is_instance_of::<LowHand>() || other.is_instance_of::<RazzLow>();
        richcmp(
            other,
            self.strength,
            theirs,
            crossed,
            op,
            "a HighHand",
            "a low",
        )
    }

    fn __hash__(&self) -> u64 {
        self.strength as u64
    }

    fn __str__(&self) -> String {
        high::describe(self.strength)
    }

    fn __repr__(&self) -> String {
        format!(
            "HighHand(strength={}, category={})",
            self.strength,
            category_name(high::category(self.strength) as usize)
        )
    }
}

impl HighHand {
    pub fn new(strength: u16, dealt: Dealt) -> Self {
        HighHand { strength, dealt }
    }

    /// The Python object, left out of the garbage collector's lists (see [`untracked`]).
    pub fn into_untracked(self, py: Python<'_>) -> PyResult<Bound<'_, HighHand>> {
        untracked(Bound::new(py, self)?)
    }
}

/// The value of an 8-or-better low, as `evaluate_low8` and the other low evaluators return it
/// (it is not built directly). Compares and hashes by strength among lows only: never equal
/// to a `HighHand` or a `RazzLow`, and ordering against one is a `TypeError`
/// (docs/rules/poker.md §1).
///
/// Attributes: `strength` 1..56 (larger is better, 56 = A-2-3-4-5), `ranks` high to low with
/// ace = 1; `best_five()` the five cards; `str()` the low as read ("8-4-3-2-A").
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> low = sp.evaluate_low8("Ah2c3d4s8h")
/// >>> low, str(low)
/// (LowHand(strength=35, ranks=(8, 4, 3, 2, 1)), '8-4-3-2-A')
/// >>> low < sp.evaluate_low8("Ah2c3d4s5h")
/// True
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

    /// The five cards that make the low (for Omaha, two hole and three board cards), as
    /// `Card`s read high to low with the ace as one: 8-4-3-2-A.
    ///
    /// >>> import splitpot as sp
    /// >>> [str(c) for c in sp.evaluate_low8("Ah2c3d4s8h KdKc").best_five()]
    /// ['8h', '4s', '3d', '2c', 'Ah']
    fn best_five(&self) -> PyResult<Vec<Card>> {
        match self.dealt.low8_five()? {
            Some(five) => Ok(to_cards(five)),
            None => Err(InvalidCards::new_err("these cards make no 8-or-better low")),
        }
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let theirs = other
            .cast::<LowHand>()
            .ok()
            .map(|o| o.get().strength as u16);
        let crossed = other.is_instance_of::<HighHand>() || other.is_instance_of::<RazzLow>();
        richcmp(
            other,
            self.strength as u16,
            theirs,
            crossed,
            op,
            "a LowHand",
            "a HighHand or a RazzLow",
        )
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

/// The razz value of a hand: the ace-to-five low every hand has, no qualifier (eval/razz.rs),
/// as `evaluate_razz` returns it (it is not built directly). Compares and hashes by strength
/// among razz lows only: never equal to a `HighHand`, nor to an 8-or-better `LowHand`, whose
/// strengths are another numbering; ordering against either is a `TypeError`.
///
/// Attributes: `strength` 1..6175 (larger is better, 6175 = 5-4-3-2-A), `ranks` as the hand
/// is read with ace = 1; `best_five()` the five cards; `str()` the low in words.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> r = sp.evaluate_razz("AcAd 2c3d4h 2s4c")
/// >>> r, str(r)
/// (RazzLow(strength=4888, ranks=(1, 1, 4, 3, 2)), 'Pair of Aces, 4-3-2')
/// >>> r < sp.evaluate_razz("Ac2d3c4d6h KsKc")
/// True
#[pyclass(frozen, module = "splitpot._core")]
#[derive(Clone, Copy)]
pub struct RazzLow {
    strength: u16,
    dealt: Dealt,
}

#[pymethods]
impl RazzLow {
    /// 1..6175, larger is better (6175 = 5-4-3-2-A, 1 = K-K-K-K-Q).
    #[getter]
    fn strength(&self) -> u16 {
        self.strength
    }

    /// The five ranks as the hand is read, ace = 1: the largest group of a rank first, each
    /// group high to low: (7, 5, 4, 3, 2); a pair of fours with 7-2-A is (4, 4, 7, 2, 1).
    #[getter]
    fn ranks(&self) -> (u8, u8, u8, u8, u8) {
        let r = razz::razz_ranks(self.strength);
        (r[0], r[1], r[2], r[3], r[4])
    }

    /// The five cards that make the low, as `Card`s read as the low is: a pair first, then
    /// high to low with the ace as one.
    ///
    /// >>> import splitpot as sp
    /// >>> [str(c) for c in sp.evaluate_razz("AcAd 2c3d4h 2s4c").best_five()]
    /// ['Ac', 'Ad', '4h', '3d', '2c']
    fn best_five(&self) -> PyResult<Vec<Card>> {
        Ok(to_cards(self.dealt.razz_five()?))
    }

    fn __richcmp__(&self, other: &Bound<'_, PyAny>, op: CompareOp) -> PyResult<Py<PyAny>> {
        let theirs = other.cast::<RazzLow>().ok().map(|o| o.get().strength);
        let crossed = other.is_instance_of::<HighHand>() || other.is_instance_of::<LowHand>();
        richcmp(
            other,
            self.strength,
            theirs,
            crossed,
            op,
            "a RazzLow",
            "a HighHand or a LowHand",
        )
    }

    fn __hash__(&self) -> u64 {
        self.strength as u64
    }

    fn __str__(&self) -> String {
        razz::describe_razz(self.strength)
    }

    fn __repr__(&self) -> String {
        format!(
            "RazzLow(strength={}, ranks={:?})",
            self.strength,
            self.ranks()
        )
    }
}

impl RazzLow {
    pub fn new(strength: u16, dealt: Dealt) -> Self {
        RazzLow { strength, dealt }
    }
}
