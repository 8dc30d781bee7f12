//! Preflop tables for Python (python/splitpot/tables.py): the Hold'em class counts of a slice
//! of the boards, and the suit-aware rows. Each is an exact integer count, returned as numpy
//! arrays; the work runs with the GIL released.
use crate::cards::{card_name, parse_cards};
use crate::equity::preflop::{board_count, class_counts, class_hand_cards, hero_counts, Classes};
use crate::equity::{on_threads, EquityError};
use numpy::{IntoPyArray, PyArray1, PyArray2, PyArrayMethods};
use pyo3::prelude::*;

type Counts<'py, D> = PyResult<(Bound<'py, D>, Bound<'py, D>)>;

fn threads_of(threads: Option<i64>) -> Result<Option<usize>, EquityError> {
    Ok(super::equity::positive(threads, "threads")?.map(|t| t as usize))
}

fn square<'py>(py: Python<'py>, v: Vec<u64>, k: usize) -> PyResult<Bound<'py, PyArray2<u64>>> {
    v.into_pyarray(py).reshape([k, k])
}

/// How many boards the class counts are taken over (the five-card boards up to suits).
#[pyfunction]
pub fn _holdem_board_count(py: Python<'_>) -> usize {
    py.detach(board_count)
}

/// Boards won and tied by each class against each (`len(classes)` square, row-major: the
/// row's class first), over every pair of hands sharing no card and the boards
/// `begin..end` of `_holdem_board_count()`, each counted for the boards it stands for.
#[pyfunction]
#[pyo3(signature = (classes, begin, end, threads=None))]
pub fn _holdem_class_counts<'py>(
    py: Python<'py>,
    classes: Vec<String>,
    begin: usize,
    end: usize,
    threads: Option<i64>,
) -> Counts<'py, PyArray2<u64>> {
    let c = Classes::parse(&classes)?;
    let threads = threads_of(threads)?;
    let (w, t) = py.detach(|| on_threads(threads, || class_counts(&c, begin, end)))?;
    Ok((square(py, w, c.len())?, square(py, t, c.len())?))
}

/// The pairs of hands of each two classes that share no card (square, as the counts), and
/// the canonical matchups (pairs of hands up to suits) they make.
#[pyfunction]
pub fn _holdem_class_pairs<'py>(
    py: Python<'py>,
    classes: Vec<String>,
) -> PyResult<(Bound<'py, PyArray2<u64>>, u64)> {
    let c = Classes::parse(&classes)?;
    let (pairs, matchups) = py.detach(|| (c.pairs(), c.matchups()));
    Ok((square(py, pairs, c.len())?, matchups))
}

/// Every hand of the classes, in their order: the suit-aware table's columns.
#[pyfunction]
pub fn _holdem_class_hands(classes: Vec<String>) -> PyResult<Vec<String>> {
    let c = Classes::parse(&classes)?;
    Ok(class_hand_cards(&c)
        .iter()
        .map(|h| h.iter().map(|&x| card_name(x)).collect())
        .collect())
}

/// Boards won and tied by the two cards `hero` against each hand of `_holdem_class_hands(
/// classes)` (0 for a hand sharing a card with the hero), over every board.
#[pyfunction]
#[pyo3(signature = (classes, hero, threads=None))]
pub fn _holdem_hero_counts<'py>(
    py: Python<'py>,
    classes: Vec<String>,
    hero: &str,
    threads: Option<i64>,
) -> Counts<'py, PyArray1<u64>> {
    let c = Classes::parse(&classes)?;
    let cards = parse_cards(hero).map_err(|e| EquityError::Cards(format!("hero: {e}")))?;
    let [a, b] = cards[..] else {
        return Err(
            EquityError::Cards(format!("hero: a hand has 2 cards, got {}", cards.len())).into(),
        );
    };
    if a == b {
        return Err(EquityError::Cards(format!("hero: {} twice", card_name(a))).into());
    }
    let threads = threads_of(threads)?;
    let (w, t) = py.detach(|| on_threads(threads, || hero_counts(&c, [a.max(b), a.min(b)])))?;
    Ok((w.into_pyarray(py), t.into_pyarray(py)))
}
