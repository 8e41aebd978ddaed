//! Keeping a report's bytes from driving the terminal.
//!
//! A name in a report may hold an escape sequence (`ESC [ 2 J` clears the
//! screen, others rewrite the window title or fake output). Human output
//! shows every control character escaped (`\u{1b}`) instead; JSON needs
//! nothing, since JSON escapes them itself. Line ends and tabs are layout
//! and stay.

use crate::diag::Diagnostic;
use std::borrow::Cow;

use crate::source::safe_text::unsafe_char;

/// `s` with every unsafe control character (and bidirectional control)
/// written `\u{NN}`: [`crate::source::safe_text::escape`].
pub(crate) fn escape(s: &str) -> Cow<'_, str> {
    crate::source::safe_text::escape(s)
}

/// A report's text made safe for the graphical renderer, with the byte
/// offsets of the original mapped onto it (each escape is longer than the
/// character it replaces, so later spans move).
pub(crate) struct SafeSource {
    /// The escaped text.
    pub(crate) text: String,
    /// `(original offset, bytes added before it)` after each escape.
    shifts: Vec<(u32, u32)>,
}

impl SafeSource {
    /// `None` when the text has nothing to escape (the usual case: no copy).
    pub(crate) fn new(text: &str) -> Option<SafeSource> {
        if !text.chars().any(unsafe_char) {
            return None;
        }
        let mut out = String::with_capacity(text.len() + 64);
        let mut shifts = Vec::new();
        let mut added = 0u32;
        for (i, c) in text.char_indices() {
            if unsafe_char(c) {
                let esc = format!("\\u{{{:x}}}", u32::from(c));
                added += (esc.len() - c.len_utf8()) as u32;
                out.push_str(&esc);
                shifts.push(((i + c.len_utf8()) as u32, added));
            } else {
                out.push(c);
            }
        }
        Some(SafeSource { text: out, shifts })
    }

    fn map(&self, at: u32) -> u32 {
        let i = self.shifts.partition_point(|s| s.0 <= at);
        at + if i == 0 { 0 } else { self.shifts[i - 1].1 }
    }

    /// The finding with its spans moved onto the escaped text and its texts
    /// escaped.
    pub(crate) fn diagnostic(&self, d: &Diagnostic) -> Diagnostic {
        let mut d = safe_diagnostic(d);
        for l in &mut d.labels {
            l.span.start = self.map(l.span.start);
            l.span.end = self.map(l.span.end);
        }
        d
    }
}

/// The finding with message, labels and help escaped.
pub(crate) fn safe_diagnostic(d: &Diagnostic) -> Diagnostic {
    let mut d = d.clone();
    d.message = escape(&d.message).into_owned();
    d.help = d.help.map(|h| escape(&h).into_owned());
    for l in &mut d.labels {
        l.text = escape(&l.text).into_owned();
    }
    d
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Span;

    #[test]
    fn escapes_controls_and_moves_spans() {
        assert_eq!(escape("Doe, John"), "Doe, John");
        assert_eq!(escape("a\x1b[2Jb\tc\n"), "a\\u{1b}[2Jb\tc\n");
        assert_eq!(escape("x\u{9b}y"), "x\\u{9b}y");
        let text = "012 \x1b]0;pwned\x07 Open\n001 x";
        let safe = SafeSource::new(text).unwrap();
        assert!(!safe.text.chars().any(unsafe_char));
        let at = text.find("001").unwrap();
        let d = Diagnostic::new(
            "TRF-S001",
            "unknown-line",
            crate::Severity::Warning,
            "m\x1b",
        )
        .primary(Span::new(at, at + 3), "here");
        let moved = safe.diagnostic(&d);
        assert_eq!(&safe.text[moved.labels[0].span.range()], "001");
        assert_eq!(moved.message, "m\\u{1b}");
        assert!(SafeSource::new("plain").is_none());
    }
}
