//! Join codes and resume tokens, drawn from the operating system's CSPRNG (`getrandom`).
//!
//! A join code is [`CODE_CHARS`] characters of Crockford's base 32 (no I, L, O or U, so
//! nothing is misread aloud): 50 bits, unguessable; it is read back case-insensitively, with
//! spaces and dashes ignored. A resume token is 128 bits in hex.

/// Characters of a join code (5 bits each: 50 bits).
pub const CODE_CHARS: usize = 10;

/// Crockford's base-32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/// The CSPRNG failed (the operating system would not give random bytes).
#[derive(Debug, thiserror::Error)]
#[error("the system's random number generator failed: {0}")]
pub struct RandomError(String);

fn random_bytes<const N: usize>() -> Result<[u8; N], RandomError> {
    let mut bytes = [0u8; N];
    getrandom::fill(&mut bytes).map_err(|e| RandomError(e.to_string()))?;
    Ok(bytes)
}

/// A fresh join code.
///
/// # Errors
/// [`RandomError`] when the system gives no random bytes.
pub fn new_code() -> Result<String, RandomError> {
    let bytes = random_bytes::<CODE_CHARS>()?;
    Ok(bytes.iter().map(|b| ALPHABET[usize::from(b & 31)] as char).collect())
}

/// A fresh resume token (128 bits, hex).
///
/// # Errors
/// [`RandomError`] when the system gives no random bytes.
pub fn new_token() -> Result<String, RandomError> {
    Ok(random_bytes::<16>()?.iter().map(|b| format!("{b:02x}")).collect())
}

/// A coin toss from the CSPRNG.
///
/// # Errors
/// [`RandomError`] when the system gives no random bytes.
pub fn toss() -> Result<bool, RandomError> {
    Ok(random_bytes::<1>()?[0] & 1 == 1)
}

/// A join code as typed, made canonical: upper case, spaces and dashes dropped, the letters
/// Crockford reads as digits (O → 0, I and L → 1) mapped; `None` when it is not
/// [`CODE_CHARS`] characters of the alphabet.
pub fn normalise_code(typed: &str) -> Option<String> {
    let code: String = typed
        .chars()
        .filter(|c| !matches!(c, ' ' | '-'))
        .map(|c| match c.to_ascii_uppercase() {
            'O' => '0',
            'I' | 'L' => '1',
            c => c,
        })
        .collect();
    (code.len() == CODE_CHARS && code.bytes().all(|b| ALPHABET.contains(&b))).then_some(code)
}

/// Whether `text` is a join code in its canonical form, as [`new_code`] makes them and
/// [`normalise_code`] gives them back (what a code read from a file must be before it names
/// anything, e.g. a file).
pub fn is_code(text: &str) -> bool {
    normalise_code(text).as_deref() == Some(text)
}

/// Compares two secrets in time that does not depend on where they differ.
pub fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len() && a.bytes().zip(b.bytes()).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_fifty_bits_and_read_back_however_typed() {
        let code = new_code().unwrap();
        assert_eq!(code.len(), CODE_CHARS);
        const { assert!(CODE_CHARS * 5 >= 40) };
        assert_eq!(normalise_code(&code.to_lowercase()).as_deref(), Some(code.as_str()));
        assert_eq!(normalise_code("0123-4 5678o").as_deref(), Some("0123456780"));
        assert_eq!(normalise_code("short"), None);
        assert_eq!(normalise_code("UUUUUUUUUU"), None);
        assert_ne!(new_code().unwrap(), new_code().unwrap());
        assert!(is_code(&code));
        assert!(!is_code("0123-45678O") && !is_code("../outside/PWNED") && !is_code(&code.to_lowercase()));
    }

    #[test]
    fn tokens_are_128_bits_and_compared_whole() {
        let t = new_token().unwrap();
        assert_eq!(t.len(), 32);
        assert!(same_secret(&t, &t.clone()));
        assert!(!same_secret(&t, &new_token().unwrap()));
        assert!(!same_secret(&t, &t[..31]));
    }
}
