//! The page's files, from the folder `omweso serve --web` names: found by name only (each
//! part of the path letters, digits, `.`, `_` or `-`, never starting with a dot, so no
//! `..`, no hidden file, no escape sequence), never through a symbolic link (each folder on
//! the way and the file itself are asked with `symlink_metadata`, and the file opened is
//! checked to be the one asked), never a folder's listing. Each file is read once and kept
//! in memory with its ETag (its content's SHA-1) and, the first time a client takes gzip,
//! its gzip; a file changed on disk (its size or time) is read again, so a new build of the
//! page is served without a restart.

use std::collections::HashMap;
use std::fs;
use std::io::{self, Read};
use std::path::PathBuf;
use std::sync::{Arc, OnceLock};
use std::time::SystemTime;

/// The largest file served (the page's program is about 10 MB).
const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;

/// Why a file is not served.
#[derive(Debug, thiserror::Error)]
pub(crate) enum FileError {
    /// No such file in the folder, or not one that is served (a folder, a link, a name
    /// that is not a plain name).
    #[error("not found")]
    NotFound,
    /// Over [`MAX_FILE_BYTES`].
    #[error("{0} is larger than {MAX_FILE_BYTES} bytes")]
    TooLarge(PathBuf),
    /// The file could not be read.
    #[error("cannot read {path}: {error}")]
    Io {
        /// The file.
        path: PathBuf,
        /// Why.
        error: io::Error,
    },
}

/// A file as served.
pub(crate) struct File {
    /// What the file on disk was when read: its size and time.
    stamp: (u64, Option<SystemTime>),
    /// Its content.
    pub(crate) bytes: Vec<u8>,
    /// Its `Content-Type`.
    pub(crate) content_type: &'static str,
    /// Its content's name (hex), in both ETags.
    tag: String,
    /// Its gzip, made when first asked: `None` when the type does not shrink or gzip does
    /// not make it smaller.
    gzip: OnceLock<Option<Vec<u8>>>,
}

impl File {
    /// The ETag of the file as sent plain, or gzipped.
    pub(crate) fn etag(&self, gzip: bool) -> String {
        if gzip { format!("\"{}.gz\"", self.tag) } else { format!("\"{}\"", self.tag) }
    }

    /// Its gzip, made the first time (a blocking call: about a second for 10 MB).
    pub(crate) fn gzip(&self) -> Option<&[u8]> {
        self.gzip
            .get_or_init(|| {
                if !compressible(self.content_type) {
                    return None;
                }
                let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
                io::Write::write_all(&mut encoder, &self.bytes).ok()?;
                let packed = encoder.finish().ok()?;
                (packed.len() < self.bytes.len()).then_some(packed)
            })
            .as_deref()
    }
}

/// The page's folder and the files read from it.
pub(crate) struct Folder {
    root: PathBuf,
    files: HashMap<String, Arc<File>>,
}

impl Folder {
    /// The folder `root` (nothing read yet).
    pub(crate) fn new(root: PathBuf) -> Folder {
        Folder { root, files: HashMap::new() }
    }

    /// The file at `name` (a path checked by [`file_name`]), read again when it changed on
    /// disk (a blocking call).
    ///
    /// # Errors
    /// [`FileError`].
    pub(crate) fn file(&mut self, name: &str) -> Result<Arc<File>, FileError> {
        let path = self.find(name)?;
        let io = |error| FileError::Io { path: path.clone(), error };
        let metadata = fs::symlink_metadata(&path).map_err(io)?;
        let stamp = (metadata.len(), metadata.modified().ok());
        if let Some(file) = self.files.get(name).filter(|f| f.stamp == stamp) {
            return Ok(Arc::clone(file));
        }
        if metadata.len() > MAX_FILE_BYTES {
            return Err(FileError::TooLarge(path));
        }
        let opened = fs::OpenOptions::new().read(true).open(&path).map_err(io)?;
        if !same_file(&metadata, &opened.metadata().map_err(io)?) {
            // Replaced between the look and the open (by a link, say).
            return Err(FileError::NotFound);
        }
        let mut bytes = Vec::with_capacity(metadata.len() as usize);
        opened.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(io)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(FileError::TooLarge(path));
        }
        let tag = <sha1::Sha1 as sha1::Digest>::digest(&bytes).iter().take(10).map(|b| format!("{b:02x}")).collect();
        let file = Arc::new(File { stamp, bytes, content_type: content_type(name), tag, gzip: OnceLock::new() });
        self.files.insert(name.to_string(), Arc::clone(&file));
        Ok(file)
    }

    /// The path of `name` in the folder, each folder on the way a folder (not a link) and
    /// the file a regular file (not a link).
    fn find(&self, name: &str) -> Result<PathBuf, FileError> {
        let mut path = self.root.clone();
        let parts: Vec<&str> = name.split('/').collect();
        for (i, part) in parts.iter().enumerate() {
            path.push(part);
            let kind = fs::symlink_metadata(&path).map_err(|_| FileError::NotFound)?.file_type();
            let last = i + 1 == parts.len();
            if (last && !kind.is_file()) || (!last && !kind.is_dir()) {
                return Err(FileError::NotFound);
            }
        }
        Ok(path)
    }
}

