//! The evaluators for Python: single hands (`evaluate_*`) and numpy batches (`_*_batch`).

use super::cards::{cards_of, CardSet};
use super::convert::{bad_row, omaha_rows, room, rows_in_place, rows_of};
use super::errors::InvalidCards;
use super::values::{low_hand, HighHand, LowHand, RazzLow};
use crate::cards::{dense_cards, pair_code, parse_cards_upto, CardSet as CoreSet};
use crate::eval::high::KeyFold;
use crate::eval::made::Dealt;
use crate::eval::{high, hilo, low, omaha, razz};
use crate::limits::{HAND_CARDS, OMAHA_BOARD_CARDS, OMAHA_HOLE_CARDS};
use numpy::{IntoPyArray, PyArray1, PyReadonlyArray2};
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyInt, PyList, PyString, PyTuple};
use pyo3::Borrowed;
use pyo3::PyTypeInfo;
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
    // A hand as text or a list of ints, the common calls: read into an array, no allocation;
    // anything unusual (a bad token, too many cards) goes the general way, which names the
    // problem.
    if let Some((packed, n, fold)) = quick_hand(cards)? {
        let strength = fold.finish(packed, n)?.strength();
        return HighHand::new(strength, Dealt::packed(packed, n)).into_untracked(cards.py());
    }
    if let Ok(s) = cards.cast::<CardSet>() {
        let s = s.get();
        high::evaluate_set(s.set)?; // five to seven cards: they pack into a u64, no Vec
        let (packed, n) = s.set.cards().enumerate().fold((0u64, 0), |(p, _), (i, c)| {
            (p | (c as u64) << (8 * i), i + 1)
        });
        return HighHand::new(s.key().strength(), Dealt::packed(packed, n))
            .into_untracked(cards.py());
    }
    let c = cards_of(cards, HAND_CARDS)?;
    HighHand::new(high::evaluate(&c)?, Dealt::any(&c)).into_untracked(cards.py())
}

/// Up to seven card codes from the forms a hand is most often given in: text (`"AhKh2c..."`)
/// or a list or tuple of ints, packed one a byte (the first lowest, as
/// [`crate::cards::dense_cards`] gives them), how many, and their key folded as they were read
/// (checked by [`KeyFold::finish`]); `None` for anything else (or anything unusual), which goes
/// the general way ([`cards_of`]), where a bad card is named.
#[inline(always)]
fn quick_hand(cards: &Bound<'_, PyAny>) -> PyResult<Option<(u64, usize, KeyFold)>> {
    // Exact types: a pointer compare, where `cast` asks the interpreter for the type's flags
    // (a call, under the stable ABI); subclasses take the general way.
    if let Some(s) = exact::<PyString>(cards) {
        // The UTF-8 the interpreter keeps for the string, borrowed: no copy.
        return Ok(quick_text(s.to_str()?));
    }
    let ints = SmallInts::get(cards.py())?;
    if let Some(list) = exact::<PyList>(cards) {
        return Ok(ints.list_hand(list));
    }
    if let Some(t) = exact::<PyTuple>(cards) {
        let (mut packed, mut fold) = (0u64, KeyFold::default());
        let n = t.len();
        if n > HAND_CARDS {
            return Ok(None);
        }
        for i in 0..n {
            match ints.code(t.get_borrowed_item(i)?) {
                Some(c) => {
                    packed |= (c as u64) << (8 * i);
                    fold.push(c);
                }
                None => return Ok(None),
            }
        }
        return Ok(Some((packed, n, fold)));
    }
    Ok(None)
}

/// `obj` as an exact `T`, or `None`: `cast_exact`'s type-pointer compare without its error,
/// whose reference to the type object is two interpreter calls (an incref and a decref,
/// under the stable ABI) on every miss.
#[inline(always)]
fn exact<'a, 'py, T: PyTypeInfo>(obj: &'a Bound<'py, PyAny>) -> Option<&'a Bound<'py, T>> {
    // SAFETY: `is_exact_instance_of` has just found the object's type to be exactly `T`'s.
    obj.is_exact_instance_of::<T>()
        .then(|| unsafe { obj.cast_unchecked::<T>() })
}

/// [`quick_hand`] of text: seven cards written densely (`"AhKh2c3d4s5h6c"`, the common call)
/// read and keyed in one pass, a pair at a time; any other text through the general readers.
#[inline(always)]
fn quick_text(text: &str) -> Option<(u64, usize, KeyFold)> {
    if let Ok(pairs) = <&[u8; 2 * HAND_CARDS]>::try_from(text.as_bytes()) {
        let (mut packed, mut fold) = (0u64, KeyFold::default());
        for (i, pair) in pairs.chunks_exact(2).enumerate() {
            let code = pair_code(pair[0], pair[1]);
            packed |= (code as u64) << (8 * i);
            fold.push(code);
        }
        // A pair that is no card read 0xff, whose top bit no code has: read it the slow way.
        if packed & 0x0080_8080_8080_8080 == 0 {
            return Some((packed, HAND_CARDS, fold));
        }
    }
    let (packed, n) = match dense_cards(text.as_bytes()) {
        Some(hand) => Some(hand).filter(|&(_, n)| n <= HAND_CARDS)?,
        None => parse_cards_upto::<HAND_CARDS>(text).map(|(buf, n)| (pack(&buf[..n]), n))?,
    };
    let mut fold = KeyFold::default();
    packed.to_le_bytes()[..n].iter().for_each(|&c| fold.push(c));
    Some((packed, n, fold))
}

