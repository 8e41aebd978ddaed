//! The progress line of `trf check` over several files: a bar, how many of
//! the reports have been read, and what is being done, redrawn on standard
//! error (a terminal, or it is not shown at all) at most every 50 ms, and
//! cleared at the end so that nothing of it stays above the results. The
//! line fits the terminal's width: a line that wrapped could not be
//! cleared with the cursor back at its start.
//!
//! Written here rather than taken from a progress-bar crate. The crate used
//! before (indicatif) smooths its rate estimate with `f64::powf`, the one
//! function that made every start of `trf`, whatever the command, load the
//! C maths library (`libm`): without it `trf --version` runs 42,000 fewer
//! instructions and has six to ten fewer page faults, and a small C
//! program starts in about a seventh less CPU time (`benches/instructions.md`,
//! "Start-up without the C maths library"). This line needs no estimate:
//! a count and a message.

use std::io::Write;
use std::sync::{Mutex, PoisonError};
use std::time::{Duration, Instant};

/// The bar's width, in characters, on a terminal wide enough.
const WIDTH: u64 = 40;
/// The narrowest bar worth drawing; below it, the count alone.
const NARROWEST: u64 = 10;
/// The shortest time between two drawings (the last one is always drawn).
const EVERY: Duration = Duration::from_millis(50);

/// A progress line over `len` files, shared by the threads that read them.
pub(crate) struct Progress<W: Write + Send = std::io::Stderr> {
    len: u64,
    /// The shortest time between two drawings ([`EVERY`]).
    every: Duration,
    /// The terminal's width in characters (`None`: unknown, the full bar).
    columns: Option<usize>,
    state: Mutex<State<W>>,
}

/// What one drawing needs, behind the lock.
struct State<W> {
    out: W,
    pos: u64,
    msg: String,
    /// When the line was last drawn; `None` before the first drawing.
    drawn: Option<Instant>,
}

impl Progress {
    /// A progress line on standard error. The caller decides whether it is
    /// a terminal: a redirected stream gets no line at all.
    pub(crate) fn stderr(len: u64) -> Self {
        let columns = terminal_size::terminal_size_of(std::io::stderr())
            .map(|(terminal_size::Width(w), _)| usize::from(w));
        let mut p = Self::to(std::io::stderr(), len);
        p.columns = columns;
        p
    }
}

impl<W: Write + Send> Progress<W> {
    /// A progress line written to `out`.
    pub(crate) fn to(out: W, len: u64) -> Self {
        Progress {
            len,
            every: EVERY,
            columns: None,
            state: Mutex::new(State {
                out,
                pos: 0,
                msg: String::new(),
                drawn: None,
            }),
        }
    }

    /// One more file done. Drawn when the last drawing is old enough, and
    /// always for the last file.
    pub(crate) fn inc(&self) {
        let mut s = self.lock();
        s.pos = s.pos.saturating_add(1);
        let due = s.pos >= self.len || s.drawn.is_none_or(|t| t.elapsed() >= self.every);
        if due {
            self.draw(&mut s);
        }
    }

    /// What is being done now, shown after the count, drawn at once.
    pub(crate) fn set_message(&self, msg: &str) {
        let mut s = self.lock();
        msg.clone_into(&mut s.msg);
        self.draw(&mut s);
    }

