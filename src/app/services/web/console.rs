//! The log in the page: each record at `info` and above goes to the browser's console
//! (`console.log`, `console.warn`, `console.error`), where a developer's tools show it.

struct Console;

impl log::Log for Console {
    fn enabled(&self, metadata: &log::Metadata<'_>) -> bool {
        metadata.level() <= log::Level::Info
    }

    fn log(&self, record: &log::Record<'_>) {
        if !self.enabled(record.metadata()) {
            return;
        }
        let text =
            wasm_bindgen::JsValue::from_str(&format!("{} {}: {}", record.level(), record.target(), record.args()));
        match record.level() {
            log::Level::Error => web_sys::console::error_1(&text),
            log::Level::Warn => web_sys::console::warn_1(&text),
            _ => web_sys::console::log_1(&text),
        }
    }

    fn flush(&self) {}
}

/// Sends the log to the console from now on (once; a second call changes nothing).
pub fn init() {
    if log::set_logger(&Console).is_ok() {
        log::set_max_level(log::LevelFilter::Info);
    }
}