/// Codes packed one a byte, the first lowest (at most eight).
fn pack(codes: &[u8]) -> u64 {
    codes
        .iter()
        .take(8)
        .enumerate()
        .fold(0, |w, (i, &c)| w | (c as u64) << (8 * i))
}

/// The card codes 0..52 as Python ints, known by address. CPython keeps one object for each
/// small int (-5..256), so a list of card codes holds these very objects, and an item is a
/// code when its address is one of them: a subtraction and a compare, where converting each
/// int costs a call into the interpreter. They are laid out one after another, so the offset
/// from 0's names the candidate, and the table confirms it; anything else (another layout, a
/// big int, a bool, a Card) is converted the general way.
struct SmallInts {
    addr: [usize; 52],
    /// log2 of the distance between two of them (0 when it is no power of two: then every
    /// item is converted).
    shift: u32,
    /// Whether an exact list's items may be read from its item array ([`list_layout_known`]);
    /// else each is a `PyList_GetItem` call.
    direct: bool,
}

/// The head of CPython's list object (Include/cpython/listobject.h): the variable-size object
/// header, then the pointer to the items. Not part of the stable ABI, so read only where
/// [`list_layout_known`] has vouched for it.
#[repr(C)]
struct ListHead {
    head: pyo3::ffi::PyVarObject,
    items: *const *mut pyo3::ffi::PyObject,
}

/// Whether this interpreter's lists are laid out as [`ListHead`] says: CPython 3.10 to 3.14
/// (the versions this module loads into; the layout is the same from 3.0 through 3.14), a
/// build with the GIL (a free-threaded build has another object header), and a probe list's
/// items read through it the very objects `PyList_GetItem` gives. Any other interpreter or a
/// later version pays a `PyList_GetItem` call per item, the stable ABI's way.
fn list_layout_known(py: Python<'_>) -> PyResult<bool> {
    let sys = py.import("sys")?;
    let cpython = sys
        .getattr("implementation")?
        .getattr("name")?
        .extract::<String>()?
        == "cpython";
    let gil = py
        .import("sysconfig")?
        .call_method1("get_config_var", ("Py_GIL_DISABLED",))?
        .extract::<Option<i64>>()?
        .unwrap_or(0)
        == 0;
    let version = py.version_info();
    let known = ((3, 10)..(3, 15)).contains(&(version.major, version.minor));
    if !(cpython && gil && known) {
        return Ok(false);
    }
    let probe = PyList::new(py, [7u8, 11u8])?;
    // SAFETY: on these interpreters a list is a `ListHead` (checked just above), and `probe`
    // is a live list of two items (a `Bound` proves it), so its item array holds two valid
    // pointers; `PyList_GetItem` with an index below the length returns a borrowed item.
    let agree = (0..2).all(|i| unsafe {
        let items = (*probe.as_ptr().cast::<ListHead>()).items;
        *items.add(i) == pyo3::ffi::PyList_GetItem(probe.as_ptr(), i as pyo3::ffi::Py_ssize_t)
    });
    Ok(agree && probe.len() == 2)
}

static SMALL_INTS: PyOnceLock<SmallInts> = PyOnceLock::new();

