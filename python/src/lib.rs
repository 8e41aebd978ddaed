//! `trfkit._trfkit`: the extension module under the Python package `trfkit`.
//!
//! Each function reads, checks or rates with the code of the `trf` command
//! (its option structs, its readers, the library's JSON writers) and returns
//! the JSON text that command prints; `trfkit/__init__.py` turns it into
//! Python objects with `json.loads`, so the objects are the CLI's JSON
//! contracts by construction. The GIL is released while reports and lists
//! are read, checked and rated. `run_cli` is the `trf` console script.

use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyByteArray, PyBytes, PyDict, PyString};
use std::collections::HashMap;
use std::ffi::OsString;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;

use trfkit::cli::check::RuleArgs;
use trfkit::cli::ReadArgs;
use trfkit::ratinglist::ListLookup;
use trfkit::{Parsed, ReadOptions};

pyo3::create_exception!(
    trfkit,
    TrfError,
    PyValueError,
    "Input trfkit cannot use: a report or rating list that cannot be read, a file that is \
     no TRF, or an option value that is not valid. The message is the one `trf` prints."
);

/// A report: a path, or its contents.
enum Report {
    Path(PathBuf),
    Bytes(Vec<u8>),
}

impl Report {
    fn from_py(obj: &Bound<'_, PyAny>) -> PyResult<Report> {
        if let Ok(b) = obj.cast::<PyBytes>() {
            return Ok(Report::Bytes(b.as_bytes().to_vec()));
        }
        if let Ok(b) = obj.cast::<PyByteArray>() {
            return Ok(Report::Bytes(b.to_vec()));
        }
        obj.extract::<PathBuf>().map(Report::Path).map_err(|_| {
            PyTypeError::new_err(format!(
                "a report is a path (str or os.PathLike) or its contents (bytes), not {}",
                type_name(obj)
            ))
        })
    }

    /// The path the CLI reads it from (`-`, standard input, for contents).
    fn path(&self) -> PathBuf {
        match self {
            Report::Path(p) => p.clone(),
            Report::Bytes(_) => PathBuf::from("-"),
        }
    }

    /// How the CLI names it in its output (the path as given, shown
    /// losslessly), or `None` for contents.
    fn name(&self) -> Option<String> {
        match self {
            Report::Path(p) => Some(trfkit::cli::files::shown(p)),
            Report::Bytes(_) => None,
        }
    }

    /// Reads it as the CLI reads a file named on its command line: a file
    /// that does not look like a TRF is refused.
    fn read(self, opts: &ReadOptions) -> Result<Parsed, String> {
        match self {
            Report::Path(p) => trfkit::cli::read_report(&p, opts)
                .map_err(|e| format!("{}: {e}", trfkit::cli::files::shown(&p))),
            Report::Bytes(b) => trfkit::cli::parse_report(b, opts).map_err(|e| e.to_string()),
        }
    }
}

fn type_name(obj: &Bound<'_, PyAny>) -> String {
    obj.get_type()
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "this".to_owned())
}

fn bad(msg: impl Into<String>) -> PyErr {
    TrfError::new_err(msg.into())
}

/// The keyword arguments of one call, each a flag of the command.
struct Options<'py> {
    given: HashMap<String, Bound<'py, PyAny>>,
}

/// The options every command that reads a report takes.
const READ: &[&str] = &["encoding", "max_size", "max_line"];
/// The options that decide what the rules find (`trf check`, `rate`, `period`).
const RULES: &[&str] = &[
    "regulations",
    "registered_on",
    "national_championship",
    "hybrid_approved",
    "rating_type",
    "qc_approved_fast_classic",
    "disable",
];

