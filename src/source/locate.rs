//! From byte offsets to the 1-based lines and character columns people
//! read.

use super::lines::Line;

/// Maps byte offsets to 1-based line and character columns, using the line
/// table the parser already built (binary search, no rescan).
#[derive(Debug)]
pub struct Locator<'a> {
    text: &'a str,
    lines: &'a [Line],
}

impl<'a> Locator<'a> {
    /// A locator over `text` and its parsed lines.
    pub fn new(text: &'a str, lines: &'a [Line]) -> Self {
        Locator { text, lines }
    }

    /// `(line, column)` of byte `at`, both 1-based; columns count characters.
    pub fn locate(&self, at: usize) -> (u32, u32) {
        let i = self
            .lines
            .partition_point(|l| (l.span.start as usize) <= at);
        let Some(line) = i.checked_sub(1).and_then(|i| self.lines.get(i)) else {
            return (1, 1);
        };
        let start = line.span.start as usize;
        let end = at.min(self.text.len()).max(start);
        let col = self
            .text
            .get(start..end)
            .map(|s| s.chars().count())
            .unwrap_or(end - start);
        (line.number, col as u32 + 1)
    }
}
