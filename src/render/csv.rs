//! The one CSV writer of every table trfkit prints (`rate`, `check`,
//! `period`): RFC 4180 quoting by the `csv` crate, and cells a spreadsheet
//! would run as a formula neutralised.
//!
//! Officers open these files in spreadsheets, and a player's name is
//! whatever the arbiter (or an attacker) typed. OWASP's advice on CSV
//! injection: a cell that starts with `=`, `+`, `-`, `@`, a tab or a
//! carriage return is prefixed with a single quote, so the spreadsheet
//! shows it as text; a cell that is a number (`-12`, `+3.5`) stays a
//! number, since rating changes are negative numbers.

/// A CSV table being written, into memory (the default) or to any writer
/// ([`Table::to`]: a period of a whole month written as it is made).
pub(crate) struct Table<W: std::io::Write = Vec<u8>> {
    writer: ::csv::Writer<W>,
}

impl Table {
    /// A table whose first row is `header`.
    pub(crate) fn new(header: &[&str]) -> Table {
        let mut table = Table::to(Vec::new());
        table.row(header.iter().copied());
        table
    }

    /// Appends one row; every cell is neutralised first.
    pub(crate) fn row<I, S>(&mut self, cells: I)
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        // Writing into a Vec cannot fail: the only errors are I/O errors
        // and records of unequal length, which `flexible` would allow and
        // our tables never produce.
        let written = self.write_row(cells);
        debug_assert!(written.is_ok(), "CSV into memory failed: {written:?}");
    }

    /// The table's text.
    pub(crate) fn finish(self) -> String {
        let bytes = self.writer.into_inner().unwrap_or_default();
        // Every cell went in as UTF-8 and the writer adds only ASCII.
        String::from_utf8(bytes).unwrap_or_default()
    }
}

impl<W: std::io::Write> Table<W> {
    /// A table written to `w`, without a row yet.
    pub(crate) fn to(w: W) -> Table<W> {
        Table {
            writer: ::csv::WriterBuilder::new()
                .terminator(::csv::Terminator::Any(b'\n'))
                .from_writer(w),
        }
    }

    /// Appends one row, every cell neutralised first; `Err` when the
    /// writer fails.
    pub(crate) fn write_row<I, S>(&mut self, cells: I) -> std::io::Result<()>
    where
        I: IntoIterator<Item = S>,
        S: AsRef<str>,
    {
        // No raw control character (an escape sequence, a bell, a line
        // break) or bidirectional override reaches a cell.
        let cells = cells.into_iter().map(|c| {
            let c = crate::source::safe_text::escape_cell(c.as_ref());
            neutralise(&c).into_owned()
        });
        self.writer
            .write_record(cells)
            .map_err(|e| match e.into_kind() {
                // The writer's own error, as it came (a closed pipe is told
                // by its kind).
                ::csv::ErrorKind::Io(e) => e,
                other => std::io::Error::other(format!("{other:?}")),
            })
    }

    /// Writes what is buffered; `Err` when the writer fails.
    pub(crate) fn flush(&mut self) -> std::io::Result<()> {
        self.writer.flush()
    }
}

/// The cell as a spreadsheet may safely read it: a leading `=`, `+`, `-`,
/// `@`, tab or carriage return gets a `'` before it, unless the cell is a
/// plain number.
pub(crate) fn neutralise(cell: &str) -> std::borrow::Cow<'_, str> {
    match cell.as_bytes().first() {
        Some(b'=' | b'+' | b'-' | b'@' | b'\t' | b'\r') if !is_number(cell) => {
            std::borrow::Cow::Owned(format!("'{cell}"))
        }
        _ => std::borrow::Cow::Borrowed(cell),
    }
}

/// A decimal number as trfkit writes them: an optional sign, digits, and
/// an optional fraction.
fn is_number(cell: &str) -> bool {
    let digits = cell.strip_prefix(['-', '+']).unwrap_or(cell);
    let (int, frac) = digits.split_once('.').unwrap_or((digits, ""));
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && frac.bytes().all(|b| b.is_ascii_digit())
        && !(digits.contains('.') && frac.is_empty())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised_numbers_are_not() {
        assert_eq!(neutralise("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(neutralise("+cmd|' /C calc'!A0"), "'+cmd|' /C calc'!A0");
        assert_eq!(neutralise("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(neutralise("\tx"), "'\tx");
        assert_eq!(neutralise("\rx"), "'\rx");
        assert_eq!(neutralise("-x"), "'-x");
        assert_eq!(neutralise("-12"), "-12");
        assert_eq!(neutralise("+3.5"), "+3.5");
        assert_eq!(neutralise("-3."), "'-3.");
        assert_eq!(neutralise("Doe, John"), "Doe, John");
        assert_eq!(neutralise(""), "");
    }

    #[test]
    fn quotes_only_when_needed() {
        let mut t = Table::new(&["a", "b"]);
        t.row(["Doe, John", "say \"hi\""]);
        t.row(["plain", "=1+1"]);
        assert_eq!(
            t.finish(),
            "a,b\n\"Doe, John\",\"say \"\"hi\"\"\"\nplain,'=1+1\n"
        );
    }
}
