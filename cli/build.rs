//! Link options of the `trf` binary (not of the library, its tests or the
//! Python module).
//!
//! `-no-pie`: `trf` is a command that starts, reads a report and exits, so
//! its start-up is a large share of a small report's cost. A position-
//! independent executable makes the dynamic loader apply one relocation per
//! pointer in the binary's tables (about 8,000) at every start; a fixed
//! address needs none: `trf --version` 659,000 -> 549,000 instructions and
//! `check --format json` of a 300-player report 3.10 M -> 2.99 M
//! (callgrind, `benches/instructions.md`). What is given up is the random
//! placement of the binary's own code; the libraries, heap and stack are
//! still placed at random. Every C compiler cargo drives on Linux (gcc,
//! clang) accepts the option; other targets get no option.
//!
//! A static build (`crt-static`, the `cargo release-static` alias in
//! `.cargo/config.toml`) gets no option either: rustc links it at a fixed
//! address itself when asked (`-C relocation-model=static`), and `-no-pie`
//! after its own `-static-pie` would make a binary that cannot start.

fn main() {
    let os = std::env::var("CARGO_CFG_TARGET_OS").unwrap_or_default();
    let env = std::env::var("CARGO_CFG_TARGET_ENV").unwrap_or_default();
    let features = std::env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let crt_static = features.split(',').any(|f| f == "crt-static");
    if os == "linux" && env == "gnu" && !crt_static {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
    println!("cargo:rerun-if-changed=build.rs");
}
