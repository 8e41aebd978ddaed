//! The memory all requests of `trf serve` share: every upload reserves, as
//! its bytes arrive, what reading, checking and rating them and building
//! their page take, and keeps the reservation until its page has been sent
//! (or, when the client has left, until the work has stopped); what the
//! server keeps of it for its downloads then holds its own share
//! (`answers`), given back when it is let go. A request
//! first waits, holding nothing but its connection, for what its announced
//! length needs ([`WAIT`] at most, in the order requests came); what it
//! needs beyond that (more files than one, a body longer than announced)
//! it must find free as it reads. When the budget cannot give it, the
//! request is answered with 503 and a plain message. A request that needs
//! more than the whole budget runs only when it can have all of it, alone.
//!
//! The reservation is an estimate made before the work, from what the
//! work was measured to take (`benches/hostile.md`): about
//! [`PER_REPORT`] for each file (its page, the rating pass's tables) and
//! [`PER_BYTE`] times its size. It was measured when the page carried each
//! report's downloads; since they are made on demand the work takes less
//! (`benches/serve_memory.md`), and the estimate errs on the safe side.

use axum::body::{Bytes, HttpBody};
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

/// What each file of an upload reserves besides its bytes.
pub(crate) const PER_REPORT: u64 = 8 << 20;

/// What each byte of an upload reserves.
pub(crate) const PER_BYTE: u64 = 96;

/// The budget by default, in MiB (`trf serve --memory`).
pub(crate) const DEFAULT_MIB: u32 = 512;

/// How long a request waits for its share before it is told to try again.
pub(crate) const WAIT: std::time::Duration = std::time::Duration::from_secs(30);

/// The memory budget, in KiB.
#[derive(Debug, Clone)]
pub(crate) struct Budget {
    kib: Arc<Semaphore>,
    total: u32,
}

impl Budget {
    /// A budget of `mib` MiB.
    pub(crate) fn new(mib: u32) -> Budget {
        let total = mib.max(1).saturating_mul(1024);
        Budget {
            kib: Arc::new(Semaphore::new(total as usize)),
            total,
        }
    }

    /// Adds `bytes` to what `held` reserves, when the budget has them now
    /// (a request never reserves more than the whole budget); `false` when
    /// it has not.
    pub(crate) fn reserve(&self, held: &mut Held, bytes: u64) -> bool {
        let want = self.want(held, bytes);
        if want == 0 {
            return true;
        }
        match Arc::clone(&self.kib).try_acquire_many_owned(want) {
            Ok(p) => {
                held.add(p, want);
                true
            }
            Err(_) => false,
        }
    }

    /// [`Budget::reserve`], waiting up to `wait` for the budget to have
    /// them.
    pub(crate) async fn reserve_within(
        &self,
        held: &mut Held,
        bytes: u64,
        wait: std::time::Duration,
    ) -> bool {
        let want = self.want(held, bytes);
        if want == 0 {
            return true;
        }
        let acquire = Arc::clone(&self.kib).acquire_many_owned(want);
        match tokio::time::timeout(wait, acquire).await {
            Ok(Ok(p)) => {
                held.add(p, want);
                true
            }
            _ => false,
        }
    }

    /// Whether `bytes` more for `held` are free now (what [`Budget::reserve`]
    /// would take).
    pub(crate) fn has(&self, held: &Held, bytes: u64) -> bool {
        self.want(held, bytes) as usize <= self.kib.available_permits()
    }

    /// The KiB of `bytes` that `held` may still add.
    fn want(&self, held: &Held, bytes: u64) -> u32 {
        u32::try_from(bytes.div_ceil(1024))
            .unwrap_or(u32::MAX)
            .min(self.total - held.kib)
    }
}

/// What one request holds of the budget; given back when dropped.
#[derive(Debug, Default)]
pub(crate) struct Held {
    permit: Option<OwnedSemaphorePermit>,
    kib: u32,
}

impl Held {
    /// `bytes` of what it holds, taken out as a reservation of their own
    /// (what the server keeps of an upload, from what reading it
    /// reserved); `None` when it holds less.
    pub(crate) fn split(&mut self, bytes: u64) -> Option<Held> {
        let kib = u32::try_from(bytes.div_ceil(1024)).ok()?;
        if kib == 0 {
            return Some(Held::default());
        }
        let permit = self.permit.as_mut()?.split(kib as usize)?;
        self.kib -= kib;
        Some(Held {
            permit: Some(permit),
            kib,
        })
    }

    fn add(&mut self, p: OwnedSemaphorePermit, kib: u32) {
        match self.permit.as_mut() {
            Some(h) => h.merge(p),
            None => self.permit = Some(p),
        }
        self.kib += kib;
    }
}

/// A page being sent, in pieces, holding its request's reservation until
/// the last piece has been handed to the connection.
pub(crate) struct HeldBody {
    page: Bytes,
    held: Option<Held>,
}

impl HeldBody {
    /// `page`, sent while `held` is kept.
    pub(crate) fn new(page: String, held: Held) -> HeldBody {
        HeldBody {
            page: Bytes::from(page),
            held: Some(held),
        }
    }
}

/// The size of each piece: a connection that reads slowly keeps the
/// reservation for as long as it has not taken the page.
const PIECE: usize = 64 << 10;

impl HttpBody for HeldBody {
    type Data = Bytes;
    type Error = Infallible;

    fn poll_frame(
        self: Pin<&mut Self>,
        _cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Infallible>>> {
        let this = self.get_mut();
        if this.page.is_empty() {
            this.held = None;
            return Poll::Ready(None);
        }
        let piece = this.page.split_to(PIECE.min(this.page.len()));
        Poll::Ready(Some(Ok(http_body::Frame::data(piece))))
    }

    fn is_end_stream(&self) -> bool {
        self.page.is_empty()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        http_body::SizeHint::with_exact(self.page.len() as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reservations_share_the_budget_and_come_back() {
        let b = Budget::new(1);
        let mut a = Held::default();
        assert!(b.reserve(&mut a, 600 << 10));
        let mut c = Held::default();
        assert!(!b.reserve(&mut c, 600 << 10));
        assert!(b.reserve(&mut c, 400 << 10));
        drop(a);
        assert!(b.reserve(&mut c, 600 << 10));
        // One request alone may have the whole budget, never more.
        assert!(b.reserve(&mut c, u64::MAX));
        assert_eq!(c.kib, 1024);
    }

    #[test]
    fn a_share_split_off_is_held_until_dropped() {
        let b = Budget::new(1);
        let mut a = Held::default();
        assert!(b.reserve(&mut a, 1 << 20));
        let kept = a.split(300 << 10).unwrap();
        assert!(a.split(800 << 10).is_none());
        drop(a);
        let mut c = Held::default();
        assert!(b.has(&c, 724 << 10));
        assert!(!b.has(&c, 725 << 10));
        drop(kept);
        assert!(b.has(&c, 1 << 20));
        assert!(b.reserve(&mut c, 1 << 20));
    }
}