/// Whether `a` (asked of the path) and `b` (asked of the file opened) are the same file.
fn same_file(a: &fs::Metadata, b: &fs::Metadata) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        a.dev() == b.dev() && a.ino() == b.ino()
    }
    #[cfg(not(unix))]
    {
        a.len() == b.len() && a.modified().ok() == b.modified().ok()
    }
}

/// The file a request's target names in the folder (`index.html` for `/`; the query
/// dropped), or `None` when it names none that can be served: every part of the path
/// letters, digits, `.`, `_` and `-`, not starting with a dot, nothing empty; no escapes
/// (`%`) at all, since no file of the page needs one.
pub(crate) fn file_name(target: &str) -> Option<String> {
    let path = target.split(['?', '#']).next()?.strip_prefix('/')?;
    if path.is_empty() {
        return Some("index.html".to_string());
    }
    let plain = |part: &str| {
        !part.is_empty()
            && !part.starts_with('.')
            && part.len() <= 255
            && part.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
    };
    (path.split('/').all(plain) && path.split('/').count() <= 8).then(|| path.to_string())
}

/// The `Content-Type` of a file by its name's ending.
pub(crate) fn content_type(name: &str) -> &'static str {
    let ending = name.rsplit_once('.').map_or("", |(_, e)| e).to_ascii_lowercase();
    match ending.as_str() {
        "html" | "htm" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        // WebAssembly.instantiateStreaming takes nothing else.
        "wasm" => "application/wasm",
        "json" | "map" => "application/json",
        "css" => "text/css; charset=utf-8",
        "txt" => "text/plain; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        _ => "application/octet-stream",
    }
}

/// Whether a type is worth gzipping (text and WebAssembly; not images already packed).
fn compressible(content_type: &str) -> bool {
    content_type.starts_with("text/")
        || matches!(content_type, "application/wasm" | "application/json" | "image/svg+xml" | "image/x-icon")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_plain_names_are_files() {
        assert_eq!(file_name("/").as_deref(), Some("index.html"));
        assert_eq!(file_name("/?join=AB").as_deref(), Some("index.html"));
        assert_eq!(file_name("/omweso_web_bg.wasm").as_deref(), Some("omweso_web_bg.wasm"));
        assert_eq!(file_name("/snippets/a-1/inline0.js?x").as_deref(), Some("snippets/a-1/inline0.js"));
        for bad in [
            "",
            "*",
            "x",
            "http://a/index.html",
            "/../Cargo.toml",
            "/a/../../b",
            "/%2e%2e/Cargo.toml",
            "/.hidden",
            "//etc/passwd",
            "/a//b",
            "/snippets/",
            "/a\\b",
            "/C:/x",
            "/é.html",
        ] {
            assert_eq!(file_name(bad), None, "{bad}");
        }
    }

    #[test]
    fn each_file_has_its_type() {
        assert_eq!(content_type("index.html"), "text/html; charset=utf-8");
        assert_eq!(content_type("worker.js"), "text/javascript; charset=utf-8");
        assert_eq!(content_type("omweso_web_bg.wasm"), "application/wasm");
        assert_eq!(content_type("icon.PNG"), "image/png");
        assert_eq!(content_type("manifest.json"), "application/json");
        assert_eq!(content_type("README"), "application/octet-stream");
    }
}
