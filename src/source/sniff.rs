//! Whether bytes look like a Tournament Report File at all: the test a
//! folder walk applies to every file it meets, and that a file named on the
//! command line or uploaded to the local page must pass before it is read
//! and judged (prose, a PDF or a spreadsheet gets no verdict).

/// True when `head` (the first bytes of a file; 8 KiB are enough) holds a
/// line starting with a TRF record code followed by a blank, and at most a
/// few NUL bytes.
pub(crate) fn looks_like_trf(head: &[u8]) -> bool {
    let head = &head[..head.len().min(8192)];
    let mut head = head;
    // UTF-16 with a byte-order mark: look at every other byte (the ASCII
    // record codes are all that matters here).
    let narrowed: Vec<u8>;
    if let Some(rest) = head.strip_prefix(&[0xFF, 0xFE]) {
        narrowed = narrow(rest, 0);
        head = &narrowed;
    } else if let Some(rest) = head.strip_prefix(&[0xFE, 0xFF]) {
        narrowed = narrow(rest, 1);
        head = &narrowed;
    }
    // A binary file (a PDF, a zip, an image) has NUL bytes everywhere; a
    // text file with a byte lost in a copy has one or two.
    if memchr::memchr_iter(0, head).nth(8).is_some() {
        return false;
    }
    let head = head.strip_prefix(&[0xEF, 0xBB, 0xBF]).unwrap_or(head);
    head.split(|b| *b == b'\n' || *b == b'\r').any(|l| {
        l.len() >= 4
            && (l[3] == b' ' || l[3] == b'\t')
            && (matches!(
                &l[..3],
                b"001"
                    | b"012"
                    | b"022"
                    | b"032"
                    | b"042"
                    | b"052"
                    | b"062"
                    | b"092"
                    | b"102"
                    | b"122"
                    | b"132"
                    | b"142"
                    | b"192"
            ) || l.starts_with(b"XXR")
                || l.starts_with(b"XXC"))
    })
}

/// The ASCII bytes of UTF-16 code units (`low` is the index of the low byte
/// in each unit); anything else becomes `?`.
fn narrow(units: &[u8], low: usize) -> Vec<u8> {
    units
        .chunks_exact(2)
        .map(|u| {
            if u[1 - low] == 0 && u[low] != 0 {
                u[low]
            } else {
                b'?'
            }
        })
        .collect()
}
