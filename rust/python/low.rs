//! Low-hand values for Python (filled in with rust/low.rs).
use pyo3::prelude::*;

/// The value of an 8-or-better low.
#[pyclass(frozen, module = "splitpot._core")]
#[derive(Clone, Copy)]
pub struct LowHand {
    strength: u8,
}

#[pymethods]
impl LowHand {
    #[getter]
    fn strength(&self) -> u8 {
        self.strength
    }
}
