//! The pot split (rust/pots.rs) for `splitpot.pots.award`, which has checked every argument.
use super::errors::SplitpotError;
use crate::pots::{split, Chips, Pot, Seat, Side, Split, SplitError, Why};
use pyo3::exceptions::PyOverflowError;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyDict, PyList, PyString, PyTuple};

/// An `int` from 0 to 2**128 - 1; past it an `OverflowError`, on which the caller splits in
/// Python. The common `u64` first: the 128-bit extraction of the limited API is slow.
fn number(ob: &Bound<'_, PyAny>) -> PyResult<u128> {
    match ob.extract::<u64>() {
        Ok(n) => Ok(n.into()),
        Err(_) => ob.extract::<u128>(),
    }
}

fn to_int<'py>(py: Python<'py>, n: u128) -> PyResult<Bound<'py, PyAny>> {
    Ok(match u64::try_from(n) {
        Ok(small) => small.into_pyobject(py)?.into_any(),
        Err(_) => n.into_pyobject(py)?.into_any(),
    })
}

fn ranking(r: &Bound<'_, PyDict>) -> PyResult<Vec<(Seat, i64)>> {
    r.iter()
        .map(|(s, v)| Ok((number(&s)?, v.extract::<i64>()?)))
        .collect()
}

/// One Python string per reason and side, made once.
type Names = ([Py<PyString>; 12], [Py<PyString>; 3]);

fn names(py: Python<'_>) -> &'static Names {
    static NAMES: PyOnceLock<Names> = PyOnceLock::new();
    NAMES.get_or_init(py, || {
        let whys = Why::ALL.map(|w| PyString::intern(py, w.as_str()).unbind());
        let sides =
            [Side::High, Side::Low, Side::Whole].map(|s| PyString::intern(py, s.as_str()).unbind());
        (whys, sides)
    })
}

/// Split the pots among their winners (docs/rules/poker.md §6), for `splitpot.pots.award`.
///
/// `amounts` are the pots' chips after the rake, `eligible` each pot's seats, the rankings
/// `{seat: strength}` (larger is better; `low` is None in a high-only game), `order` the
/// odd-chip order (empty: ascending seats). Returns `(awards, totals)`: `(pot, side, seat,
/// chips, why)` rows and `{seat: chips}`. Raises `OverflowError` for a number past the
/// core's integers and `SplitpotError` for a pot that no ranked seat may win.
#[pyfunction]
#[pyo3(signature = (amounts, eligible, high, low, order, chip_unit))]
pub fn _split_pots<'py>(
    py: Python<'py>,
    amounts: &Bound<'py, PyList>,
    eligible: &Bound<'py, PyList>,
    high: &Bound<'py, PyDict>,
    low: Option<&Bound<'py, PyDict>>,
    order: &Bound<'py, PyAny>,
    chip_unit: &Bound<'py, PyAny>,
) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyDict>)> {
    if amounts.len() != eligible.len() {
        return Err(SplitpotError::new_err("one eligible tuple per pot amount"));
    }
    let mut pots = Vec::with_capacity(amounts.len());
    for (amount, seats) in amounts.iter().zip(eligible.iter()) {
        let seats = seats.cast_into::<PyTuple>()?;
        let eligible = seats.iter().map(|s| number(&s)).collect::<PyResult<_>>()?;
        pots.push(Pot {
            amount: number(&amount)?,
            eligible,
        });
    }
    let high = ranking(high)?;
    let low = low.map(ranking).transpose()?;
    let order: Vec<Seat> = order
        .try_iter()?
        .map(|s| number(&s?))
        .collect::<PyResult<_>>()?;
    let chip_unit: Chips = number(chip_unit)?;
    let q = Split {
        high: &high,
        low: low.as_deref(),
        odd_chip_order: &order,
        chip_unit,
    };
    let (shares, totals) = split(&pots, &q).map_err(|e| match e {
        SplitError::Overflow => PyOverflowError::new_err(e.to_string()),
        SplitError::Unranked { .. } | SplitError::ChipUnit => SplitpotError::new_err(e.to_string()),
    })?;
    let (whys, sides) = names(py);
    let rows = PyList::empty(py);
    for s in &shares {
        let side = sides[s.side as usize].bind(py);
        let why = whys[s.why as usize].bind(py);
        let row = (s.pot, side, to_int(py, s.seat)?, to_int(py, s.amount)?, why);
        rows.append(row)?;
    }
    let out = PyDict::new(py);
    for (seat, chips) in totals {
        out.set_item(to_int(py, seat)?, to_int(py, chips)?)?;
    }
    Ok((rows, out))
}
