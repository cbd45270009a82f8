//! The page's own address, for the links a player sends (a game, a game to join): a page
//! has one, a window has none.

/// The address of this page with `fragment` after its `#` (`https://host/path#fragment`);
/// `None` in a window.
pub fn page_link(fragment: &str) -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        let location = web_sys::window()?.location();
        let origin = location.origin().ok()?;
        let path = location.pathname().unwrap_or_default();
        Some(format!("{origin}{path}#{fragment}"))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = fragment;
        None
    }
}
