#!/usr/bin/env bash
# CI: the Python wheels (python/wheels.sh), and the Python tests run against
# the Linux wheel installed as a user installs it: `pip install WHEEL` into a
# fresh virtual environment, nothing compiled there. The tests compare the
# module and its `trf` with the binary `cargo test` built (TRF_BIN, default
# target/debug/trf).
#
# The Windows wheel cannot be run here (no Windows Python): what it holds
# is checked instead: the module (`trfkit/_trfkit.pyd`), the `trf` entry
# point, and that the module needs only Windows' own DLLs and python3.dll
# (the stable ABI: no python3X.dll, no MinGW runtime DLL beside it).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd -P)"
export CARGO_TERM_COLOR=never
started=$SECONDS
. .ci/need.sh
need x86_64-w64-mingw32-gcc gcc-mingw-w64-x86-64 unzip unzip

wheels="$root/target/wheels"
rm -rf "$wheels"
python/wheels.sh "$wheels"
echo "wheels: built in $((SECONDS - started)) s"
linux=("$wheels"/trfkit-*-cp39-abi3-*manylinux2014_x86_64*.whl)
windows=("$wheels"/trfkit-*-cp39-abi3-win_amd64.whl)
[ -f "${linux[0]}" ] && [ -f "${windows[0]}" ] || { echo "wheels: missing" >&2; ls -l "$wheels" >&2; exit 1; }

# Read whole before grep (grep -q would close the pipe early, and
# pipefail would count unzip's broken pipe as a failure).
listing="$(unzip -l "${windows[0]}")"
grep -q ' trfkit/_trfkit.pyd$' <<<"$listing"
entry="$(unzip -p "${windows[0]}" '*.dist-info/entry_points.txt')"
grep -Eqx 'trf ?= ?trfkit\._cli:main' <<<"$entry" || { echo "wheels: no trf entry point in the Windows wheel" >&2; exit 1; }
pyd="$(mktemp -d)"
trap 'rm -rf "$pyd"' EXIT
unzip -q -d "$pyd" "${windows[0]}" trfkit/_trfkit.pyd
dlls="$(x86_64-w64-mingw32-objdump -p "$pyd/trfkit/_trfkit.pyd" | sed -n 's/^\tDLL Name: //p' | sort -u)"
echo "wheels: the Windows module imports" $dlls
grep -qx 'python3.dll' <<<"$dlls"
if grep -Eiv '^(python3|kernel32|ntdll|msvcrt|ws2_32|advapi32|bcryptprimitives|userenv|shell32|ole32|oleaut32|user32|api-ms-win-[a-z0-9-]+)\.dll$' <<<"$dlls"; then
  echo "wheels: the Windows module needs a DLL Windows does not have (above)" >&2
  exit 1
fi

venv="$root/target/ci-venv"
rm -rf "$venv"
python3 -m venv "$venv"
"$venv/bin/pip" install --quiet --disable-pip-version-check --only-binary :all: "${linux[0]}" pytest
"$venv/bin/trf" --version
(cd / && "$venv/bin/python" -c 'import sys, trfkit; assert trfkit.__file__.startswith(sys.prefix), trfkit.__file__')
TRF_BIN="${TRF_BIN:-$root/target/debug/trf}" "$venv/bin/python" -m pytest -q -p no:cacheprovider python/tests
echo "wheels: $((SECONDS - started)) s in all"