impl SmallInts {
    fn get(py: Python<'_>) -> PyResult<&'static SmallInts> {
        SMALL_INTS.get_or_try_init(py, || {
            let mut addr = [0usize; 52];
            for (i, a) in addr.iter_mut().enumerate() {
                // The cached object outlives this reference: the interpreter holds it.
                *a = (i as u8).into_pyobject(py)?.as_ptr() as usize;
            }
            let stride = addr[1].wrapping_sub(addr[0]);
            let shift = if stride.is_power_of_two() {
                stride.trailing_zeros()
            } else {
                usize::BITS - 1 // every offset but 0's lands past the table
            };
            let direct = list_layout_known(py)?;
            Ok::<_, PyErr>(SmallInts {
                addr,
                shift,
                direct,
            })
        })
    }

    /// The card code of the object at `at` when it is one of the cached ints.
    #[inline(always)]
    fn by_address(&self, at: usize) -> Option<u8> {
        let i = at.wrapping_sub(self.addr[0]) >> self.shift;
        (i < 52 && self.addr[i] == at).then_some(i as u8)
    }

    /// [`quick_hand`] of an exact list: up to seven card-code items, read and keyed in one
    /// pass; `None` for more, or for an item that is no card code (the general way names it).
    #[inline(always)]
    fn list_hand(&self, list: &Bound<'_, PyList>) -> Option<(u64, usize, KeyFold)> {
        let at = list.as_ptr();
        // SAFETY: `at` is a live list (a `Bound` proves it, and that we are attached); the
        // variable-size header is part of the stable ABI, and a list's `ob_size` is its length.
        let n = unsafe { pyo3::ffi::Py_SIZE(at) } as usize;
        if n > HAND_CARDS {
            return None;
        }
        if self.direct {
            // SAFETY: read only where `list_layout_known` vouched for the layout: then `items`
            // points to the list's `n` item pointers.
            let items = unsafe { (*at.cast::<ListHead>()).items };
            // SAFETY: `i < n`, the list's length (see above).
            self.items_hand(list.py(), n, |i| unsafe { *items.add(i) })
        } else {
            // SAFETY: `i` is below the length, so `PyList_GetItem` returns a borrowed item
            // (never null), which the list keeps alive while it is used.
            self.items_hand(list.py(), n, |i| unsafe {
                pyo3::ffi::PyList_GetItem(at, i as pyo3::ffi::Py_ssize_t)
            })
        }
    }

    /// The `n` (at most seven) items `item(i)` gives, read and keyed in one pass: a loop of
    /// its own for each way of reading them, with no test of the way per item. `item` gives
    /// the borrowed items of a live list: nothing here runs Python code (the conversion of an
    /// exact int calls none) or releases the GIL, so the list cannot change while it is read.
    #[inline(always)]
    fn items_hand(
        &self,
        py: Python<'_>,
        n: usize,
        item: impl Fn(usize) -> *mut pyo3::ffi::PyObject,
    ) -> Option<(u64, usize, KeyFold)> {
        let (mut packed, mut fold) = (0u64, KeyFold::default());
        // Up to seven cards in a loop of fixed length, unrolled, each shift fixed; the common
        // call (seven) with its length known, so no test of it is left either.
        let n = if n == HAND_CARDS { HAND_CARDS } else { n };
        for i in 0..HAND_CARDS {
            if i == n {
                break;
            }
            let ptr = item(i);
            let code = match self.by_address(ptr as usize) {
                Some(c) => c,
                // A null item (a list a C extension is still filling) goes the general way.
                None if ptr.is_null() => return None,
                // SAFETY: `ptr` is a valid, non-null borrowed item (see above).
                None => self.convert(unsafe { Borrowed::from_ptr(py, ptr) })?,
            };
            packed |= (code as u64) << (8 * i);
            fold.push(code);
        }
        Some((packed, n, fold))
    }

    /// The card code `obj` is, by address, or by conversion for an exact int in 0..52.
    #[inline(always)]
    fn code(&self, obj: Borrowed<'_, '_, PyAny>) -> Option<u8> {
        self.by_address(obj.as_ptr() as usize)
            .or_else(|| self.convert(obj))
    }

    /// An exact int in 0..52 that is not a cached object (another interpreter's layout).
    #[cold]
    fn convert(&self, obj: Borrowed<'_, '_, PyAny>) -> Option<u8> {
        let c = obj.cast_exact::<PyInt>().ok()?.extract::<u8>().ok()?;
        (c < 52).then_some(c)
    }
}

/// The strength of the best five-card high hand of 5, 6 or 7 cards, 1..7462 (larger is
/// better): `evaluate_high(cards).strength` without making the `HighHand`, for loops that only
/// compare.
///
/// Args: `cards` as for `evaluate_high`.
///
/// Raises: `InvalidCards` as `evaluate_high`.
///
/// Example:
///
/// >>> import splitpot as sp
/// >>> sp.evaluate_high_strength("AhKhQhJhTh 2c3d"), sp.evaluate_high_strength([51, 47, 43, 39, 35])
/// (7462, 7462)
#[pyfunction]
pub fn evaluate_high_strength(cards: &Bound<'_, PyAny>) -> PyResult<u16> {
    if let Some((packed, n, fold)) = quick_hand(cards)? {
        return Ok(fold.finish(packed, n)?.strength());
    }
    if let Ok(s) = cards.cast::<CardSet>() {
        let s = s.get();
        high::evaluate_set(s.set)?;
        return Ok(s.key().strength());
    }
    Ok(high::evaluate(&cards_of(cards, HAND_CARDS)?)?)
}

/// The floor of a single-hand call, for benches/test_bench_high.py: one argument taken and
/// ignored, a fixed `HighHand` made and returned as `evaluate_high` makes it. What the
/// binding costs before any card is read.
#[pyfunction]
pub fn _empty_call<'py>(cards: &Bound<'py, PyAny>) -> PyResult<Bound<'py, HighHand>> {
    HighHand::new(7462, Dealt::any(&[])).into_untracked(cards.py())
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
