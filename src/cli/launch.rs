//! What `trf.exe` does when it is started from Windows' Explorer rather
//! than typed in a console.
//!
//! A double-click starts it with no argument, and a report or folder
//! dropped on it starts it with that path as the only argument. Either way
//! a console window opens that the person never asked for and that closes
//! as soon as the program ends, so printing the usage (what a console
//! user gets) would show nothing readable. Instead the local page
//! (`trf serve`) starts on a free port and opens in the default browser,
//! with the dropped reports already checked on it, and the window says how
//! to stop it. Elsewhere, and for every other command line, nothing
//! changes.

use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The reports the local page opens with, when `args` (program name
/// first) is a start from Explorer on Windows (`windows`): `Some(vec![])`
/// for no argument, `Some(vec![path])` for one argument that names an
/// existing file or folder (`exists`) and is neither a command nor an
/// option. `None`: the command line is parsed as usual.
pub(super) fn page_for(
    args: &[OsString],
    windows: bool,
    exists: impl Fn(&Path) -> bool,
) -> Option<Vec<PathBuf>> {
    if !windows {
        return None;
    }
    match args {
        [] | [_] => Some(Vec::new()),
        [_, only] => {
            let word = only.to_str();
            let commands = <super::Cli as clap::CommandFactory>::command();
            let command =
                word.is_some_and(|w| w == "help" || commands.find_subcommand(w).is_some());
            let option = only.as_encoded_bytes().first() == Some(&b'-');
            let path = PathBuf::from(only);
            (!command && !option && exists(&path)).then(|| vec![path])
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(words: &[&str]) -> Vec<OsString> {
        words.iter().map(OsString::from).collect()
    }

    fn on_disk(p: &Path) -> bool {
        std::fs::metadata(p).is_ok()
    }

    #[test]
    fn a_double_click_opens_the_page_on_windows_only() {
        assert_eq!(page_for(&args(&["trf.exe"]), true, on_disk), Some(vec![]));
        assert_eq!(page_for(&[], true, on_disk), Some(vec![]));
        assert_eq!(page_for(&args(&["trf"]), false, on_disk), None);
    }

    #[test]
    fn a_dropped_report_or_folder_opens_its_page() {
        let dir = tempfile::tempdir().unwrap();
        let report = dir.path().join("Zürich Open.trf");
        std::fs::write(&report, b"012 Open\r\n").unwrap();
        for path in [report.as_path(), dir.path()] {
            let line = vec![OsString::from("trf.exe"), path.into()];
            assert_eq!(
                page_for(&line, true, on_disk),
                Some(vec![path.to_path_buf()])
            );
            assert_eq!(page_for(&line, false, on_disk), None);
        }
    }

    #[test]
    fn commands_options_and_missing_paths_are_parsed_as_usual() {
        // Every word names an existing path here: a file named like a
        // command or an option does not hide the command line's meaning.
        let anything = |_: &Path| true;
        for line in [
            &["trf", "check"][..],
            &["trf", "serve"],
            &["trf", "help"],
            &["trf", "--version"],
            &["trf", "-h"],
            &["trf", "-"],
            &["trf", "check", "samples"],
            &["trf", "a.trf", "b.trf"],
        ] {
            assert_eq!(page_for(&args(line), true, anything), None, "{line:?}");
        }
        let missing = args(&["trf", "no such report.trf"]);
        assert_eq!(page_for(&missing, true, on_disk), None);
        assert_eq!(
            page_for(&args(&["trf", "chec"]), true, anything),
            Some(vec![PathBuf::from("chec")])
        );
    }
}
