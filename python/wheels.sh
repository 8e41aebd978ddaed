#!/usr/bin/env bash
# The Python wheels, which install without Rust: `python/wheels.sh OUT_DIR`
# (a contract) writes into OUT_DIR
#
#   trfkit-VERSION-cp39-abi3-manylinux2014_x86_64.manylinux_2_17_x86_64.whl
#   trfkit-VERSION-cp39-abi3-win_amd64.whl
#
# one abi3 wheel each (every CPython from 3.9) holding the `trfkit` module
# and the `trf` command (pyproject.toml). Built by maturin, from a virtual
# environment of its own (target/wheels-venv, kept between runs):
#
# - Linux: `--zig --compatibility manylinux2014`. Linked by zig (the
#   `ziglang` package) against glibc 2.17, so that the wheel installs on
#   any x86-64 Linux of the last decade; a plain build here would need this
#   machine's glibc (manylinux_2_34).
# - Windows: `--target x86_64-pc-windows-gnu`, linked by Debian's MinGW
#   (gcc-mingw-w64-x86-64; maturin makes the import library of
#   python3.dll itself). It needs only Windows' own DLLs and python3.dll.
#
# Needs python3 with venv, rustup, and gcc-mingw-w64-x86-64 (apt-get).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: python/wheels.sh OUT_DIR" >&2; exit 2; }
cd "$(dirname "$0")/.."
mkdir -p "$1"
out="$(cd "$1" && pwd -P)"
venv=target/wheels-venv
[ -x "$venv/bin/maturin" ] && [ -x "$venv/bin/python" ] || {
  rm -rf "$venv"
  python3 -m venv "$venv"
  # maturin as pyproject.toml's build-system asks; ziglang 0.17.1 is the
  # version the manylinux2014 build was checked with.
  "$venv/bin/pip" install --quiet --disable-pip-version-check "maturin>=1.9,<2" "ziglang==0.17.1"
}
rustup target list --installed | grep -qx x86_64-pc-windows-gnu || rustup target add x86_64-pc-windows-gnu
export PATH="$PWD/$venv/bin:$PATH"
maturin build --release --zig --compatibility manylinux2014 --out "$out"
maturin build --release --target x86_64-pc-windows-gnu --out "$out"
ls -l "$out"/*.whl | awk '{print $5, $NF}'
