//! Notes put together without `format!`: for the notes the rating pass
//! writes for each of thousands of players, where the formatting machinery
//! (a dynamic call per piece, padding checks per number) cost more than the
//! copies themselves.

/// `n` in decimal (ASCII digits), in the tail of `buf`.
pub(crate) fn decimal(n: u64, buf: &mut [u8; 20]) -> &[u8] {
    let mut at = buf.len();
    let mut v = n;
    loop {
        at -= 1;
        buf[at] = b'0' + (v % 10) as u8;
        v /= 10;
        if v == 0 {
            break;
        }
    }
    &buf[at..]
}

/// `n` in decimal at the end of `s`.
pub(crate) fn push_decimal(s: &mut String, n: impl Into<u64>) {
    for &d in decimal(n.into(), &mut [0; 20]) {
        s.push(char::from(d));
    }
}

/// A piece of a note: words, or a number written in decimal.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Piece<'a> {
    /// Copied as is.
    Text(&'a str),
    /// Written in decimal.
    Number(u64),
}

/// The pieces one after the other, in one allocation.
pub(crate) fn join(pieces: &[Piece<'_>]) -> String {
    let len: usize = pieces
        .iter()
        .map(|p| match p {
            Piece::Text(t) => t.len(),
            Piece::Number(_) => 20,
        })
        .sum();
    let mut s = String::with_capacity(len);
    for p in pieces {
        match *p {
            Piece::Text(t) => s.push_str(t),
            Piece::Number(n) => push_decimal(&mut s, n),
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_words_as_format_writes_them() {
        for n in [0u64, 7, 10, 99, 100, 2400, 65_535, u64::MAX] {
            assert_eq!(decimal(n, &mut [0; 20]), n.to_string().as_bytes());
            let mut s = String::from("x");
            push_decimal(&mut s, n);
            assert_eq!(s, format!("x{n}"));
            assert_eq!(
                join(&[Piece::Text("K "), Piece::Number(n), Piece::Text(": rule")]),
                format!("K {n}: rule")
            );
        }
        assert_eq!(join(&[]), "");
    }
}
