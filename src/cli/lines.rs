//! Reading protocol lines in bounded memory: shared by the engine (its requests) and by
//! `omweso match` (an external engine's answers), so that a peer writing without newlines
//! never makes either grow without bound.

use std::io::{BufRead, Read};

/// The longest protocol line read, in bytes (a position with every rule word is under
/// 200, an `info` line with a long principal variation a few thousand).
pub const MAX_LINE: usize = 64 * 1024;

pub use crate::quote::{capped, quoted};

/// Why a line cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineError {
    /// More than [`MAX_LINE`] bytes without a newline.
    #[error("the line is longer than {MAX_LINE} bytes")]
    TooLong,
    /// Not UTF-8: the byte at this place (from 1) cannot be read.
    #[error("the line is not UTF-8 (byte {0} cannot be read)")]
    NotUtf8(usize),
}

/// Reads the next line into `bytes`, at most [`MAX_LINE`] bytes of it: `None` at the end
/// of the input, the line (with its newline, if any) or why it cannot be used. After
/// [`LineError::TooLong`] the rest of the line is still unread: [`skip_line`] drops it, or
/// the caller stops reading.
///
/// # Errors
/// Only when `input` cannot be read.
pub fn read_line<'a>(
    input: &mut dyn BufRead,
    bytes: &'a mut Vec<u8>,
) -> std::io::Result<Option<Result<&'a str, LineError>>> {
    bytes.clear();
    if Read::take(&mut *input, MAX_LINE as u64 + 1).read_until(b'\n', bytes)? == 0 {
        return Ok(None);
    }
    if bytes.len() > MAX_LINE && bytes.last() != Some(&b'\n') {
        return Ok(Some(Err(LineError::TooLong)));
    }
    Ok(Some(std::str::from_utf8(bytes).map_err(|e| LineError::NotUtf8(e.valid_up_to() + 1))))
}

/// Reads and drops the rest of the current line, [`MAX_LINE`] bytes at a time.
///
/// # Errors
/// Only when `input` cannot be read.
pub fn skip_line(input: &mut dyn BufRead) -> std::io::Result<()> {
    let mut rest = Vec::new();
    loop {
        rest.clear();
        let n = Read::take(&mut *input, MAX_LINE as u64).read_until(b'\n', &mut rest)?;
        if n == 0 || rest.last() == Some(&b'\n') {
            return Ok(());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::quote::QUOTED;

    #[test]
    fn lines_are_bounded_and_checked() {
        let long = format!("{}\nnext\n\u{ff}x\n", "4".repeat(MAX_LINE + 10));
        let mut input = std::io::Cursor::new(long.replace('\u{ff}', "\u{1}").into_bytes());
        let mut bytes = Vec::new();
        assert_eq!(read_line(&mut input, &mut bytes).unwrap(), Some(Err(LineError::TooLong)));
        assert!(bytes.len() <= MAX_LINE + 1);
        skip_line(&mut input).unwrap();
        assert_eq!(read_line(&mut input, &mut bytes).unwrap(), Some(Ok("next\n")));
        assert_eq!(read_line(&mut input, &mut bytes).unwrap(), Some(Ok("\u{1}x\n")));
        assert_eq!(read_line(&mut input, &mut bytes).unwrap(), None);
        let mut bad = std::io::Cursor::new(b"ab\xffc\n".to_vec());
        assert_eq!(read_line(&mut bad, &mut bytes).unwrap(), Some(Err(LineError::NotUtf8(3))));
    }

    #[test]
    fn quotes_are_capped() {
        assert_eq!(quoted("short"), "short");
        let q = quoted(&"ü".repeat(1000));
        assert_eq!(q.chars().count(), QUOTED + 1);
        assert!(q.ends_with('…'));
    }
}
