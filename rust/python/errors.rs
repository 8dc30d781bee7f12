//! The exception tree and the one place core errors become Python exceptions.
use crate::cards::CardError;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::PyErr;

create_exception!(
    splitpot._core,
    SplitpotError,
    PyValueError,
    "Base of splitpot's errors; a ValueError."
);
create_exception!(
    splitpot._core,
    InvalidCards,
    SplitpotError,
    "Cards that cannot be parsed, repeat, or are the wrong number; the message names the card."
);
create_exception!(
    splitpot._core,
    IllegalAction,
    SplitpotError,
    "An action the rules do not allow now; the state is left as it was."
);

impl From<CardError> for PyErr {
    fn from(e: CardError) -> PyErr {
        InvalidCards::new_err(e.to_string())
    }
}
