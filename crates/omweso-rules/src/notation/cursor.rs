//! A character cursor shared by the readers: skips spaces and reports 1-based columns.

pub(crate) struct Cursor {
    chars: Vec<char>,
    pos: usize,
}

impl Cursor {
    pub(crate) fn new(text: &str) -> Self {
        Cursor { chars: text.chars().collect(), pos: 0 }
    }

    /// 1-based column of the next non-space character (or of the end of the text).
    pub(crate) fn column(&mut self) -> usize {
        self.skip_spaces();
        self.pos + 1
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.pos).is_some_and(|c| c.is_whitespace()) {
            self.pos += 1;
        }
    }

    /// The next non-space character, without consuming it.
    pub(crate) fn peek(&mut self) -> Option<char> {
        self.skip_spaces();
        self.chars.get(self.pos).copied()
    }

    /// Consumes and returns the next non-space character.
    pub(crate) fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.pos += 1;
        Some(c)
    }

    /// Consumes `c` if it is next.
    pub(crate) fn eat(&mut self, c: char) -> bool {
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    /// Reads a decimal number if one is next. `Err(column)` when it does not fit a u32.
    pub(crate) fn number(&mut self) -> Result<Option<u32>, usize> {
        let start = self.column();
        let mut value: Option<u32> = None;
        while let Some(d) = self.chars.get(self.pos).and_then(|c| c.to_digit(10)) {
            let v = value.unwrap_or(0).checked_mul(10).and_then(|v| v.checked_add(d)).ok_or(start)?;
            value = Some(v);
            self.pos += 1;
        }
        Ok(value)
    }

    /// True when only spaces are left.
    pub(crate) fn at_end(&mut self) -> bool {
        self.peek().is_none()
    }
}
