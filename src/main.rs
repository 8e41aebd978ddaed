//! `trf`: read, check and rate FIDE Tournament Report Files.

mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
