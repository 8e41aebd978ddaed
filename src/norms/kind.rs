//! The four norm titles and their thresholds, the same in the 2017 edition
//! (1.46b, 1.48, 1.48a) and the 2024 edition (1.4.6b-c, 1.4.8, 1.4.8a) of
//! the Title Regulations.

use crate::model::Title;
use serde::Serialize;

/// A title a norm is made for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[non_exhaustive]
pub enum NormKind {
    /// Grandmaster.
    GM,
    /// International Master.
    IM,
    /// Woman Grandmaster.
    WGM,
    /// Woman International Master.
    WIM,
}

/// The norm titles, highest first.
pub(crate) const KINDS: [NormKind; 4] = [NormKind::GM, NormKind::IM, NormKind::WGM, NormKind::WIM];

impl NormKind {
    /// `GM`, `IM`, `WGM`, `WIM`.
    pub fn as_str(self) -> &'static str {
        match self {
            NormKind::GM => "GM",
            NormKind::IM => "IM",
            NormKind::WGM => "WGM",
            NormKind::WIM => "WIM",
        }
    }

    /// Reads `GM`, `IM`, `WGM` or `WIM` (any case).
    pub fn parse(s: &str) -> Option<NormKind> {
        KINDS
            .into_iter()
            .find(|k| k.as_str().eq_ignore_ascii_case(s))
    }

    /// The performance rating the norm needs (1.4.8).
    pub fn rp_min(self) -> i32 {
        match self {
            NormKind::GM => 2600,
            NormKind::IM => 2450,
            NormKind::WGM => 2400,
            NormKind::WIM => 2250,
        }
    }

    /// The least average rating of the opponents (1.4.8a).
    pub fn ra_min(self) -> i32 {
        match self {
            NormKind::GM => 2380,
            NormKind::IM => 2230,
            NormKind::WGM => 2180,
            NormKind::WIM => 2030,
        }
    }

    /// The rating the lowest-rated opponent is raised to (1.4.6b-c).
    pub fn floor(self) -> i32 {
        match self {
            NormKind::GM => 2200,
            NormKind::IM => 2050,
            NormKind::WGM => 2000,
            NormKind::WIM => 1850,
        }
    }

    /// A women's title (only women can gain it).
    pub fn is_womens(self) -> bool {
        matches!(self, NormKind::WGM | NormKind::WIM)
    }

    /// Whether an opponent with `title` is a norm-title holder for this
    /// norm (1.4.5b-e): GM for a GM norm; GM or IM for an IM norm; GM, IM
    /// or WGM for a WGM norm; GM, IM, WGM or WIM for a WIM norm.
    pub fn counts_title(self, title: &Title) -> bool {
        let rank = match title {
            Title::GM => 0,
            Title::IM => 1,
            Title::WGM => 2,
            Title::WIM => 3,
            _ => return false,
        };
        rank <= self as u8
    }

    /// The norm titles a holder of `title` can no longer gain: the title
    /// itself and every lower one (GM > IM > WGM > WIM, by the rating each
    /// norm needs).
    pub fn held_by(self, title: Option<&Title>) -> bool {
        let held = match title {
            Some(Title::GM) => 0,
            Some(Title::IM) => 1,
            Some(Title::WGM) => 2,
            Some(Title::WIM) => 3,
            _ => return false,
        };
        self as u8 >= held
    }
}

/// Whether a title makes its holder a title holder in the sense of 1.4.5a:
/// GM, IM, WGM, WIM, FM or WFM (CM and WCM are left out).
pub(crate) fn is_title_holder(title: &Title) -> bool {
    matches!(
        title,
        Title::GM | Title::IM | Title::WGM | Title::WIM | Title::FM | Title::WFM
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn norm_title_holders() {
        assert!(NormKind::GM.counts_title(&Title::GM));
        assert!(!NormKind::GM.counts_title(&Title::IM));
        assert!(NormKind::IM.counts_title(&Title::IM));
        assert!(!NormKind::IM.counts_title(&Title::WGM));
        assert!(NormKind::WGM.counts_title(&Title::WGM));
        assert!(!NormKind::WGM.counts_title(&Title::WIM));
        assert!(NormKind::WIM.counts_title(&Title::WIM));
        assert!(!NormKind::WIM.counts_title(&Title::FM));
    }

    #[test]
    fn titles_held_and_lower() {
        assert!(NormKind::IM.held_by(Some(&Title::IM)));
        assert!(NormKind::WIM.held_by(Some(&Title::IM)));
        assert!(!NormKind::GM.held_by(Some(&Title::IM)));
        assert!(!NormKind::IM.held_by(Some(&Title::WGM)));
        assert!(!NormKind::GM.held_by(Some(&Title::FM)));
        assert!(!NormKind::GM.held_by(None));
    }

    #[test]
    fn title_holders_leave_out_cm() {
        assert!(is_title_holder(&Title::WFM));
        assert!(!is_title_holder(&Title::CM));
        assert!(!is_title_holder(&Title::WCM));
    }
}
