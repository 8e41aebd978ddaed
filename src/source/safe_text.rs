//! Text from a report or a rating list, made safe for a terminal and for
//! any file a person opens: the one home of the characters trfkit never
//! prints raw.
//!
//! A name may hold an escape sequence (`ESC [ 2 J` clears the screen, OSC 52
//! writes the clipboard, others rewrite the window title), a bell, or a
//! bidirectional override (U+202E shows `gpj.exe` as `exe.jpg`, and makes a
//! line read differently from what it holds). Every output shows them
//! escaped, so that the text can still be recovered exactly:
//!
//! * [`escape`]: human text: every control character but tab, LF and CR
//!   (layout) and every bidirectional control is written `\u{NN}`;
//! * [`escape_cell`]: one cell or one line (CSV, an error's echo of a
//!   line): tab, LF and CR too;
//! * [`escape_json`]: JSON already escapes control characters; the
//!   bidirectional controls become `\uNNNN` escapes inside its strings (the
//!   value read back is the same).

use std::borrow::Cow;

/// The bidirectional formatting characters (Unicode's `Bidi_Control`):
/// ALM, LRM, RLM, LRE…RLO, LRI…PDI.
pub(crate) fn bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// Control characters that are not layout (C0 but tab, LF and CR; DEL;
/// C1) and bidirectional controls.
pub(crate) fn unsafe_char(c: char) -> bool {
    (c.is_control() && !matches!(c, '\t' | '\n' | '\r')) || bidi_control(c)
}

fn escaped(s: &str, bad: impl Fn(char) -> bool) -> Cow<'_, str> {
    if !s.chars().any(&bad) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if bad(c) {
            out.push_str(&format!("\\u{{{:x}}}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// `s` with every [`unsafe_char`] written `\u{NN}`.
pub(crate) fn escape(s: &str) -> Cow<'_, str> {
    escaped(s, unsafe_char)
}

/// `s` as one cell or one line: every control character, layout included,
/// and every bidirectional control written `\u{NN}`.
pub(crate) fn escape_cell(s: &str) -> Cow<'_, str> {
    escaped(s, |c| c.is_control() || bidi_control(c))
}

/// JSON text with its bidirectional controls written `\uNNNN`. They can
/// only stand inside strings (JSON's own syntax is ASCII), where the escape
/// reads back as the same character.
pub(crate) fn escape_json(s: &str) -> Cow<'_, str> {
    if !s.chars().any(bidi_control) {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len() + 16);
    for c in s.chars() {
        if bidi_control(c) {
            out.push_str(&format!("\\u{:04x}", u32::from(c)));
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_what_drives_a_terminal_and_keeps_the_rest() {
        assert_eq!(escape("Doe, John"), "Doe, John");
        assert_eq!(
            escape("a\x1b]52;c;aGk=\x07b\tc\n"),
            "a\\u{1b}]52;c;aGk=\\u{7}b\tc\n"
        );
        assert_eq!(escape("gpj\u{202e}.exe"), "gpj\\u{202e}.exe");
        assert_eq!(escape("Müller, Zoë"), "Müller, Zoë");
        assert_eq!(escape_cell("a\tb\r\n"), "a\\u{9}b\\u{d}\\u{a}");
        let json = "{\"name\":\"x\u{202e}y\"}";
        let v: serde_json::Value = serde_json::from_str(&escape_json(json)).unwrap();
        assert_eq!(v["name"], "x\u{202e}y");
        assert!(escape_json(json).is_ascii());
    }
}
