//! Which renderer draws the window, and the order in which they are tried: the one module
//! that knows the platforms' graphics. eframe is built with both of its renderers: wgpu
//! (Vulkan, Metal, DirectX 12, OpenGL ES 3) and glow (OpenGL 2.1 and up, OpenGL ES 2.0), so
//! that the window opens on old laptops, virtual machines and remote desktops too.
//!
//! The window is opened by [`attempts`] in turn: on Linux and macOS wgpu, then glow; on
//! Windows wgpu on DirectX 12, then wgpu on Vulkan, then glow (under Wine, DirectX 12 is
//! found and then fails with "Parent device is lost"). A renderer that cannot give a
//! surface or an adapter fails before the app is made, and the next one is tried on the
//! same event loop ([`worth_another`]).

use serde::{Deserialize, Serialize};

/// The renderer a player asks for: `--renderer`, or View → Renderer (kept in the settings,
/// read before the window opens).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(not(target_arch = "wasm32"), derive(clap::ValueEnum))]
pub enum RendererChoice {
    /// wgpu first, then glow when wgpu cannot draw.
    #[default]
    #[cfg_attr(not(target_arch = "wasm32"), value(name = "auto"))]
    Automatic,
    /// wgpu (Vulkan, Metal, DirectX 12, OpenGL ES 3).
    Wgpu,
    /// glow (OpenGL 2.1 and up, OpenGL ES 2.0).
    Glow,
}

impl RendererChoice {
    /// Every choice, in the menu's order, with its label.
    pub const ALL: [(RendererChoice, &'static str); 3] = [
        (RendererChoice::Automatic, "Automatic"),
        (RendererChoice::Wgpu, "wgpu (Vulkan, Metal, DirectX)"),
        (RendererChoice::Glow, "glow (OpenGL 2.1)"),
    ];
}

/// One way to open the window.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Attempt {
    /// wgpu on these of its backends.
    Wgpu(Backends),
    /// glow: OpenGL.
    Glow,
}

/// The wgpu backends an [`Attempt`] allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backends {
    /// What wgpu picks itself (`WGPU_BACKEND` is obeyed).
    Any,
    /// DirectX 12 only.
    Dx12,
    /// Vulkan only.
    Vulkan,
}

impl std::fmt::Display for Attempt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Attempt::Wgpu(Backends::Any) => f.write_str("wgpu"),
            Attempt::Wgpu(Backends::Dx12) => f.write_str("wgpu on DirectX 12"),
            Attempt::Wgpu(Backends::Vulkan) => f.write_str("wgpu on Vulkan"),
            Attempt::Glow => f.write_str("glow (OpenGL)"),
        }
    }
}

/// The wgpu attempts of this platform, in order.
fn wgpu_attempts() -> Vec<Attempt> {
    if cfg!(windows) {
        vec![Attempt::Wgpu(Backends::Dx12), Attempt::Wgpu(Backends::Vulkan)]
    } else {
        vec![Attempt::Wgpu(Backends::Any)]
    }
}

/// The renderers to try in turn. `forced` (the command line's `--renderer`) allows only
/// the one named; the setting `preferred` puts its renderer first and keeps the other
/// after it, so that a setting never leaves a player without a window.
pub fn attempts(forced: Option<RendererChoice>, preferred: RendererChoice) -> Vec<Attempt> {
    match (forced, preferred) {
        (Some(RendererChoice::Wgpu), _) => wgpu_attempts(),
        (Some(RendererChoice::Glow), _) => vec![Attempt::Glow],
        (Some(RendererChoice::Automatic) | None, RendererChoice::Glow) => {
            let mut all = vec![Attempt::Glow];
            all.extend(wgpu_attempts());
            all
        }
        (Some(RendererChoice::Automatic) | None, _) => {
            let mut all = wgpu_attempts();
            all.push(Attempt::Glow);
            all
        }
    }
}

/// The file eframe is told its storage is: a path with a NUL in it, which no system lets be
/// opened or made. eframe reads its storage with `File::open` (a FIFO there would block the
/// start, a link to `/dev/zero` read without end) and, without a path, makes a folder of its
/// own named after the desktop id (`%APPDATA%\io.github.omweso.Omweso` beside the data
/// folder on Windows); its storage is never written (nothing is put in it: the program keeps
/// its own, see `App::save`), so with this path every attempt reads nothing and makes nothing:
/// one data folder, the one `disk` guards (issue 44).
pub const EFRAME_STORAGE: &str = "omweso keeps its own storage\0";

/// The options that open a window of `viewport` by `attempt` (eframe's storage of the
/// window's place is not used: the program keeps its own; eframe's storage is
/// [`EFRAME_STORAGE`]).
#[cfg(not(target_arch = "wasm32"))]
pub fn options(attempt: Attempt, viewport: egui::ViewportBuilder) -> eframe::NativeOptions {
    let mut options = eframe::NativeOptions {
        viewport,
        persist_window: false,
        persistence_path: Some(EFRAME_STORAGE.into()),
        ..Default::default()
    };
    // Dithering costs a software renderer a noise lookup a pixel and the board does not need it.
    options.dithering = false;
    match attempt {
        Attempt::Glow => options.renderer = eframe::Renderer::Glow,
        Attempt::Wgpu(backends) => {
            options.renderer = eframe::Renderer::Wgpu;
            let backends = match backends {
                Backends::Any => None,
                Backends::Dx12 => Some(eframe::wgpu::Backends::DX12),
                Backends::Vulkan => Some(eframe::wgpu::Backends::VULKAN),
            };
            if let Some(backends) = backends
                && let eframe::egui_wgpu::WgpuSetup::CreateNew(create) = &mut options.wgpu_options.wgpu_setup
            {
                create.instance_descriptor.backends = backends;
            }
        }
    }
    options
}

