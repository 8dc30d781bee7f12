//! Equity for Python: `_equity`, wrapped by `splitpot.equity` (python/splitpot/equity.py).
//! The work runs with the GIL released, in slices of about 50 ms; between slices it checks for
//! Ctrl-C (`KeyboardInterrupt` stops it cleanly) and reports progress.
use super::cards::cards_of;
use super::errors::InvalidCards;
use crate::cards::card_name;
use crate::equity::{EquityError, Game, Holding, Options, Question, Run};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use std::time::Duration;

/// Card codes of `obj`, with `what` ("board", "player 2") prefixed to a card error.
fn cards_named(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    cards_of(obj).map_err(|e| {
        if e.is_instance_of::<InvalidCards>(obj.py()) {
            InvalidCards::new_err(format!("{what}: {}", e.value(obj.py())))
        } else {
            e
        }
    })
}

fn positive(v: Option<i64>, what: &str) -> Result<Option<u64>, EquityError> {
    match v {
        Some(k) if k < 1 => Err(EquityError::Options(format!(
            "{what} must be at least 1, got {k}"
        ))),
        k => Ok(k.map(|k| k as u64)),
    }
}

/// Each player's equity in `game`; see `splitpot.equity` for the arguments and the result.
#[pyfunction]
#[pyo3(signature = (game, players, board, dead, exact=None, samples=None, seed=None, time_limit=None, threads=None, progress=None))]
#[allow(clippy::too_many_arguments)]
pub fn _equity<'py>(
    py: Python<'py>,
    game: &str,
    players: &Bound<'py, PyAny>,
    board: &Bound<'py, PyAny>,
    dead: &Bound<'py, PyAny>,
    exact: Option<bool>,
    samples: Option<i64>,
    seed: Option<u64>,
    time_limit: Option<f64>,
    threads: Option<i64>,
    progress: Option<Bound<'py, PyAny>>,
) -> PyResult<Bound<'py, PyDict>> {
    let game: Game = game.parse().map_err(EquityError::from)?;
    let mut holdings = Vec::new();
    for (i, item) in players.try_iter()?.enumerate() {
        let item = item?;
        holdings.push(match item.cast::<PyString>() {
            Ok(text) => Holding::parse(game, &text.to_cow()?, i)?,
            Err(_) => Holding::Cards(cards_named(&item, &format!("player {}", i + 1))?),
        });
    }
    let question = Question {
        game,
        players: holdings,
        board: cards_named(board, "board")?,
        dead: cards_named(dead, "dead cards")?,
    };
    let options = Options {
        exact,
        samples: positive(samples, "samples")?,
        seed,
        time_limit,
        threads: positive(threads, "threads")?.map(|t| t as usize),
    };
    let mut run = py.detach(|| Run::new(&question, &options))?;
    loop {
        let done = py.detach(|| run.step(Duration::from_millis(50)))?;
        py.check_signals()?;
        if let Some(report) = &progress {
            report.call1((run.fraction_done(),))?;
        }
        if done {
            break;
        }
    }
    let result = run.result();
    let rows = PyList::empty(py);
    for (holding, p) in question.players.iter().zip(&result.players) {
        let row = PyDict::new(py);
        row.set_item("hand", holding.describe())?;
        row.set_item("equity", p.equity)?;
        row.set_item("win", p.win)?;
        row.set_item("tie", p.tie)?;
        row.set_item("high", p.high)?;
        row.set_item("low", p.low)?;
        row.set_item("scoop", p.scoop)?;
        row.set_item("quarter", p.quarter)?;
        row.set_item("stderr", p.stderr)?;
        rows.append(row)?;
    }
    let out = PyDict::new(py);
    out.set_item("game", game.code())?;
    out.set_item("game_name", game.name())?;
    out.set_item("hi_lo", game.is_hilo())?;
    out.set_item("exact", result.exact)?;
    out.set_item("deals", result.deals)?;
    out.set_item("seed", result.seed)?;
    out.set_item("players", rows)?;
    let names = |cards: &[u8]| cards.iter().map(|&c| card_name(c)).collect::<String>();
    out.set_item("board", names(&question.board))?;
    out.set_item("dead", names(&question.dead))?;
    Ok(out)
}
