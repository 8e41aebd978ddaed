#!/usr/bin/env bash
# The Windows download: `windows/package.sh OUT_DIR` writes
#
#   OUT_DIR/trf.exe                                   the stripped exe
#   OUT_DIR/trfkit-VERSION-windows-x86_64.zip         trf.exe and README.txt
#
# built with `cargo build --release --target x86_64-pc-windows-gnu --bin trf`
# (the release profile; Debian's gcc-mingw-w64-x86-64 is the linker and
# builds mimalloc's C). The exe needs only Windows' own DLLs. README.txt is
# windows/README.txt with Windows line ends. The zip's entries carry the
# date of the last commit, so the same commit gives the same zip.
#
# Needs: rustup target add x86_64-pc-windows-gnu; apt-get install
# gcc-mingw-w64-x86-64 zip. The exe is not signed (README.md, "Windows").
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: windows/package.sh OUT_DIR" >&2; exit 2; }
cd "$(dirname "$0")/.."
root="$(pwd -P)"
mkdir -p "$1"
out="$(cd "$1" && pwd -P)"
target=x86_64-pc-windows-gnu
cargo build --release --target "$target" --bin trf
version="$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)"
name="trfkit-$version-windows-x86_64"
stage="$(mktemp -d)"
trap 'rm -rf "$stage"' EXIT
mkdir "$stage/$name"
x86_64-w64-mingw32-strip -o "$stage/$name/trf.exe" "target/$target/release/trf.exe"
sed 's/\r*$/\r/' windows/README.txt >"$stage/$name/README.txt"
export TZ=UTC
stamp="$(git -C "$root" log -1 --format=%cd --date=format-local:%Y%m%d%H%M.%S 2>/dev/null || date +%Y%m%d%H%M.%S)"
touch -t "$stamp" "$stage/$name" "$stage/$name/trf.exe" "$stage/$name/README.txt"
rm -f "$out/$name.zip"
(cd "$stage" && zip -q -X -9 "$out/$name.zip" "$name" "$name/trf.exe" "$name/README.txt")
cp "$stage/$name/trf.exe" "$out/trf.exe"
ls -l "$out/trf.exe" "$out/$name.zip" | awk '{print $5, $NF}'
