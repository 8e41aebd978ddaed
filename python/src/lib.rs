//! `trfkit._trfkit`: the extension module under the Python package `trfkit`.
//!
//! A thin layer over `trfkit::cli`: `check`, `rate`, `parse` and `period`
//! hand a report and the command's flags (built from keyword arguments by
//! `trfkit/__init__.py`) to `trfkit::cli::embed`, which reads, checks or
//! rates with the command's own code and gives the JSON the command prints;
//! the package turns it into Python objects with `json.loads`, so they are
//! the CLI's JSON contracts by construction. The GIL is released for the
//! whole call. `run_cli` is the `trf` console script: `trfkit::cli::run`.

use pyo3::exceptions::{PyTypeError, PyUserWarning, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes};
use std::ffi::{CString, OsString};
use std::io::Write;
use std::path::PathBuf;
use trfkit::cli::embed::{self, Output, Report};

pyo3::create_exception!(
    trfkit,
    TrfError,
    PyValueError,
    "Input trfkit cannot use: a report or rating list that cannot be read, a file that is \
     no TRF, or an option value that is not valid. The message is the one `trf` prints."
);

/// A report given from Python: its contents (`bytes`, `bytearray`) or a
/// path (`str`, `os.PathLike`).
fn report(obj: &Bound<'_, PyAny>) -> PyResult<Report> {
    if let Ok(b) = obj.cast::<PyBytes>() {
        return Ok(Report::Contents(b.as_bytes().to_vec()));
    }
    if let Ok(b) = obj.cast::<PyByteArray>() {
        return Ok(Report::Contents(b.to_vec()));
    }
    obj.extract::<PathBuf>().map(Report::Path).map_err(|_| {
        let kind = obj
            .get_type()
            .name()
            .map_or_else(|_| "this".to_owned(), |n| n.to_string());
        PyTypeError::new_err(format!(
            "a report is a path (str or os.PathLike) or its contents (bytes), not {kind}"
        ))
    })
}

/// Runs `call` without the GIL; its JSON, with its warnings issued as
/// Python `UserWarning`s, or a [`TrfError`] with the command's message.
fn finish(
    py: Python<'_>,
    call: impl FnOnce() -> Result<Output, String> + Send,
) -> PyResult<String> {
    let out = py.detach(call).map_err(TrfError::new_err)?;
    for w in &out.warnings {
        let msg = CString::new(w.replace('\0', "?")).unwrap_or_default();
        // Level 3: the line that called `trfkit.check()` and the like.
        PyErr::warn(py, &py.get_type::<PyUserWarning>(), &msg, 3)?;
    }
    Ok(out.json)
}

/// `trf check --format json FLAGS... REPORT`, as JSON text.
#[pyfunction]
fn check(py: Python<'_>, report: &Bound<'_, PyAny>, flags: Vec<OsString>) -> PyResult<String> {
    let report = self::report(report)?;
    finish(py, || embed::check(report, &flags))
}

/// `trf rate --format json FLAGS... REPORT`, as JSON text.
#[pyfunction]
fn rate(py: Python<'_>, report: &Bound<'_, PyAny>, flags: Vec<OsString>) -> PyResult<String> {
    let report = self::report(report)?;
    finish(py, || embed::rate(report, &flags))
}

/// `trf parse FLAGS... REPORT`, as JSON text.
#[pyfunction]
fn parse(py: Python<'_>, report: &Bound<'_, PyAny>, flags: Vec<OsString>) -> PyResult<String> {
    let report = self::report(report)?;
    finish(py, || embed::parse(report, &flags))
}

/// `trf pairings --format json FLAGS... REPORT`, as JSON text.
#[pyfunction]
fn pairings(py: Python<'_>, report: &Bound<'_, PyAny>, flags: Vec<OsString>) -> PyResult<String> {
    let report = self::report(report)?;
    finish(py, || embed::pairings(report, &flags))
}

/// `trf period --format json FLAGS... PATHS...`, as JSON text.
#[pyfunction]
fn period(py: Python<'_>, paths: Vec<PathBuf>, flags: Vec<OsString>) -> PyResult<String> {
    finish(py, || embed::period(&paths, &flags))
}

/// Runs the `trf` command with `argv` (the program's name first) and returns
/// its exit status. Its output goes to the process's standard output and
/// error, as the binary's does.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| {
        let code = trfkit::cli::run(argv);
        // Nothing of the command's output may stay in Rust's buffer when
        // the interpreter exits (no Rust `main` returns to flush it).
        let _ = std::io::stdout().flush();
        exit_status(code)
    })
}

/// The number of an exit status: `trfkit::cli::run` gives the `ExitCode` a
/// Rust `main` returns, which can only be compared.
fn exit_status(code: std::process::ExitCode) -> u8 {
    (0..=u8::MAX)
        .find(|&n| std::process::ExitCode::from(n) == code)
        .unwrap_or(1)
}

#[pymodule]
fn _trfkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TrfError", m.py().get_type::<TrfError>())?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(pairings, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    Ok(())
}
