//! The authoring commands: `schema` (the JSON Schema of the file formats) and `new` (a complete,
//! commented board or variant file to start from).

use std::io::Write;
use std::process::ExitCode;

use chessgraph::spec::schema::{FileKind, schema_text};

use super::args::{FileKindArg, NewArgs};
use super::io_error;

mod templates;

/// `schema board|variant`: the schema on standard output.
pub fn schema_command(kind: FileKindArg, out: &mut dyn Write) -> Result<ExitCode, String> {
    let kind = match kind {
        FileKindArg::Board => FileKind::Board,
        FileKindArg::Variant => FileKind::Variant,
    };
    out.write_all(schema_text(kind).as_bytes())
        .map_err(io_error)?;
    Ok(ExitCode::SUCCESS)
}

/// `new board|variant NAME`: writes the files, never over an existing one.
pub fn new_command(args: &NewArgs) -> Result<ExitCode, String> {
    templates::write_new(args)
}