    /// Clears the line, if one was drawn, and gives the writer back.
    pub(crate) fn finish_and_clear(self) -> W {
        let mut s = self
            .state
            .into_inner()
            .unwrap_or_else(PoisonError::into_inner);
        if s.drawn.is_some() {
            // A failed write of a progress line is not worth a message:
            // the results that follow say everything.
            let _ = s.out.write_all(b"\r\x1b[2K");
            let _ = s.out.flush();
        }
        s.out
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, State<W>> {
        // A thread that panicked while drawing leaves a usable state: the
        // count and the message are plain values.
        self.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn draw(&self, s: &mut State<W>) {
        let text = line(s.pos, self.len, &s.msg, self.columns);
        let _ = s.out.write_all(text.as_bytes());
        let _ = s.out.flush();
        s.drawn = Some(Instant::now());
    }
}

/// One drawing: back to the line's start, the line cleared, the bar, the
/// count, the message; within `columns` characters when the width is
/// known (the bar narrower first, then none, then the text cut).
fn line(pos: u64, len: u64, msg: &str, columns: Option<usize>) -> String {
    let pos = pos.min(len);
    let mut tail = format!(" {pos}/{len} files");
    if !msg.is_empty() {
        tail.push(' ');
        tail.push_str(msg);
    }
    // One column is kept free: a line that fills the last column leaves
    // some terminals' cursor on the next line.
    let room = columns.map_or(usize::MAX, |c| c.saturating_sub(1));
    let tail_width = tail.chars().count();
    let width = (room.saturating_sub(tail_width) as u64).min(WIDTH);
    let width = if width < NARROWEST { 0 } else { width };
    // No files at all: a full bar (nothing is left to do).
    let filled = pos.saturating_mul(width).checked_div(len).unwrap_or(width);
    let mut s = String::with_capacity(200 + msg.len());
    s.push_str("\r\x1b[2K");
    for i in 0..width {
        s.push(if i < filled { '█' } else { '░' });
    }
    let tail = if width == 0 {
        // The count first, without its leading blank, cut to the room.
        tail[1..].chars().take(room).collect()
    } else {
        tail
    };
    s.push_str(&tail);
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(bytes: &[u8]) -> String {
        String::from_utf8(bytes.to_vec()).expect("progress lines are UTF-8")
    }

    #[test]
    fn the_bar_fills_with_the_count() {
        let empty = line(0, 4, "", None);
        assert_eq!(empty, format!("\r\x1b[2K{} 0/4 files", "░".repeat(40)));
        let half = line(2, 4, "", None);
        assert_eq!(
            half,
            format!("\r\x1b[2K{}{} 2/4 files", "█".repeat(20), "░".repeat(20))
        );
        let full = line(4, 4, "searching the rating list", None);
        assert_eq!(
            full,
            format!(
                "\r\x1b[2K{} 4/4 files searching the rating list",
                "█".repeat(40)
            )
        );
        // Never past the end, whatever the caller counts.
        assert_eq!(line(9, 4, "", None), line(4, 4, "", None));
        assert_eq!(
            line(0, 0, "", None),
            format!("\r\x1b[2K{} 0/0 files", "█".repeat(40))
        );
    }

    #[test]
    fn the_line_fits_the_terminal() {
        let visible = |s: &str| s.trim_start_matches("\r\x1b[2K").chars().count();
        // Wide: the full bar.
        assert_eq!(line(2, 4, "", Some(200)), line(2, 4, "", None));
        // Narrower: the bar shrinks to fit, one column kept free.
        let l = line(2, 4, "", Some(40));
        assert_eq!(visible(&l), 39, "{l:?}");
        assert!(l.ends_with(" 2/4 files"), "{l:?}");
        // Too narrow for a bar: the count alone, then cut.
        assert_eq!(line(2, 4, "", Some(16)), "\r\x1b[2K2/4 files");
        assert_eq!(
            line(2, 4, "searching the rating list", Some(12)),
            "\r\x1b[2K2/4 files s"
        );
        // Every width keeps the line within the terminal.
        for columns in 0..80 {
            let l = line(7, 9, "searching the rating list", Some(columns));
            assert!(visible(&l) < columns.max(1), "{columns}: {l:?}");
        }
    }

    #[test]
    fn drawings_are_spaced_and_the_last_file_is_always_drawn() {
        let mut p = Progress::to(Vec::new(), 3);
        // An hour between drawings: however slow the machine running the
        // test, the second file comes too soon after the first.
        p.every = Duration::from_secs(3600);
        p.inc(); // the first drawing
        p.inc(); // too soon after it: not drawn
        p.inc(); // the last file: drawn
        let out = shown(&p.finish_and_clear());
        let frames: Vec<&str> = out.split('\r').filter(|f| !f.is_empty()).collect();
        assert_eq!(frames.len(), 3, "{out:?}");
        assert!(frames[0].ends_with(" 1/3 files"), "{out:?}");
        assert!(frames[1].ends_with(" 3/3 files"), "{out:?}");
        assert_eq!(frames[2], "\x1b[2K", "cleared at the end: {out:?}");
    }

    #[test]
    fn a_message_is_drawn_at_once() {
        let p = Progress::to(Vec::new(), 2);
        p.inc();
        p.set_message("searching the rating list");
        let out = shown(&p.finish_and_clear());
        assert!(
            out.contains(" 1/2 files searching the rating list"),
            "{out:?}"
        );
    }

    #[test]
    fn nothing_drawn_nothing_cleared() {
        let p = Progress::to(Vec::new(), 2);
        assert!(p.finish_and_clear().is_empty());
    }

    #[test]
    fn threads_share_one_line() {
        let p = Progress::to(Vec::new(), 64);
        std::thread::scope(|s| {
            for _ in 0..8 {
                s.spawn(|| {
                    for _ in 0..8 {
                        p.inc();
                    }
                });
            }
        });
        let out = shown(&p.finish_and_clear());
        // Every drawing is whole (no two interleaved) and the last is 64/64.
        let frames: Vec<&str> = out.split('\r').filter(|f| !f.is_empty()).collect();
        assert!(frames.iter().all(|f| f.starts_with("\x1b[2K")), "{out:?}");
        assert!(
            frames[frames.len() - 2].ends_with(" 64/64 files"),
            "{out:?}"
        );
    }
}
