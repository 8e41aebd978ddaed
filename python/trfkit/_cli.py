"""The ``trf`` command installed by pip.

maturin cannot put a Rust binary and an extension module in one wheel, so
``trf`` is this console script: it hands ``sys.argv`` to the same CLI code the
Rust binary runs (``trfkit::cli::run``) and exits with its status.
"""

from __future__ import annotations

import signal
import sys

from . import _trfkit


def main() -> int:
    """Run ``trf`` with this process's arguments; returns its exit status."""
    # Ctrl-C ends the command at once, as it ends the Rust binary, instead of
    # waiting for the Rust code to come back to Python. The console script
    # runs nothing else, so nothing else loses Python's handler.
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    # Anything Python buffered goes out before the Rust code writes to the
    # same file descriptors.
    sys.stdout.flush()
    sys.stderr.flush()
    return _trfkit.run_cli(sys.argv)


if __name__ == "__main__":
    sys.exit(main())