impl<'py> Options<'py> {
    /// The options given to `function`, which takes the `known` ones; any
    /// other is a `TypeError`, as Python's own for a keyword argument.
    fn new(
        function: &str,
        known: &[&[&str]],
        given: Option<&Bound<'py, PyDict>>,
    ) -> PyResult<Options<'py>> {
        let mut out = HashMap::new();
        for (k, v) in given.into_iter().flat_map(|d| d.iter()) {
            let name: String = k.extract()?;
            if !known.iter().any(|names| names.contains(&name.as_str())) {
                return Err(PyTypeError::new_err(format!(
                    "{function}() got an unexpected keyword argument '{name}'"
                )));
            }
            out.insert(name, v);
        }
        Ok(Options { given: out })
    }

    /// The value of `name`, unless absent or `None`.
    fn get(&self, name: &str) -> Option<&Bound<'py, PyAny>> {
        self.given.get(name).filter(|v| !v.is_none())
    }

    /// A switch (`--what-if`): `True` or `False`.
    fn flag(&self, name: &str) -> PyResult<bool> {
        self.get(name).map_or(Ok(false), |v| v.extract())
    }

    /// A number or a path, as Python gives it.
    fn extract<T: for<'a> FromPyObjectOwned<'a, 'py>>(&self, name: &str) -> PyResult<Option<T>> {
        self.get(name).map(|v| v.extract()).transpose().map_err(Into::into)
    }

    /// A value parsed as the flag's parser does (`regulations=2005` or
    /// `"2005"`, `registered_on="2024-01-02"` or a `datetime.date`); an
    /// invalid one is a [`TrfError`] naming the flag.
    fn parsed<T: FromStr>(&self, name: &str, flag: &str) -> PyResult<Option<T>>
    where
        T::Err: std::fmt::Display,
    {
        let Some(v) = self.get(name) else {
            return Ok(None);
        };
        let s = text(v)?;
        s.parse::<T>()
            .map(Some)
            .map_err(|e| bad(format!("invalid value '{s}' for '{flag}': {e}")))
    }

    /// `disable=`: one rule or several (names or codes).
    fn names(&self, name: &str) -> PyResult<Vec<String>> {
        match self.get(name) {
            None => Ok(Vec::new()),
            Some(v) if v.is_instance_of::<PyString>() => Ok(vec![text(v)?]),
            Some(v) => v.try_iter()?.map(|x| text(&x?)).collect(),
        }
    }

    /// `k={fide_id: k}`, each pair checked as `--k FIDE_ID=K` is.
    fn k_overrides(&self) -> PyResult<HashMap<u64, u8>> {
        let mut out = HashMap::new();
        let Some(v) = self.get("k") else {
            return Ok(out);
        };
        for (id, k) in v.cast::<PyDict>()?.iter() {
            let arg = format!("{}={}", text(&id)?, text(&k)?);
            let (id, k) = trfkit::cli::rate::parse_k(&arg)
                .map_err(|e| bad(format!("invalid value '{arg}' for '--k <FIDE_ID=K>': {e}")))?;
            out.insert(id, k);
        }
        Ok(out)
    }

    /// `encoding=`, `max_size=`, `max_line=` as the CLI's reading options.
    fn read(&self) -> PyResult<ReadArgs> {
        let encoding = match self.get("encoding") {
            None => None,
            Some(v) => Some(trfkit::cli::parse_encoding(&text(v)?).map_err(bad)?),
        };
        let defaults = ReadOptions::default();
        Ok(ReadArgs {
            encoding,
            max_size: self.extract("max_size")?.unwrap_or(defaults.max_file_bytes),
            max_line: self.extract("max_line")?.unwrap_or(defaults.max_line_bytes),
        })
    }

    /// The [`RULES`] as the CLI's rule options.
    fn rules(&self) -> PyResult<RuleArgs> {
        Ok(RuleArgs {
            disable: self.names("disable")?,
            regulations: self.parsed("regulations", "--regulations <VERSION>")?,
            registered_on: self.parsed("registered_on", "--registered-on <DATE>")?,
            national_championship: self.flag("national_championship")?,
            hybrid_approved: self.flag("hybrid_approved")?,
            rating_type: self.parsed("rating_type", "--rating-type <TYPE>")?,
            qc_approved_fast_classic: self.flag("qc_approved_fast_classic")?,
            registrations: None,
        })
    }
}

/// A value given as a string, or anything whose `str()` is the flag's
/// value (`2005`, `datetime.date(2024, 1, 2)`).
fn text(v: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(s) = v.cast::<PyString>() {
        return Ok(s.to_str()?.to_owned());
    }
    Ok(v.str()?.to_str()?.to_owned())
}

