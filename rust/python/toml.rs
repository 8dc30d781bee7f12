//! TOML text to Python objects: the reader behind PHH and Pan histories
//! (`python/splitpot/_toml.py`). The `toml` crate parses (TOML 1.1, as tomli 2.5 reads it);
//! this module turns its document straight into the objects tomli gives with
//! `parse_float=Decimal`, refusing a document nested deeper than the caller's bound.
use super::errors::SplitpotError;
use crate::limits;
use ::toml::de::{DeInteger, DeString, DeTable, DeValue};
use ::toml::Spanned;
use pyo3::prelude::*;
use pyo3::sync::PyOnceLock;
use pyo3::types::{PyBool, PyDict, PyList, PyString};
use std::num::IntErrorKind;
use std::panic::{catch_unwind, AssertUnwindSafe};
use toml_datetime::{Datetime, Offset};

/// The Python types a TOML value can become beside the built-in ones, found once.
struct Types {
    decimal: Py<PyAny>,
    int: Py<PyAny>,
    datetime: Py<PyAny>,
    date: Py<PyAny>,
    time: Py<PyAny>,
    timezone: Py<PyAny>,
    timedelta: Py<PyAny>,
}

fn types(py: Python<'_>) -> PyResult<&'static Types> {
    static TYPES: PyOnceLock<Types> = PyOnceLock::new();
    TYPES.get_or_try_init(py, || {
        let dt = py.import("datetime")?;
        let class = |name: &str| dt.getattr(name).map(Bound::unbind);
        Ok(Types {
            decimal: py.import("decimal")?.getattr("Decimal")?.unbind(),
            int: py.import("builtins")?.getattr("int")?.unbind(),
            datetime: class("datetime")?,
            date: class("date")?,
            time: class("time")?,
            timezone: class("timezone")?,
            timedelta: class("timedelta")?,
        })
    })
}

/// Parse `text` as TOML into a dict, as `tomli.loads(text, parse_float=Decimal)` does: tables
/// are dicts in the text's order, arrays lists, floats `Decimal` (of the text, underscores
/// dropped), integers of any size `int` (past 64 bits through `int()`, so Python's limit on the
/// digits of a conversion holds), datetimes `datetime`, `date` and `time`.
///
/// Raises `SplitpotError` "not valid TOML: what (at line L, column C)" for a text that is not
/// TOML (one nested past the parser's own bound of 80 levels says so), and "tables and arrays
/// are nested more than `max_nesting` levels deep" for one deeper than that (the top table
/// is level 1); `ValueError` from `int()` for an integer of more digits than Python converts.
#[pyfunction]
pub fn _toml_loads<'py>(
    py: Python<'py>,
    text: &str,
    max_nesting: usize,
) -> PyResult<Bound<'py, PyDict>> {
    // The toml crate skips a byte order mark; tomli, and splitpot before it, refuse one.
    if text.starts_with('\u{feff}') {
        return Err(SplitpotError::new_err(
            "not valid TOML: a byte order mark (U+FEFF) begins the text (at line 1, column 1)",
        ));
    }
    // The parser reports every input it refuses as an error; a panic would be its bug, and
    // is a SplitpotError naming it rather than a PanicException escaping to the caller.
    let parsed = catch_unwind(AssertUnwindSafe(|| DeTable::parse(text)))
        .map_err(|_| SplitpotError::new_err("not valid TOML: the TOML parser failed on it"))?;
    let document = parsed.map_err(|e| refused(text, &e, max_nesting))?;
    let builder = Builder {
        py,
        text,
        max_nesting,
    };
    builder.table(document.get_ref(), 1)
}

/// The error of a text the parser refused: its message and where, as tomli words it.
fn refused(text: &str, error: &::toml::de::Error, max_nesting: usize) -> PyErr {
    let message = error.message();
    if message.contains("recursion") {
        return SplitpotError::new_err(format!(
            "not valid TOML: nested more than {max_nesting} levels deep"
        ));
    }
    let span = error.span().unwrap_or(0..0);
    SplitpotError::new_err(format!(
        "not valid TOML: {message}{}",
        place(text, span.start, span.end)
    ))
}

/// " (at line L, column C)" of the byte offset `start`, with the text there quoted when it
/// is a token (`start..end` not empty).
fn place(text: &str, start: usize, end: usize) -> String {
    let before = text.get(..start).unwrap_or(text);
    let line = before.matches('\n').count() + 1;
    let column = before.rsplit('\n').next().unwrap_or("").chars().count() + 1;
    match text.get(start..end).filter(|t| !t.is_empty()) {
        Some(token) => format!(
            " (at line {line}, column {column}: {})",
            limits::quoted(token)
        ),
        None => format!(" (at line {line}, column {column})"),
    }
}

/// Where the text first names a table's entry. The toml crate moves a table that a header
/// opens after a longer header made it (`[b.a]` ... `[b]`) to the end of its parent, its key
/// then that header's; the table's own entries keep the first naming, which came before.
fn first_named(key: &Spanned<DeString<'_>>, value: &Spanned<DeValue<'_>>) -> usize {
    let at = key.span().start;
    match value.get_ref() {
        DeValue::Table(table) => table
            .iter()
            .map(|(k, v)| first_named(k, v))
            .fold(at, usize::min),
        _ => at,
    }
}

struct Builder<'py, 't> {
    py: Python<'py>,
    text: &'t str,
    max_nesting: usize,
}

