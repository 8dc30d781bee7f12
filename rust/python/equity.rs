//! Equity for Python: `_equity`, wrapped by `splitpot.equity` (python/splitpot/odds.py); the
//! answer crosses as the typed `_Equity`.
//! The work runs with the GIL released, in slices of about 50 ms; between slices it checks for
//! Ctrl-C (`KeyboardInterrupt` stops it cleanly) and reports progress.
use super::cards::cards_of;
use super::errors::InvalidCards;
use crate::cards::card_name;
use crate::equity::{Equity, EquityError, Game, Holding, Options, Question, Run, MAX_PLAYERS};
use crate::limits::DECK_CARDS;
use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyString};
use std::sync::{Mutex, PoisonError};
use std::time::Duration;

/// Card codes of `obj`, with `what` ("board", "player 2") prefixed to a card error; at most a
/// deck's worth is read.
fn cards_named(obj: &Bound<'_, PyAny>, what: &str) -> PyResult<Vec<u8>> {
    cards_of(obj, DECK_CARDS).map_err(|e| {
        if e.is_instance_of::<InvalidCards>(obj.py()) {
            InvalidCards::new_err(format!("{what}: {}", e.value(obj.py())))
        } else {
            e
        }
    })
}

pub(super) fn positive(v: Option<i64>, what: &str) -> Result<Option<u64>, EquityError> {
    match v {
        Some(k) if k < 1 => Err(EquityError::Options(format!(
            "{what} must be at least 1, got {k}"
        ))),
        k => Ok(k.map(|k| k as u64)),
    }
}

/// One player's result, read by `splitpot.odds.PlayerEquity`.
#[pyclass(frozen, get_all, module = "splitpot._core", name = "_PlayerEquity")]
pub struct RawPlayer {
    hand: String,
    equity: f64,
    win: f64,
    tie: f64,
    high: f64,
    low: f64,
    scoop: f64,
    quarter: f64,
    stderr: f64,
}

/// An equity answer, read by `splitpot.odds.EquityResult`.
#[pyclass(frozen, get_all, module = "splitpot._core", name = "_Equity")]
pub struct RawEquity {
    game: &'static str,
    game_name: &'static str,
    hi_lo: bool,
    exact: bool,
    deals: u64,
    seed: Option<u64>,
    board: String,
    dead: String,
    players: Vec<Py<RawPlayer>>,
}

impl RawEquity {
    pub(super) fn new(py: Python<'_>, question: &Question, result: &Equity) -> PyResult<RawEquity> {
        let players = question
            .players
            .iter()
            .zip(&result.players)
            .map(|(holding, p)| {
                let row = RawPlayer {
                    hand: holding.describe(),
                    equity: p.equity,
                    win: p.win,
                    tie: p.tie,
                    high: p.high,
                    low: p.low,
                    scoop: p.scoop,
                    quarter: p.quarter,
                    stderr: p.stderr,
                };
                Py::new(py, row)
            })
            .collect::<PyResult<_>>()?;
        let names = |cards: &[u8]| cards.iter().map(|&c| card_name(c)).collect::<String>();
        Ok(RawEquity {
            game: result.game.code(),
            game_name: result.game.name(),
            hi_lo: result.game.is_hilo(),
            exact: result.exact,
            deals: result.deals,
            seed: result.seed,
            board: names(&question.board),
            dead: names(&question.dead),
            players,
        })
    }
}

#[pymethods]
impl RawEquity {
    /// The fields of `splitpot.odds.EquityResult` but `players`, and each player's fields of
    /// `splitpot.odds.PlayerEquity`, as dicts keyed by field name, in the dataclasses' order
    /// (the hi/lo shares `None` in a high-only game): what the wrapper builds its result from,
    /// in one call where a getter per field was a call each.
    fn _fields<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(Bound<'py, PyDict>, Vec<Bound<'py, PyDict>>)> {
        let hi_lo = self.hi_lo;
        let players = self
            .players
            .iter()
            .map(|p| {
                let p = p.get();
                let d = PyDict::new(py);
                d.set_item(intern!(py, "hand"), &p.hand)?;
                d.set_item(intern!(py, "equity"), p.equity)?;
                d.set_item(intern!(py, "win"), p.win)?;
                d.set_item(intern!(py, "tie"), p.tie)?;
                d.set_item(intern!(py, "stderr"), p.stderr)?;
                let share = |v: f64| hi_lo.then_some(v);
                d.set_item(intern!(py, "high"), share(p.high))?;
                d.set_item(intern!(py, "low"), share(p.low))?;
                d.set_item(intern!(py, "scoop"), share(p.scoop))?;
                d.set_item(intern!(py, "quarter"), share(p.quarter))?;
                Ok(d)
            })
            .collect::<PyResult<_>>()?;
        let d = PyDict::new(py);
        d.set_item(intern!(py, "game"), self.game)?;
        d.set_item(intern!(py, "game_name"), self.game_name)?;
        d.set_item(intern!(py, "players"), py.None())?; // the wrapper's, in its place
        d.set_item(intern!(py, "board"), &self.board)?;
        d.set_item(intern!(py, "dead"), &self.dead)?;
        d.set_item(intern!(py, "exact"), self.exact)?;
        d.set_item(intern!(py, "deals"), self.deals)?;
        d.set_item(intern!(py, "seed"), self.seed)?;
        d.set_item(intern!(py, "hi_lo"), hi_lo)?;
        Ok((d, players))
    }
}