/// Searches a rating list for the players of `reports`, as the commands do
/// (once for all of them); `Err` is the message of a list that cannot be
/// used.
fn read_list(path: &Path, reports: &[&Parsed]) -> Result<ListLookup, String> {
    let ids: Vec<u64> = reports
        .iter()
        .flat_map(|p| ListLookup::ids_of(&p.tournament))
        .collect();
    ListLookup::read(path, &ids).map_err(|e| format!("rating list: {e}"))
}

/// What the command says on stderr about a list's index it could not use,
/// as a Python warning.
fn warn_index(py: Python<'_>, list: &ListLookup) -> PyResult<()> {
    if let Some(why) = &list.index_problem {
        let msg = format!("rating list index not used, list scanned instead: {why}");
        warn(py, &py.get_type::<pyo3::exceptions::PyRuntimeWarning>(), &msg)?;
    }
    Ok(())
}

/// Reads `rating_list` (when given) for `reports`, with the GIL released.
fn list_option(
    py: Python<'_>,
    rating_list: Option<&Path>,
    reports: &[&Parsed],
) -> PyResult<Option<Arc<ListLookup>>> {
    let Some(path) = rating_list else {
        return Ok(None);
    };
    let list = py.detach(|| read_list(path, reports)).map_err(bad)?;
    warn_index(py, &list)?;
    Ok(Some(Arc::new(list)))
}

/// `trf check --format json REPORT`: the check of one report.
#[pyfunction]
#[pyo3(signature = (report, **options))]
fn check(
    py: Python<'_>,
    report: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let report = Report::from_py(report)?;
    let o = Options::new("check", &[RULES, &["max_per_rule", "rating_list"], READ], options)?;
    let rules = o.rules()?;
    let max_per_rule = o
        .extract("max_per_rule")?
        .unwrap_or(trfkit::Options::MAX_PER_RULE);
    let rating_list: Option<PathBuf> = o.extract("rating_list")?;
    let mut read = o.read()?.options();
    // As `trf check`: the reader keeps no more findings per rule than shown.
    read.max_findings_per_rule = max_per_rule;
    let name = report.name();
    let parsed = py.detach(|| report.read(&read)).map_err(bad)?;
    let mut opts = rules.options(max_per_rule);
    opts.rating_list = list_option(py, rating_list.as_deref(), &[&parsed])?;
    Ok(py.detach(|| {
        let rep = trfkit::check(&parsed, &opts);
        trfkit::render::json::check_line(name.as_deref().unwrap_or("-"), &parsed, &rep)
    }))
}

/// `trf rate --format json REPORT`: the rating summary of one report.
#[pyfunction]
#[pyo3(signature = (report, **options))]
fn rate(
    py: Python<'_>,
    report: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let report = Report::from_py(report)?;
    let o = Options::new("rate", &[RULES, &["what_if", "k", "rating_list"], READ], options)?;
    let rules = o.rules()?;
    let k = o.k_overrides()?;
    let what_if = o.flag("what_if")?;
    let rating_list: Option<PathBuf> = o.extract("rating_list")?;
    let read = o.read()?.options();
    let path = report.path();
    let name = report.name().unwrap_or_else(|| "-".to_owned());
    let parsed = py.detach(|| report.read(&read)).map_err(bad)?;
    let list = list_option(py, rating_list.as_deref(), &[&parsed])?;
    Ok(py.detach(|| {
        let parsed = [parsed];
        let rated =
            trfkit::cli::rate::rate_parsed(&[path], &[name], &parsed, &rules, None, list, |o| {
                o.k_overrides = k;
                o.what_if = what_if;
            });
        serde_json::to_string(&rated[0].summary).unwrap_or_default()
    }))
}

/// `trf parse REPORT`: the typed model of one report.
#[pyfunction]
#[pyo3(signature = (report, **options))]
fn parse(
    py: Python<'_>,
    report: &Bound<'_, PyAny>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let report = Report::from_py(report)?;
    let read = Options::new("parse", &[READ], options)?.read()?.options();
    py.detach(|| {
        let parsed = report.read(&read)?;
        Ok(serde_json::to_string(&parsed.tournament).unwrap_or_default())
    })
    .map_err(bad)
}

