//! `trf`: read, check and rate FIDE Tournament Report Files.
//!
//! The command line lives in the library (`trfkit::cli`); this binary only
//! chooses the allocator.

// The reader allocates a few small values per player; mimalloc serves them
// with a fraction of glibc's instructions and page faults.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> std::process::ExitCode {
    trfkit::cli::run(std::env::args_os())
}
