//! Colour preferences and the allocation of colours to a pair (C.04.3 2026
//! art. 1.6–1.7 and 5; 2016/17 A.6 and section E, the same rules).

use crate::model::Colour;

/// How strongly a player wants a colour (art. 1.7).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Strength {
    /// No game played yet.
    None,
    /// Colour difference 0: the other colour than the last game.
    Mild,
    /// Colour difference ±1.
    Strong,
    /// Colour difference beyond ±1, or the same colour in the last two games.
    Absolute,
}

/// A player's colour history and the preference it gives.
#[derive(Debug, Clone)]
pub(crate) struct History {
    /// Colours of the games played over the board, in order.
    pub colours: Vec<Colour>,
    /// Games with White minus games with Black.
    pub cd: i32,
    /// The colour wanted, if any.
    pub wants: Option<Colour>,
    /// How strongly.
    pub strength: Strength,
}

impl History {
    /// The preference of a colour history (art. 1.7). When the colour
    /// difference and the last two games ask for different colours (which a
    /// legal history cannot produce), the difference wins.
    pub(crate) fn new(colours: Vec<Colour>) -> History {
        let cd: i32 = colours
            .iter()
            .map(|c| if *c == Colour::White { 1 } else { -1 })
            .sum();
        let toward = |cd: i32| if cd > 0 { Colour::Black } else { Colour::White };
        let n = colours.len();
        let last_two_same = n >= 2 && colours[n - 1] == colours[n - 2];
        let (wants, strength) = if cd.abs() > 1 {
            (Some(toward(cd)), Strength::Absolute)
        } else if last_two_same {
            (Some(colours[n - 1].opposite()), Strength::Absolute)
        } else if cd != 0 {
            (Some(toward(cd)), Strength::Strong)
        } else if let Some(last) = colours.last() {
            (Some(last.opposite()), Strength::Mild)
        } else {
            (None, Strength::None)
        };
        History {
            colours,
            cd,
            wants,
            strength,
        }
    }

    /// Whether this player may not get `c` outside the exceptions: the
    /// colour difference would pass ±2, or the same colour a third time in a
    /// row (C.04.1).
    pub(crate) fn breaks(&self, c: Colour) -> (bool, bool) {
        let d = if c == Colour::White { 1 } else { -1 };
        let n = self.colours.len();
        let third = n >= 2 && self.colours[n - 1] == c && self.colours[n - 2] == c;
        ((self.cd + d).abs() > 2, third)
    }
}

/// The colour of the higher-ranked player `h` against `l` (art. 5.2):
/// both preferences when they agree; the stronger; the alternation to the
/// latest round in which they had different colours; the higher-ranked
/// player's preference; then the initial colour by the parity of `h`'s
/// number (`h_odd`).
pub(crate) fn allocate(h: &History, l: &History, h_odd: bool, initial: Colour) -> Colour {
    match (h.wants, l.wants) {
        (Some(a), Some(b)) if a != b => return a,
        (Some(a), None) => return a,
        (None, Some(b)) => return b.opposite(),
        _ => {}
    }
    if let (Some(a), Some(_)) = (h.wants, l.wants) {
        // 5.2.2: the stronger preference; two absolute ones (topscorers) go
        // to the wider colour difference.
        if h.strength != l.strength {
            return if h.strength > l.strength {
                a
            } else {
                a.opposite()
            };
        }
        if h.strength == Strength::Absolute && h.cd.abs() != l.cd.abs() {
            return if h.cd.abs() > l.cd.abs() {
                a
            } else {
                a.opposite()
            };
        }
        // 5.2.3: walk back over both played sequences from their latest
        // games to the latest position where they differ.
        let (hc, lc) = (&h.colours, &l.colours);
        for k in 1..=hc.len().min(lc.len()) {
            let (x, y) = (hc[hc.len() - k], lc[lc.len() - k]);
            if x != y {
                return x.opposite();
            }
        }
        // 5.2.4: the higher-ranked player's preference.
        return a;
    }
    // 5.2.5: neither has a preference.
    if h_odd {
        initial
    } else {
        initial.opposite()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Colour::{Black as B, White as W};

    #[test]
    fn preferences_follow_article_1_7() {
        assert_eq!(History::new(vec![]).strength, Strength::None);
        let h = History::new(vec![W, B]);
        assert_eq!((h.wants, h.strength), (Some(W), Strength::Mild));
        let h = History::new(vec![W]);
        assert_eq!((h.wants, h.strength), (Some(B), Strength::Strong));
        let h = History::new(vec![B, W, W]);
        assert_eq!((h.wants, h.strength), (Some(B), Strength::Absolute));
        let h = History::new(vec![B, B, W, B]);
        assert_eq!((h.wants, h.strength), (Some(W), Strength::Absolute));
    }

    #[test]
    fn allocation_follows_article_5_2() {
        let h = |v: Vec<Colour>| History::new(v);
        // 5.2.1: both preferences granted.
        assert_eq!(allocate(&h(vec![B]), &h(vec![W]), true, W), W);
        // 5.2.2: the stronger one (strong over mild).
        assert_eq!(allocate(&h(vec![W, B]), &h(vec![B, B, W]), true, W), B);
        // 5.2.3: alternate to the latest differing round: h had B there.
        assert_eq!(allocate(&h(vec![W, B, W]), &h(vec![B, W, W]), true, B), W);
        // 5.2.4: same histories: the higher-ranked player's preference.
        assert_eq!(allocate(&h(vec![B]), &h(vec![B]), false, B), W);
        // 5.2.5: no history: the initial colour to an odd number.
        assert_eq!(allocate(&h(vec![]), &h(vec![]), true, B), B);
        assert_eq!(allocate(&h(vec![]), &h(vec![]), false, B), W);
    }
}