/// `trf period --format json REPORTS...`: a rating period over reports and
/// folders of reports.
#[pyfunction]
#[pyo3(signature = (reports, **options))]
fn period(
    py: Python<'_>,
    reports: Vec<PathBuf>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    let o = Options::new(
        "period",
        &[&["period", "rating_list", "list_type", "k"], RULES, READ],
        options,
    )?;
    let rules = o.rules()?;
    let month = match o.get("period") {
        None => None,
        Some(v) => {
            let s = text(v)?;
            Some(trfkit::cli::period::parse_period(&s).map_err(|e| {
                bad(format!("invalid value '{s}' for '--period <YYYY-MM>': {e}"))
            })?)
        }
    };
    let list_type = o.parsed("list_type", "--list-type <TYPE>")?;
    let k = o.k_overrides()?;
    let rating_list: Option<PathBuf> = o.extract("rating_list")?;
    let read = o.read()?.options();
    let found = trfkit::cli::files::expand(&reports);
    if let Some((p, why)) = found.missing.first() {
        return Err(bad(format!("{}: {why}", trfkit::cli::files::shown(p))));
    }
    for (p, why) in &found.skipped {
        let msg = format!("skipped {}: {why}", trfkit::cli::files::shown(p));
        warn(py, &py.get_type::<pyo3::exceptions::PyUserWarning>(), &msg)?;
    }
    if found.files.is_empty() {
        return Err(bad("no TRF file found"));
    }
    let parsed: Vec<(String, Parsed)> = py
        .detach(|| {
            found
                .files
                .iter()
                .map(|f| {
                    let name = trfkit::cli::files::shown(f);
                    Report::Path(f.clone()).read(&read).map(|p| (name, p))
                })
                .collect::<Result<Vec<_>, String>>()
        })
        .map_err(bad)?;
    let all: Vec<&Parsed> = parsed.iter().map(|(_, p)| p).collect();
    let list = list_option(py, rating_list.as_deref(), &all)?;
    Ok(py.detach(|| {
        let opts = trfkit::cli::period::options(month, list_type, &rules, k, list);
        let reports: Vec<(&str, &Parsed)> = parsed.iter().map(|(n, p)| (n.as_str(), p)).collect();
        let summary = trfkit::cli::period::summary(&reports, &opts);
        serde_json::to_string(&summary).unwrap_or_default()
    }))
}

/// A Python warning of `category`, pointing at the caller of `trfkit`.
fn warn(py: Python<'_>, category: &Bound<'_, pyo3::types::PyType>, msg: &str) -> PyResult<()> {
    let msg = std::ffi::CString::new(msg.replace('\0', "?")).unwrap_or_default();
    PyErr::warn(py, category, &msg, 2)
}

#[pymodule]
fn _trfkit(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add("TrfError", m.py().get_type::<TrfError>())?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(parse, m)?)?;
    m.add_function(wrap_pyfunction!(period, m)?)?;
    m.add_function(wrap_pyfunction!(run_cli, m)?)?;
    Ok(())
}

/// Runs the `trf` command with `argv` (the program's name first) and returns
/// its exit status. Its output goes to the process's standard output and
/// error, as the binary's does.
#[pyfunction]
fn run_cli(py: Python<'_>, argv: Vec<OsString>) -> u8 {
    py.detach(|| {
        let code = trfkit::cli::run(argv);
        // Nothing of the command's output may stay in Rust's buffer when
        // the interpreter exits (no Rust `main` flushes it here).
        let _ = std::io::stdout().flush();
        exit_status(code)
    })
}

/// The number of an exit status: `trfkit::cli::run` gives the
/// `ExitCode` a Rust `main` returns, which only compares.
fn exit_status(code: std::process::ExitCode) -> u8 {
    (0..=u8::MAX)
        .find(|&n| std::process::ExitCode::from(n) == code)
        .unwrap_or(1)
}