/// Whether the window that failed with `error` may open with another renderer: wgpu had
/// no surface, adapter or device, or OpenGL no context. Not when the app itself failed or
/// the system has no display at all (another renderer would fail the same way).
#[cfg(not(target_arch = "wasm32"))]
pub fn worth_another(error: &eframe::Error) -> bool {
    matches!(
        error,
        eframe::Error::Wgpu(_)
            | eframe::Error::Glutin(_)
            | eframe::Error::NoGlutinConfigs(..)
            | eframe::Error::OpenGL(_)
    )
}

/// What draws the window just made, for the log: the renderer, the graphics API and the
/// adapter (e.g. "wgpu on Vulkan: llvmpipe (LLVM 19.1.7, 256 bits)", "glow on OpenGL: 2.1
/// Mesa 25.0.7, llvmpipe (LLVM 19.1.7, 256 bits)").
#[cfg(not(target_arch = "wasm32"))]
pub fn describe(cc: &eframe::CreationContext<'_>) -> String {
    if let Some(state) = &cc.wgpu_render_state {
        let info = state.adapter.get_info();
        return format!("wgpu on {:?}: {} ({:?}, {})", info.backend, info.name, info.device_type, info.driver_info);
    }
    if let Some(gl) = &cc.gl {
        use eframe::glow::HasContext as _;
        // SAFETY: glGetString on the current context with constants it accepts.
        let (version, renderer) = unsafe {
            (gl.get_parameter_string(eframe::glow::VERSION), gl.get_parameter_string(eframe::glow::RENDERER))
        };
        return format!("glow on OpenGL: {version}, {renderer}");
    }
    "an unknown renderer".into()
}

/// Why the window just made by wgpu should rather be drawn by glow, when glow is tried
/// next: wgpu's adapter rasterizes on the processor (llvmpipe, lavapipe, SwiftShader, WARP),
/// where glow draws a sowing several times as many frames a second (issue 42: on llvmpipe
/// with two threads, 25-50 against wgpu's 3-8.5). Not when the player chose wgpu.
#[cfg(not(target_arch = "wasm32"))]
pub fn rather_glow(cc: &eframe::CreationContext<'_>, preferred: RendererChoice, glow_next: bool) -> Option<String> {
    let state = cc.wgpu_render_state.as_ref()?;
    let info = state.adapter.get_info();
    (glow_next && preferred == RendererChoice::Automatic && info.device_type == eframe::wgpu::DeviceType::Cpu).then(
        || {
            format!(
                "wgpu's adapter, {}, draws on the processor, where glow is faster {}",
                info.name,
                crate::logging::ON_PURPOSE
            )
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wgpu_comes_first_and_glow_is_always_left_to_try() {
        let auto = attempts(None, RendererChoice::Automatic);
        assert!(matches!(auto[0], Attempt::Wgpu(_)));
        assert_eq!(auto.last(), Some(&Attempt::Glow));
        if cfg!(windows) {
            assert_eq!(auto, [Attempt::Wgpu(Backends::Dx12), Attempt::Wgpu(Backends::Vulkan), Attempt::Glow]);
        } else {
            assert_eq!(auto, [Attempt::Wgpu(Backends::Any), Attempt::Glow]);
        }
        // The setting puts glow first but keeps wgpu behind it.
        let setting = attempts(None, RendererChoice::Glow);
        assert_eq!(setting[0], Attempt::Glow);
        assert!(setting[1..].iter().all(|a| matches!(a, Attempt::Wgpu(_))));
        // The command line allows only what it names.
        assert_eq!(attempts(Some(RendererChoice::Glow), RendererChoice::Wgpu), [Attempt::Glow]);
        assert!(attempts(Some(RendererChoice::Wgpu), RendererChoice::Glow).iter().all(|a| *a != Attempt::Glow));
    }

    #[test]
    fn an_attempt_sets_the_renderer_and_the_backends() {
        let viewport = egui::ViewportBuilder::default;
        assert_eq!(options(Attempt::Glow, viewport()).renderer, eframe::Renderer::Glow);
        let vulkan = options(Attempt::Wgpu(Backends::Vulkan), viewport());
        assert_eq!(vulkan.renderer, eframe::Renderer::Wgpu);
        let eframe::egui_wgpu::WgpuSetup::CreateNew(create) = &vulkan.wgpu_options.wgpu_setup else {
            panic!("a new wgpu instance")
        };
        assert_eq!(create.instance_descriptor.backends, eframe::wgpu::Backends::VULKAN);
    }

    #[test]
    fn every_attempt_gives_eframe_a_storage_that_cannot_be_opened() {
        let dir = tempfile::tempdir().expect("a folder");
        for attempt in [Attempt::Glow, Attempt::Wgpu(Backends::Any), Attempt::Wgpu(Backends::Dx12)] {
            let path = options(attempt, egui::ViewportBuilder::default()).persistence_path;
            // Without a path eframe makes a folder named after the desktop id.
            let path = path.expect("a storage path, so that eframe makes no folder of its own");
            // eframe reads it by File::open and writes it by File::create: neither can happen.
            let opened = (std::fs::File::open(&path), std::fs::File::create(dir.path().join(&path)));
            assert!(opened.0.is_err() && opened.1.is_err(), "{attempt}: {path:?} could be opened");
        }
        assert!(std::fs::read_dir(dir.path()).expect("the folder").next().is_none(), "nothing made");
    }
}