/// Hold'em ranges read lately, the latest last, by their text: a loop asking the same question
/// (a hand against a range on each river) read the range again each time, a quarter of such
/// an answer. Reading is pure (the player's number only names him in an error, and an error
/// is never kept), so a kept range is the one reading again would give. Hold'em's only: a
/// range of 1,326 hands at most, where an Omaha range may hold hundreds of thousands.
static RANGES_READ: Mutex<Vec<(String, Holding)>> = Mutex::new(Vec::new());
const RANGES_KEPT: usize = 8;

/// [`Holding::parse`], a Hold'em range read before taken from [`RANGES_READ`].
fn holding_read(game: Game, text: &str, player: usize) -> Result<Holding, EquityError> {
    if game != Game::Holdem {
        return Holding::parse(game, text, player);
    }
    // No code that can panic runs while the lock is held; a poisoned list is still whole.
    let kept = || RANGES_READ.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, holding)) = kept().iter().find(|(t, _)| t == text) {
        return Ok(holding.clone());
    }
    let holding = Holding::parse(game, text, player)?;
    if let Holding::Range(_) = holding {
        let mut kept = kept();
        if kept.len() == RANGES_KEPT {
            kept.remove(0);
        }
        kept.push((text.to_owned(), holding.clone()));
    }
    Ok(holding)
}

/// Each player's holding: text goes through the game's own reading (cards or a range),
/// anything else is cards.
fn holdings(game: Game, players: &Bound<'_, PyAny>) -> PyResult<Vec<Holding>> {
    let mut out = Vec::new();
    for (i, item) in players.try_iter()?.enumerate() {
        let item = item?;
        if i == MAX_PLAYERS {
            // Read no further than the limit: `players` may be endless.
            return Err(EquityError::Options(format!(
                "at most {MAX_PLAYERS} players share one deck, got more"
            ))
            .into());
        }
        out.push(match item.cast::<PyString>() {
            Ok(text) => holding_read(game, &text.to_cow()?, i)?,
            Err(_) => Holding::Cards(cards_named(&item, &format!("player {}", i + 1))?),
        });
    }
    Ok(out)
}

/// The question `_equity` and `_equity_plan` are asked: the game by name, each player's holding,
/// the board and the dead cards.
pub(super) fn question(
    game: &str,
    players: &Bound<'_, PyAny>,
    board: &Bound<'_, PyAny>,
    dead: &Bound<'_, PyAny>,
) -> PyResult<Question> {
    let game: Game = game.parse().map_err(EquityError::from)?;
    Ok(Question {
        game,
        players: holdings(game, players)?,
        board: cards_named(board, "board")?,
        dead: cards_named(dead, "dead cards")?,
    })
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
) -> PyResult<RawEquity> {
    let question = question(game, players, board, dead)?;
    let options = Options {
        exact,
        samples: positive(samples, "samples")?,
        seed,
        time_limit,
        threads: positive(threads, "threads")?.map(|t| t as usize),
    };
    let slice = Duration::from_millis(50);
    // Planning and the first slice under one release of the GIL: a small question (a hand
    // against a range on the river) is answered in microseconds, where each release and
    // re-take of the GIL costs a fraction of one.
    let (mut run, mut done) = py.detach(|| {
        let mut run = Run::new(&question, &options)?;
        let done = run.step(slice)?;
        Ok::<_, EquityError>((run, done))
    })?;
    loop {
        py.check_signals()?;
        if let Some(report) = &progress {
            report.call1((run.fraction_done(),))?;
        }
        if done {
            break;
        }
        done = py.detach(|| run.step(slice))?;
    }
    RawEquity::new(py, &question, &run.result())
}

/// The hands a player's text stands for in `game` (`splitpot.range_hands`): each hand's
/// cards, highest first, and its weight; one hand of weight 1 for cards.
#[pyfunction]
pub fn _range_hands(py: Python<'_>, game: &str, text: &str) -> PyResult<Vec<(String, f64)>> {
    let game: Game = game.parse().map_err(EquityError::from)?;
    let holding = py.detach(|| Holding::parse(game, text, 0))?;
    let name = |cards: &[u8]| cards.iter().map(|&c| card_name(c)).collect::<String>();
    Ok(match holding {
        Holding::Cards(mut c) => {
            c.sort_unstable_by(|a, b| b.cmp(a));
            vec![(name(&c), 1.0)]
        }
        Holding::Range(r) => r
            .combos()
            .iter()
            .map(|h| (name(h.cards()), h.weight))
            .collect(),
    })
}
