//! The Windows program's console. `omweso.exe` is a Windows (GUI) program, so that a start
//! from the Start menu or a double click on a saved game opens the board without a console
//! window behind it; its command line, started from a console, writes to that console:
//! [`attach_to_parent`] attaches it, unless its output already goes somewhere (a pipe or a
//! file, as scripts and engine matches run it). Elsewhere this does nothing.

/// On Windows, attaches the process to its parent's console when its standard output has no
/// handle (a GUI program started from a console without redirection); does nothing when it
/// has one, when the parent has no console (Explorer), or off Windows.
pub fn attach_to_parent() {
    #[cfg(windows)]
    {
        use windows_sys::Win32::Foundation::INVALID_HANDLE_VALUE;
        use windows_sys::Win32::System::Console::{
            ATTACH_PARENT_PROCESS, AttachConsole, GetStdHandle, STD_OUTPUT_HANDLE,
        };
        // SAFETY: two plain calls on this process's own handles, with no pointers passed;
        // AttachConsole fails harmlessly where there is no parent console.
        unsafe {
            let out = GetStdHandle(STD_OUTPUT_HANDLE);
            if out.is_null() || out == INVALID_HANDLE_VALUE {
                AttachConsole(ATTACH_PARENT_PROCESS);
            }
        }
    }
}
