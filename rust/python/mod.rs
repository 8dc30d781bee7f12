//! The PyO3 bindings: they convert arguments and delegate to the core; no game logic here.
mod cards;
mod convert;
mod errors;
mod hands;
mod low;

use pyo3::prelude::*;

#[pymodule]
mod _core {
    #[pymodule_export]
    use super::cards::{Card, CardSet};
    #[pymodule_export]
    use super::hands::{
        _high_batch, _omaha_high_batch, evaluate_high, evaluate_omaha_high, HighHand,
    };
    #[pymodule_export]
    use super::low::{
        _hilo_batch, _low8_batch, _omaha_hilo_batch, _omaha_low8_batch, evaluate_hilo,
        evaluate_low8, evaluate_omaha_hilo, evaluate_omaha_low8, LowHand,
    };

    use super::errors::{IllegalAction, InvalidCards, SplitpotError};
    use pyo3::prelude::*;

    #[pymodule_init]
    fn init(m: &Bound<'_, PyModule>) -> PyResult<()> {
        let py = m.py();
        m.add("__version__", env!("CARGO_PKG_VERSION"))?;
        m.add("SplitpotError", py.get_type::<SplitpotError>())?;
        m.add("InvalidCards", py.get_type::<InvalidCards>())?;
        m.add("IllegalAction", py.get_type::<IllegalAction>())?;
        Ok(())
    }
}
