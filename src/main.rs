//! The `chessgraph` command line. The library holds the engine; the binary holds the command
//! line and the benchmark suite, and the dependencies only they need.

mod bench;
mod cli;

fn main() -> std::process::ExitCode {
    cli::main()
}
