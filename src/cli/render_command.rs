//! The `render` command: what it draws (the marks a request asks for, the rotation) on the
//! picture of a board file or of a position of a variant file.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::Arc;

use super::output_file::{check_target, write_output};
use chessgraph::Board;
use chessgraph::KindId;
use chessgraph::Rules;
use chessgraph::render::{RenderOptions, render_svg};

use super::args::PositionArgs;
use super::load::{kind_of, load_board, load_rules, position_and_last_move};
use super::output::{io_error, shown};
use super::picture;

/// What `render` was asked to mark and draw besides the board.
pub struct RenderRequest {
    /// `--from NODE`: mark that piece's destinations.
    pub from: Option<String>,
    /// `--drop TOKEN`: mark where that kind may be dropped.
    pub drop: Option<String>,
    /// `--links DIR`: draw the links of that direction.
    pub links: Option<String>,
    /// `--tags`: draw tagged links.
    pub tags: bool,
    /// `--rotate DEGREES`.
    pub rotate: Option<f64>,
    /// `--flip`: half a turn more.
    pub flip: bool,
}

/// The direction `--links` names, or a message listing the board's.
pub fn direction_named(b: &Board, name: &str) -> Result<chessgraph::DirId, String> {
    b.direction(name).ok_or_else(|| {
        let names: Vec<&str> = b.direction_ids().map(|d| b.direction_name(d)).collect();
        let hint = chessgraph::diagnostic::suggest(name, names.iter().copied())
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
        format!(
            "--links: the board has no direction `{}`{hint}; it has {}",
            chessgraph::diagnostic::quoted(name),
            names.join(", ")
        )
    })
}

/// The picture's rotation: `--rotate` (a quarter turn on grid boards) or the default, turned
/// half round by `--flip`.
fn rotation(
    board: &Board,
    rules: Option<&Arc<Rules>>,
    rotate: Option<f64>,
    flip: bool,
) -> Result<Option<f64>, String> {
    if let Some(r) = rotate
        && board.layout() == chessgraph::Layout::Grid
        && r % 90.0 != 0.0
    {
        return Err(format!(
            "--rotate {r}: a grid board turns by quarter turns: 0, 90, 180 or 270"
        ));
    }
    if !flip {
        return Ok(rotate);
    }
    let default = rules.map_or(0.0, chessgraph::render::default_rotation);
    Ok(Some((rotate.unwrap_or(default) + 180.0).rem_euclid(360.0)))
}

/// `render`: the picture of a board file or of a position of a variant file, written to
/// `output` (its format from the extension; never over one of the files read), or the SVG to
/// `out` without one or with `-`.
pub fn render_command(
    file: &Path,
    at: &PositionArgs,
    request: RenderRequest,
    output: Option<&Path>,
    out: &mut dyn Write,
    colour: bool,
) -> Result<ExitCode, String> {
    let (svg, inputs) = render_file(file, at, request, colour)?;
    match output {
        Some(path) if path.as_os_str() != "-" => {
            check_target(path, &inputs).map_err(|e| e.to_string())?;
            let bytes = picture::encode(&svg, picture::format_of(path)?)?;
            write_output(path, &bytes, &inputs).map_err(|e| e.to_string())?;
            status!("wrote {}", shown(path));
        }
        _ => out.write_all(svg.as_bytes()).map_err(io_error)?,
    }
    Ok(ExitCode::SUCCESS)
}

/// The picture `render` draws, and the files it was drawn from.
fn render_file(
    file: &Path,
    at: &PositionArgs,
    request: RenderRequest,
    colour: bool,
) -> Result<(String, Vec<PathBuf>), String> {
    let RenderRequest {
        from,
        drop,
        links,
        tags,
        rotate,
        flip,
    } = request;
    let is_variant = kind_of(file) == Some(chessgraph::FileKind::Variant);
    let mut options = RenderOptions {
        tags,
        ..RenderOptions::default()
    };
    if !is_variant {
        if at.fen.is_some() || !at.moves.is_empty() || from.is_some() || drop.is_some() {
            return Err(format!(
                "--fen, --moves, --from and --drop need a variant file; {} is a board file",
                file.display()
            ));
        }
        let board = load_board(file, colour)?;
        options.rotation = rotation(&board, None, rotate, flip)?;
        options.links = links.map(|l| direction_named(&board, &l)).transpose()?;
        return Ok((render_svg(&board, None, &options), vec![file.to_path_buf()]));
    }
    let rules = load_rules(file, colour)?;
    let (pos, last) = position_and_last_move(&rules, at)?;
    let board = rules.board();
    options.rotation = rotation(board, Some(&rules), rotate, flip)?;
    options.last_move = last.map(|m| (m.from().unwrap_or(m.to()), m.to()));
    options.links = links.map(|l| direction_named(board, &l)).transpose()?;
    if let Some(name) = from {
        let n = board.node(&name).ok_or_else(|| {
            let hint = chessgraph::diagnostic::suggest(
                &name,
                board.node_ids().map(|n| board.node_name(n)),
            )
            .map(|h| format!(" ({h})"))
            .unwrap_or_default();
            format!(
                "--from: the board has no node `{}`{hint}",
                chessgraph::diagnostic::quoted(&name)
            )
        })?;
        options.from = Some(n);
    }
    if let Some(token) = drop {
        options.drop = Some(drop_kind(&rules, &token)?);
    }
    Ok((
        render_svg(board, Some(&pos), &options),
        rules.files().to_vec(),
    ))
}

/// The kind `render --drop TOKEN` names: a token of the variant, in a variant with hands.
fn drop_kind(rules: &Rules, token: &str) -> Result<KindId, String> {
    if rules.hands().is_none() {
        return Err(format!(
            "--drop: {} has no hands: nothing is ever dropped",
            rules.name()
        ));
    }
    let kind = rules.kind_by_token_text(token);
    kind.ok_or_else(|| {
        let tokens: Vec<String> = rules.kinds().iter().map(|k| k.token()).collect();
        format!(
            "--drop: `{}` is no piece's token (the tokens are {})",
            chessgraph::diagnostic::quoted(token),
            tokens.join(" ")
        )
    })
}
