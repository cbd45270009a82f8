# gdb script for benches/sowing_fps.sh: writes the time of every buffer swap (EGL or GLX:
# wgpu's OpenGL backend swaps through EGL, glow through GLX on X11; wgpu's Vulkan present)
# to $SWAPS_FILE, one
# monotonic time in seconds a line, without stopping the program.
import os
import time

import gdb

out = open(os.environ["SWAPS_FILE"], "w", buffering=1)


class Swap(gdb.Breakpoint):
    def stop(self):
        # Only the outermost call of a swap: libglvnd's entry point calls the vendor's
        # function of the same name.
        older = gdb.newest_frame().older()
        if older is not None and older.name() in ("eglSwapBuffers", "glXSwapBuffers"):
            return False
        out.write("%.6f\n" % time.monotonic())
        return False


gdb.execute("set breakpoint pending on")
gdb.execute("set pagination off")
gdb.execute("set confirm off")
gdb.execute("handle SIGPIPE SIGUSR1 SIGUSR2 nostop noprint pass")
# wgpu on Vulkan calls the driver's present through a pointer, not the loader's symbol:
# sowing_fps.sh passes the (mangled) name of wgpu's own present in SWAPS_EXTRA.
extra = [n for n in os.environ.get("SWAPS_EXTRA", "").split() if n]
for name in ["eglSwapBuffers", "glXSwapBuffers"] + extra:
    Swap(name, internal=True)
gdb.execute("run")
