"""Shared helpers: the repository's samples and the `trf` command to compare with.

The reference is the command itself: ``$TRF_BIN`` when set (CI points it at
the cargo-built binary, so the module is compared with another build of the
CLI), else the ``trf`` console script installed beside this interpreter.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any, List, Optional, Sequence, Tuple

import pytest

ROOT = Path(__file__).resolve().parents[2]
SAMPLES = ROOT / "samples"


def script(name: str = "trf") -> str:
    """The console script `name` installed in this interpreter's environment."""
    found = shutil.which(name, path=os.path.dirname(sys.executable))
    if found is None:
        pytest.fail(f"no `{name}` beside {sys.executable}: is the package installed?")
    return found


def trf_bin() -> str:
    return os.environ.get("TRF_BIN") or script()


def trf(args: Sequence[str], stdin: Optional[bytes] = None) -> Tuple[int, str, str]:
    """Runs the reference `trf` with `args` in the repository; (status, stdout, stderr)."""
    p = subprocess.run(
        [trf_bin(), *args],
        input=stdin if stdin is not None else b"",
        capture_output=True,
        cwd=ROOT,
        timeout=300,
    )
    return p.returncode, p.stdout.decode(), p.stderr.decode()


def trf_json(args: Sequence[str], stdin: Optional[bytes] = None) -> Tuple[int, Any, str]:
    """`trf ARGS` whose stdout is one JSON value (None when it printed nothing)."""
    code, out, err = trf(args, stdin)
    return code, (json.loads(out) if out.strip() else None), err


def sample_files() -> List[Path]:
    """Every file under samples/, sorted: reports, lists, notes, licences."""
    return sorted(p for p in SAMPLES.rglob("*") if p.is_file())


def options_of(path: Path) -> Tuple[List[str], dict]:
    """The flags a fixture states in `<stem>.options` beside it, as CLI
    arguments and as the module's keyword arguments."""
    opts = path.with_suffix(".options")
    if path.suffix != ".trf" or not opts.is_file():
        return [], {}
    flags = opts.read_text().split()
    kwargs: dict = {}
    i = 0
    while i < len(flags):
        name = flags[i][2:].replace("-", "_")
        if i + 1 < len(flags) and not flags[i + 1].startswith("--"):
            kwargs[name] = flags[i + 1]
            i += 2
        else:
            kwargs[name] = True
            i += 1
    return flags, kwargs