impl<'py> Builder<'py, '_> {
    /// A table at nesting `level`, its keys interned (the same few names in every hand) and in
    /// the order the text first names them, as tomli makes them.
    fn table(&self, table: &DeTable<'_>, level: usize) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(self.py);
        let add = |key: &Spanned<DeString<'_>>, value: &Spanned<DeValue<'_>>| {
            let key = PyString::intern(self.py, key.get_ref());
            dict.set_item(key, self.value(value.get_ref(), value.span(), level)?)
        };
        let firsts: Vec<usize> = table.iter().map(|(k, v)| first_named(k, v)).collect();
        if firsts.is_sorted() {
            for (key, value) in table.iter() {
                add(key, value)?;
            }
        } else {
            let mut entries: Vec<_> = firsts.into_iter().zip(table.iter()).collect();
            entries.sort_by_key(|(at, _)| *at);
            for (_, (key, value)) in entries {
                add(key, value)?;
            }
        }
        Ok(dict)
    }

    /// A value inside a container at `level`: a container here is at `level + 1`.
    fn value(
        &self,
        value: &DeValue<'_>,
        span: std::ops::Range<usize>,
        level: usize,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        Ok(match value {
            DeValue::String(s) => PyString::new(py, s).into_any(),
            DeValue::Integer(i) => self.integer(i, span)?,
            // The parser hands a float's text on unchecked; what `Decimal` refuses is no float.
            DeValue::Float(f) => types(py)?
                .decimal
                .bind(py)
                .call1((f.as_str(),))
                .map_err(|_| self.invalid("not a float", span))?,
            DeValue::Boolean(b) => PyBool::new(py, *b).to_owned().into_any(),
            DeValue::Datetime(d) => self.datetime(d, span)?,
            DeValue::Array(items) => {
                self.deeper(level)?;
                let list = PyList::empty(py);
                for item in items.iter() {
                    list.append(self.value(item.get_ref(), item.span(), level + 1)?)?;
                }
                list.into_any()
            }
            DeValue::Table(table) => {
                self.deeper(level)?;
                self.table(table, level + 1)?.into_any()
            }
        })
    }

    /// Refuses a container inside one at `level` when that passes the bound.
    fn deeper(&self, level: usize) -> PyResult<()> {
        if level >= self.max_nesting {
            return Err(SplitpotError::new_err(format!(
                "tables and arrays are nested more than {} levels deep",
                self.max_nesting
            )));
        }
        Ok(())
    }

    fn integer(
        &self,
        i: &DeInteger<'_>,
        span: std::ops::Range<usize>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        match i64::from_str_radix(i.as_str(), i.radix()) {
            Ok(n) => Ok(n.into_pyobject(py)?.into_any()),
            // Past 64 bits (every digit good): Python's int() of the digits, as tomli reads it.
            Err(e)
                if matches!(
                    e.kind(),
                    IntErrorKind::PosOverflow | IntErrorKind::NegOverflow
                ) =>
            {
                types(py)?.int.bind(py).call1((i.as_str(), i.radix()))
            }
            // The parser hands some texts on unchecked (`0b` with no digit): no integer.
            Err(_) => Err(self.invalid("not an integer", span)),
        }
    }

    /// "not valid TOML: `what` (at line L, column C: token)" of the value at `span`.
    fn invalid(&self, what: &str, span: std::ops::Range<usize>) -> PyErr {
        SplitpotError::new_err(format!(
            "not valid TOML: {what}{}",
            place(self.text, span.start, span.end)
        ))
    }

    /// A TOML date-time as tomli gives it: an offset date-time is an aware `datetime`, a local
    /// one naive, a local date a `date`, a local time a `time` (fractions of a second cut to
    /// microseconds). A value the parser took that Python's types refuse (the leap second
    /// 60) is not valid TOML here, as for tomli.
    fn datetime(&self, d: &Datetime, span: std::ops::Range<usize>) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        let t = types(py)?;
        let made = match (d.date, d.time) {
            (Some(date), None) => t.date.bind(py).call1((date.year, date.month, date.day)),
            (date, Some(time)) => {
                let clock = (
                    time.hour,
                    time.minute,
                    time.second.unwrap_or(0),
                    time.nanosecond.unwrap_or(0) / 1000,
                );
                match date {
                    None => t.time.bind(py).call1(clock),
                    Some(date) => {
                        let zone = match d.offset {
                            None => py.None().into_bound(py),
                            Some(Offset::Z) => self.zone(0)?,
                            Some(Offset::Custom { minutes }) => self.zone(minutes)?,
                        };
                        let (h, m, s, us) = clock;
                        let args = (date.year, date.month, date.day, h, m, s, us, zone);
                        t.datetime.bind(py).call1(args)
                    }
                }
            }
            (None, None) => Err(SplitpotError::new_err("an empty date-time")),
        };
        made.map_err(|e| {
            let why = e.value(py).to_string();
            SplitpotError::new_err(format!(
                "not valid TOML: {why}{}",
                place(self.text, span.start, span.end)
            ))
        })
    }

    /// `timezone(timedelta(minutes=minutes))`, as tomli makes an offset.
    fn zone(&self, minutes: i16) -> PyResult<Bound<'py, PyAny>> {
        let py = self.py;
        let t = types(py)?;
        let kwargs = PyDict::new(py);
        kwargs.set_item("minutes", minutes)?;
        let delta = t.timedelta.bind(py).call((), Some(&kwargs))?;
        t.timezone.bind(py).call1((delta,))
    }
}
