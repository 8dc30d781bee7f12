//! Equity in work units for Python (`splitpot._equity_units`, docs/distributed.md): plan a
//! question's units on the client, compute a slice of them on any worker, finish from all of
//! them. Each delegates to `crate::equity::UnitRun`; the units' sums cross packed in bytes
//! (little-endian, so exact on any machine; a million units are one buffer, not a million
//! tuples).
use super::equity::{positive, question, RawEquity};
use crate::cards::card_name;
use crate::equity::{EquityError, Options, Question, UnitPlan, UnitRun, UnitSums};
use pyo3::prelude::*;
use pyo3::types::PyBytes;

/// Units computed between checks for Ctrl-C.
const SLICE: u64 = 64;

/// A question's work units, planned once: the players, board and dead cards as text (what a
/// chunk carries), whether exact, how many units, the Monte Carlo seed and samples.
#[pyclass(frozen, get_all, module = "splitpot._core", name = "_EquityPlan")]
pub struct RawPlan {
    players: Vec<String>,
    board: String,
    dead: String,
    exact: bool,
    units: u64,
    seed: Option<u64>,
    samples: Option<u64>,
}

/// Plans `splitpot.equity`'s question in work units; the arguments are `_equity`'s.
#[pyfunction]
#[pyo3(signature = (game, players, board, dead, exact=None, samples=None, seed=None, time_limit=None))]
#[allow(clippy::too_many_arguments)]
pub fn _equity_plan<'py>(
    py: Python<'py>,
    game: &str,
    players: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    dead: &Bound<'py, PyAny>,
    exact: Option<bool>,
    samples: Option<i64>,
    seed: Option<u64>,
    time_limit: Option<f64>,
) -> PyResult<RawPlan> {
    let question = question(game, players, board, dead)?;
    let options = Options {
        exact,
        samples: positive(samples, "samples")?,
        seed,
        time_limit,
        threads: None,
    };
    let plan = py.detach(|| UnitRun::plan(&question, &options))?;
    let names = |cards: &[u8]| cards.iter().map(|&c| card_name(c)).collect::<String>();
    Ok(RawPlan {
        players: question.players.iter().map(|h| h.describe()).collect(),
        board: names(&question.board),
        dead: names(&question.dead),
        exact: plan.exact,
        units: plan.units,
        seed: plan.seed,
        samples: plan.samples,
    })
}

/// The question and its units from a chunk's text and plan.
fn unit_run(
    py: Python<'_>,
    game: &str,
    players: &[String],
    board: &str,
    dead: &str,
    plan: UnitPlan,
    threads: Option<usize>,
) -> PyResult<(Question, UnitRun)> {
    let names: Vec<&str> = players.iter().map(String::as_str).collect();
    let question = Question::parse(game, &names, board, dead)?;
    let run = py.detach(|| UnitRun::new(&question, &plan, threads))?;
    Ok((question, run))
}

/// The sums of units `begin..end` of a planned question, on all cores with the GIL released.
#[pyfunction]
#[pyo3(signature = (game, players, board, dead, exact, samples, seed, units, begin, end, threads=None))]
#[allow(clippy::too_many_arguments)]
pub fn _equity_units<'py>(
    py: Python<'py>,
    game: &str,
    players: Vec<String>,
    board: &str,
    dead: &str,
    exact: bool,
    samples: Option<u64>,
    seed: Option<u64>,
    units: u64,
    begin: u64,
    end: u64,
    threads: Option<i64>,
) -> PyResult<Bound<'py, PyBytes>> {
    let plan = UnitPlan {
        exact,
        units,
        seed,
        samples,
    };
    let threads = positive(threads, "threads")?.map(|t| t as usize);
    let (_, run) = unit_run(py, game, &players, board, dead, plan, threads)?;
    run.check_slice(begin, end)?;
    let mut out = Vec::new();
    let mut at = begin;
    while at < end {
        let stop = end.min(at + SLICE);
        let sums = py.detach(|| run.compute(at, stop))?;
        pack(&sums, &mut out);
        py.check_signals()?;
        at = stop;
    }
    Ok(PyBytes::new(py, &out))
}

/// The answer from every unit's sums in unit order: `_equity`'s for the same question.
#[pyfunction]
#[pyo3(signature = (game, players, board, dead, exact, samples, seed, units, sums))]
#[allow(clippy::too_many_arguments)]
pub fn _equity_finish(
    py: Python<'_>,
    game: &str,
    players: Vec<String>,
    board: &str,
    dead: &str,
    exact: bool,
    samples: Option<u64>,
    seed: Option<u64>,
    units: u64,
    sums: &[u8],
) -> PyResult<RawEquity> {
    let plan = UnitPlan {
        exact,
        units,
        seed,
        samples,
    };
    let (question, run) = unit_run(py, game, &players, board, dead, plan, Some(1))?;
    let sums = unpack(sums, question.players.len())?;
    let result = run.finish(&sums)?;
    RawEquity::new(py, &question, &result)
}

/// Each unit as its weight, deals (u64) and per player (win, tie, quarter, high, low, sq),
/// 8 bytes each, little-endian.
fn pack(sums: &[UnitSums], out: &mut Vec<u8>) {
    for u in sums {
        out.extend(u.w.to_le_bytes());
        out.extend(u.deals.to_le_bytes());
        for x in u.players.iter().flatten() {
            out.extend(x.to_le_bytes());
        }
    }
}

fn unpack(bytes: &[u8], n: usize) -> Result<Vec<UnitSums>, EquityError> {
    let size = 8 * (2 + 6 * n);
    if !bytes.len().is_multiple_of(size) {
        return Err(EquityError::Options(format!(
            "{} bytes of sums are not whole units of {size} bytes ({n} players)",
            bytes.len()
        )));
    }
    let word = |b: &[u8]| -> [u8; 8] { b.try_into().unwrap_or_default() };
    let unit = |b: &[u8]| {
        let mut words = b.chunks_exact(8).map(word);
        let mut next = || words.next().unwrap_or_default();
        let w = f64::from_le_bytes(next());
        let deals = u64::from_le_bytes(next());
        let players = (0..n)
            .map(|_| std::array::from_fn(|_| f64::from_le_bytes(next())))
            .collect();
        UnitSums { w, deals, players }
    };
    Ok(bytes.chunks_exact(size).map(unit).collect())
}
