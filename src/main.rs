//! The `chessgraph` command line; all logic lives in the library.

fn main() -> std::process::ExitCode {
    chessgraph::cli::main()
}
