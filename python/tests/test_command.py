"""The `trf` console script pip installs: the CLI's code, its output and exit codes."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

from conftest import ROOT, script, trf


def run(args, **kw):
    return subprocess.run([script(), *args], capture_output=True, cwd=ROOT, timeout=300, **kw)


def test_version():
    p = run(["--version"])
    assert p.returncode == 0
    assert p.stdout.decode().startswith("trf ")
    assert p.stdout.decode() == trf(["--version"])[1]


@pytest.mark.parametrize(
    "args, status",
    [
        (["check", "samples/hand/malformed-syntax.trf"], 1),
        (["check", "--format", "json", "samples/hand/swiss-utf8-lf.trf"], None),
        (["rate", "samples/hand/rr-2005-worked-example.trf"], None),
        (["check", "samples/no-such-file.trf"], 2),
        (["check", "samples/README.md"], 2),
        (["frobnicate"], 2),
        (["check"], 2),
        (["--help"], 0),
        (["rules", "--format", "json"], 0),
        (["explain", "missing-record"], 0),
    ],
)
def test_same_output_and_status_as_the_binary(args, status):
    p = run(args)
    code, out, err = trf(args)
    if status is not None:
        assert p.returncode == status, p.stderr
    assert p.returncode == code
    assert p.stdout.decode() == out
    assert p.stderr.decode() == err


def test_standard_input_and_a_closed_pipe():
    data = (ROOT / "samples/hand/malformed-syntax.trf").read_bytes()
    p = run(["check", "--format", "json", "-"], input=data)
    assert p.returncode == 1
    assert b'"file":"-"' in p.stdout
    # `trf ... | head -c 1`: the command ends quietly when its reader goes.
    head = subprocess.Popen(["head", "-c", "1"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)
    p = subprocess.run(
        [script(), "rules"], stdout=head.stdin, stderr=subprocess.PIPE, cwd=ROOT, timeout=60
    )
    head.stdin.close()
    assert head.wait(timeout=60) == 0
    assert p.returncode in (0, 1, -signal.SIGPIPE), p.stderr
    assert b"Traceback" not in p.stderr


def test_output_reaches_a_file_in_order(tmp_path):
    # Rust's writes go to the process's own descriptors, none is lost at exit.
    out = tmp_path / "out.json"
    with open(out, "wb") as f:
        p = subprocess.run([script(), "rules", "--format", "json"], stdout=f, cwd=ROOT, timeout=60)
    assert p.returncode == 0
    assert out.read_text() == trf(["rules", "--format", "json"])[1]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_ctrl_c_ends_trf_serve_at_once():
    p = subprocess.Popen(
        [script(), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    try:
        line = p.stdout.readline()
        assert b"http://127.0.0.1:" in line, line + p.stderr.read()
        started = time.monotonic()
        p.send_signal(signal.SIGINT)
        status = p.wait(timeout=10)
        assert time.monotonic() - started < 5
        # Killed by the signal, as the Rust binary is: no traceback.
        assert status == -signal.SIGINT
        assert b"Traceback" not in p.stderr.read()
    finally:
        if p.poll() is None:
            os.kill(p.pid, signal.SIGKILL)
            p.wait()
