//! What `trf serve` keeps of the uploads it answered, so that their pages
//! carry no file: each download, and each report not drawn on the page, is
//! a link under `/answer/ID/` that the server answers by making it again
//! from what it keeps ([`Kept`]: the reports' bytes and what they were
//! checked with, not the pages and files they give).
//!
//! Bounded and expiring: at most [`KEPT`] uploads are kept, each for
//! [`KEPT_FOR`]; what one keeps holds its share of the memory budget, and
//! an upload that finds the budget taken lets the oldest kept go first.
//! `ID` is a secret of its own (as the form's token is), made for each
//! answer and given only in the page answered to a POST that carried the
//! form's token: a page elsewhere can neither guess it nor, through the
//! `Host` check, reach this server under another name. Nothing is written
//! to disk.

use super::budget::{Budget, Held};
use crate::upload::Kept;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::{Duration, Instant};

/// The uploads kept at most: the oldest goes when another comes.
pub(crate) const KEPT: usize = 8;

/// How long an upload's downloads are kept after its page was made.
pub(crate) const KEPT_FOR: Duration = Duration::from_secs(30 * 60);

/// The uploads kept, oldest first.
#[derive(Debug, Default)]
pub(crate) struct Answers {
    kept: Mutex<Vec<Answer>>,
}

/// One upload kept.
#[derive(Debug)]
struct Answer {
    id: String,
    made: Instant,
    /// Kept for good (the reports named on the command line, whose page
    /// `/` shows as long as the server runs).
    lasting: bool,
    kept: Arc<Kept>,
    /// Its share of the memory budget.
    _held: Held,
}

impl Answers {
    /// The list, whatever a thread that panicked holding it left.
    fn lock(&self) -> MutexGuard<'_, Vec<Answer>> {
        self.kept.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Keeps `kept` under `id`, holding `held` of the budget: the expired
    /// and, beyond [`KEPT`], the oldest are let go. `lasting`: never let
    /// go (and not counted among the [`KEPT`]).
    pub(crate) fn keep(&self, id: String, kept: Kept, held: Held, lasting: bool) {
        let mut all = self.lock();
        expire(&mut all);
        all.push(Answer {
            id,
            made: Instant::now(),
            lasting,
            kept: Arc::new(kept),
            _held: held,
        });
        while all.iter().filter(|a| !a.lasting).count() > KEPT {
            let oldest = all.iter().position(|a| !a.lasting);
            all.remove(oldest.unwrap_or(0));
        }
    }

    /// The upload kept under `id`, if it is still kept.
    pub(crate) fn find(&self, id: &str) -> Option<Arc<Kept>> {
        let mut all = self.lock();
        expire(&mut all);
        // Every id compared, each in time that does not depend on where
        // it differs.
        let mut found = None;
        for a in all.iter() {
            if super::guard::same_token(id.as_bytes(), &a.id) {
                found = Some(Arc::clone(&a.kept));
            }
        }
        found
    }

    /// Lets the oldest upload kept go (not one kept for good), to free its
    /// memory; `false` when none is left to let go.
    pub(crate) fn let_oldest_go(&self) -> bool {
        let mut all = self.lock();
        match all.iter().position(|a| !a.lasting) {
            Some(i) => {
                all.remove(i);
                true
            }
            None => false,
        }
    }

    /// Lets the expired uploads go (the server does so every few minutes,
    /// so that an idle server does not keep them).
    pub(crate) fn expire(&self) {
        expire(&mut self.lock());
    }

    /// Makes room for `bytes` more of `held` in `budget` by letting kept
    /// uploads go, oldest first, until the budget has them or none is left:
    /// an upload comes before the downloads of older ones.
    pub(crate) fn make_room(&self, budget: &Budget, held: &Held, bytes: u64) {
        while !budget.has(held, bytes) && self.let_oldest_go() {}
    }

    /// [`Budget::reserve`], letting kept uploads go first when the budget
    /// has not `bytes` free.
    pub(crate) fn reserve(&self, budget: &Budget, held: &mut Held, bytes: u64) -> bool {
        self.make_room(budget, held, bytes);
        budget.reserve(held, bytes)
    }
}

/// Lets the uploads kept longer than [`KEPT_FOR`] go.
fn expire(all: &mut Vec<Answer>) {
    expire_after(all, KEPT_FOR);
}

/// Lets the uploads kept longer than `kept_for` go.
fn expire_after(all: &mut Vec<Answer>, kept_for: Duration) {
    all.retain(|a| a.lasting || a.made.elapsed() < kept_for);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn kept() -> Kept {
        let page = crate::render::html::Page::new(1 << 20, chrono::DateTime::UNIX_EPOCH);
        let read = crate::ReadOptions::default();
        let trf = "012 A\n001    1 m    Smith, Anna                       2000 ENG     1234567 1990/01/01  0.0    1\n".as_bytes().to_vec();
        let (_, kept) =
            crate::upload::check_uploads(page, &read, vec![("a.trf".into(), trf)], None, "/");
        kept.expect("a report read")
    }

    #[test]
    fn at_most_kept_uploads_are_kept_and_the_lasting_one_stays() {
        let answers = Answers::default();
        answers.keep("given".into(), kept(), Held::default(), true);
        for i in 0..KEPT + 2 {
            answers.keep(format!("id{i}"), kept(), Held::default(), false);
        }
        assert!(answers.find("given").is_some());
        assert!(answers.find("id0").is_none());
        assert!(answers.find("id1").is_none());
        assert!(answers.find("id2").is_some());
        assert!(answers.find(&format!("id{}", KEPT + 1)).is_some());
        assert!(answers.find("unknown").is_none());
        while answers.let_oldest_go() {}
        assert!(answers.find("id9").is_none());
        assert!(answers.find("given").is_some());
    }

    #[test]
    fn an_upload_kept_its_time_is_let_go() {
        let answers = Answers::default();
        answers.keep("given".into(), kept(), Held::default(), true);
        answers.keep("old".into(), kept(), Held::default(), false);
        answers.expire();
        assert!(answers.find("old").is_some());
        expire_after(&mut answers.lock(), Duration::ZERO);
        assert!(answers.find("old").is_none());
        assert!(answers.find("given").is_some());
    }
}
