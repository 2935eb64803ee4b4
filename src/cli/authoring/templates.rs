//! The files `chessgraph new` writes: a grid board, and chess on it, complete and commented, so
//! that an author starts from a file that loads and plays and changes it step by step.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use chessgraph::Board;
// The grid directions every generated board declares (shared with `import fsf`).
use chessgraph::import::{DIRECTIONS, KNIGHT_DIRECTIONS};

use super::super::args::{FileKindArg, NewArgs, WrapArg};

/// The default grid: the chessboard.
const DEFAULT_GRID: (u32, u32) = (8, 8);

/// The most nodes a board may have (`limits::MAX_NODES`).
const MAX_NODES: u32 = chessgraph::limits::MAX_NODES as u32;

/// The zones the board template declares, by rank counted from the bottom (0: the first rank)
/// or from the top (the last rank), and the names variants use for them.
const FIRST_RANK: &str = "first_rank";
const SECOND_RANK: &str = "second_rank";
const NEXT_TO_LAST_RANK: &str = "next_to_last_rank";
const LAST_RANK: &str = "last_rank";

/// Writes the file(s) `new` makes; every target is checked before anything is written.
pub fn write_new(args: &NewArgs) -> Result<ExitCode, String> {
    check_name(&args.name)?;
    let main = PathBuf::from(format!("{}.toml", args.name));
    let mut files: Vec<(PathBuf, String)> = Vec::new();
    match args.kind {
        FileKindArg::Board => {
            let (f, r) = args.grid.unwrap_or(DEFAULT_GRID);
            check_size(f, r, 2)?;
            files.push((main, board_text(&args.name, &grid(f, r), args)));
        }
        FileKindArg::Variant => {
            let (board_ref, g) = match &args.board {
                Some(path) => (path.display().to_string(), existing_grid(path)?),
                None => {
                    let (f, r) = args.grid.unwrap_or(DEFAULT_GRID);
                    let margin = edge_margin(args.wrap);
                    check_size(f, r, 4 + 2 * margin)?;
                    let mut g = grid(f, r);
                    g.margin = margin;
                    let board_file = format!("{}.board.toml", args.name);
                    let text = board_text(&args.name, &g, args);
                    files.push((PathBuf::from(&board_file), text));
                    (board_file, g)
                }
            };
            let mut text = variant_text(&args.name, &board_ref, &g);
            if args.board.is_none() {
                text.push_str(start_contact_allowance(args.wrap));
            }
            files.push((main, text));
        }
    }
    super::write_new_files(&files, "new")?;
    Ok(ExitCode::SUCCESS)
}

/// A name that makes a plain file name in the current folder.
fn check_name(name: &str) -> Result<(), String> {
    let fine = !name.is_empty()
        && name.len() <= 64
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-');
    if fine {
        Ok(())
    } else {
        Err(format!(
            "NAME must be 1 to 64 letters, digits, `_` or `-` (it names NAME.toml in the current folder), not `{}`",
            chessgraph::diagnostic::quoted(name)
        ))
    }
}

/// Grids the template can fill: `min_ranks` rows at least (a variant needs four: two armies of
/// two rows), and no more nodes than a board may have.
fn check_size(files: u32, ranks: u32, min_ranks: u32) -> Result<(), String> {
    if ranks < min_ranks {
        return Err(format!(
            "a new variant needs at least {min_ranks} ranks (each army takes two), not {files}x{ranks}"
        ));
    }
    if files * ranks > MAX_NODES {
        return Err(format!(
            "a {files}x{ranks} grid has {} nodes; a board has at most {MAX_NODES}",
            files * ranks
        ));
    }
    Ok(())
}

/// A grid's shape and the names of the four zones the variant template uses.
struct Grid {
    files: Vec<String>,
    ranks: u32,
    /// Zone names: first rank, second rank, next-to-last rank, last rank.
    zones: [String; 4],
    /// Empty ranks between each army and its edge (1 where the ranks wrap round, so that the
    /// kings do not touch across the seam).
    margin: u32,
}

impl Grid {
    /// A node name: file letter and rank number (from 1).
    fn node(&self, file: usize, rank: u32) -> String {
        format!("{}{rank}", self.files[file])
    }

    /// Every node of one rank, as a TOML array.
    fn rank_array(&self, rank: u32) -> String {
        let nodes: Vec<String> = (0..self.files.len())
            .map(|f| format!("\"{}\"", self.node(f, rank)))
            .collect();
        format!("[{}]", nodes.join(", "))
    }
}

/// The template's own grid: files `a`, `b`, ... and the template's zone names.
fn grid(files: u32, ranks: u32) -> Grid {
    Grid {
        files: (0..files)
            .map(|i| char::from(b'a' + i as u8).to_string())
            .collect(),
        ranks,
        zones: [FIRST_RANK, SECOND_RANK, NEXT_TO_LAST_RANK, LAST_RANK].map(String::from),
        margin: 0,
    }
}

/// The grid of an existing board file, with the names of its zones that hold exactly the ranks
/// the variant needs.
fn existing_grid(path: &Path) -> Result<Grid, String> {
    let board = Board::load(path).map_err(|e| {
        super::super::output::to_stderr(format_args!("{}", e.0.render_short()));
        format!("{} is not a valid board file", path.display())
    })?;
    let Some(shape) = board.grid() else {
        return Err(format!(
            "{} has no `[grid]`: `new variant --board` needs a grid board (files x ranks)",
            path.display()
        ));
    };
    let ranks = u32::from(shape.ranks);
    if ranks < 4 {
        return Err(format!(
            "{} has {ranks} ranks; a new variant needs at least 4",
            path.display()
        ));
    }
    let mut g = Grid {
        files: shape.files.clone(),
        ranks,
        zones: Default::default(),
        margin: 0,
    };
    for (slot, rank) in [1, 2, ranks - 1, ranks].into_iter().enumerate() {
        let mut want: Vec<_> = (0..g.files.len())
            .filter_map(|f| board.node(&g.node(f, rank)))
            .collect();
        want.sort();
        let found = board.zones().iter().find(|z| z.nodes == want);
        g.zones[slot] = match found {
            Some(z) => z.name.clone(),
            None => {
                return Err(format!(
                    "{} has no zone holding exactly rank {rank} ({} ...): add one to its `[zones]`",
                    path.display(),
                    g.node(0, rank)
                ));
            }
        };
    }
    for d in DIRECTIONS.iter().chain(KNIGHT_DIRECTIONS) {
        if board.direction(d.0).is_none() {
            return Err(format!(
                "{} has no direction `{}`: the new variant's pieces use the eight compass and the eight knight directions",
                path.display(),
                d.0
            ));
        }
    }
    Ok(g)
}

/// A knight direction's offset as a path of steps, the long leg first: `[1, 2]` is `n n e`.
fn knight_path([df, dr]: [i32; 2]) -> String {
    let step = |d: i32, plus: &'static str, minus: &'static str| if d > 0 { plus } else { minus };
    let (file, rank) = (step(df, "e", "w"), step(dr, "n", "s"));
    if dr.abs() > df.abs() {
        format!("{rank} {rank} {file}")
    } else {
        format!("{file} {file} {rank}")
    }
}

/// A grid board file.
fn board_text(name: &str, g: &Grid, args: &NewArgs) -> String {
    let (wrap, paths) = (args.wrap, args.knight_paths);
    let (f, r) = (g.files.len(), g.ranks);
    let last = &g.files[f - 1];
    let shape = wrap.map_or("a flat grid", WrapArg::words);
    let wrap = wrap.map_or("none", WrapArg::key);
    // The comments of `[map]` start in column 27.
    let pad = " ".repeat(26usize.saturating_sub(9 + wrap.len()).max(1));
    let knights = if paths {
        "They are paths of steps (`nne = { path = \"n n e\" }`): they follow every link, hand-made\n\
         # `[[link]]`s included, and a knight is stopped by a missing square on its path."
    } else {
        "They are `[map]` offsets, which never cross hand-made `[[link]]`s (seams, twists): for such\n\
         # a board, `chessgraph new board --knight-paths` writes them as paths of steps, which do."
    };
    let mut t = format!(
        "\
# {name}: a {f}x{r} board ({shape}), made by `chessgraph new board`.
#
# Nodes come from the grid generator: files a..{last} left to right, ranks 1..{r} bottom to top,
# named file + rank (`a1`). Directions are compass names seen from the first player's side
# (north is up); a variant turns them round for the other player with a frame. The eight knight
# directions are directions of their own, so a knight is one `leap` and a nightrider one `ride`.
# {knights}
# `chessgraph check` validates this file; `chessgraph render` draws it.
# Editors that read taplo's `#:schema` directive complete and check the keys: write
# `chessgraph schema board > board.schema.json` and put `#:schema board.schema.json` on line 1.

[board]
name = \"{name}\"
description = \"{f}x{r} grid, {shape}\"
layout = \"grid\"           # square cells drawn at (x, y); \"polar\" draws rings round a void

[grid]                    # the generator: one node per file and rank
files = \"{}\"
ranks = {r}
light = \"odd\"             # a node is light when file index + rank index (from 0) is odd: a1 dark

[directions]              # every direction; `opposite` pairs the two ways along a line
",
        g.files.concat()
    );
    for (d, _, opp) in DIRECTIONS {
        match opp {
            Some(o) => writeln!(t, "{d} = {{ opposite = \"{o}\" }}"),
            None => writeln!(t, "{d} = {{}}"),
        }
        .ok();
    }
    for (d, offset, opp) in KNIGHT_DIRECTIONS {
        match (paths, opp) {
            (true, _) => writeln!(t, "{d} = {{ path = \"{}\" }}", knight_path(*offset)),
            (false, Some(o)) => writeln!(t, "{d} = {{ opposite = \"{o}\" }}"),
            (false, None) => writeln!(t, "{d} = {{}}"),
        }
        .ok();
    }
    writeln!(
        t,
        "\n[map]                     # each direction as an offset on the grid: a link wherever it lands\n\
         wrap = \"{wrap}\"{pad}# or \"cylinder\", \"torus\", \"moebius\", \"klein\": the edges offsets cross\n\
         [map.offsets]             # [files, ranks]"
    )
    .ok();
    let offsets = DIRECTIONS
        .iter()
        .chain(KNIGHT_DIRECTIONS.iter().filter(|_| !paths));
    for (d, [df, dr], _) in offsets {
        writeln!(t, "{d} = [{df}, {dr}]").ok();
    }
    writeln!(
        t,
        "\n[zones]                   # named node sets; variants map their players' zone names to these"
    )
    .ok();
    for (zone, rank) in g.zones.iter().zip([1, 2, r - 1, r]) {
        writeln!(t, "{zone} = {}", g.rank_array(rank)).ok();
    }
    t
}

/// The start position's back rank, left to right: rooks in the corners, then knights and
/// bishops, the king in the middle, queens in the squares left.
fn back_rank(files: usize) -> Vec<char> {
    let king = files / 2;
    let mut rank = vec!['Q'; files];
    rank[king] = 'K';
    for (i, piece) in ['R', 'N', 'B'].into_iter().enumerate() {
        if i < king {
            rank[i] = piece;
        }
        if let Some(j) = (files - 1).checked_sub(i)
            && j > king
        {
            rank[j] = piece;
        }
    }
    rank
}

/// The start position: back ranks, pawns in front of them, White to move, castling rights.
fn start_text(g: &Grid, rights: &str) -> String {
    let f = g.files.len();
    let back: String = back_rank(f).into_iter().collect();
    let pawns = "P".repeat(f);
    let empty = |n: u32| (0..n).map(|_| f.to_string()).collect::<Vec<_>>();
    let mut rows = empty(g.margin);
    rows.extend([back.to_lowercase(), pawns.to_lowercase()]);
    rows.extend(empty(g.ranks - 4 - 2 * g.margin));
    rows.extend([pawns, back]);
    rows.extend(empty(g.margin));
    let rights = if rights.is_empty() { "-" } else { rights };
    format!("{} w {rights} - 0 1", rows.join("/"))
}

/// The castlings of one player: the king two squares toward a rook at least three squares away,
/// the rook to the square it crossed. Returns the TOML and the rights' tokens.
fn castlings(g: &Grid, player: &str, rank: u32, upper: bool) -> (String, String) {
    let f = g.files.len();
    let king = f / 2;
    let mut text = String::new();
    let mut rights = String::new();
    for (right, rook, side) in [('K', f - 1, 1i64), ('Q', 0, -1i64)] {
        if rook.abs_diff(king) < 3 {
            continue;
        }
        let at = |i: i64| g.node(i as usize, rank);
        let k = king as i64;
        let (to, rook_to) = (k + 2 * side, k + side);
        let between: Vec<String> = (1..rook.abs_diff(king) as i64)
            .map(|i| format!("\"{}\"", at(k + i * side)))
            .collect();
        let safe: Vec<String> = (0..3)
            .map(|i| format!("\"{}\"", at(k + i * side)))
            .collect();
        let token = if upper {
            right
        } else {
            right.to_ascii_lowercase()
        };
        rights.push(token);
        writeln!(
            text,
            "\n[[castling]]\nplayer = \"{player}\"\nright = \"{token}\"\nking = [\"{}\", \"{}\"]\nrook = [\"{}\", \"{}\"]\nempty = [{}]\nsafe = [{}]",
            at(k),
            at(to),
            at(rook as i64),
            at(rook_to),
            between.join(", "),
            safe.join(", ")
        )
        .ok();
    }
    (text, rights)
}

/// Empty ranks between each army and its board edge: 1 where the ranks wrap round (a torus, a
/// Klein bottle), else the kings would stand side by side across the seam.
fn edge_margin(wrap: Option<WrapArg>) -> u32 {
    match wrap {
        Some(WrapArg::Torus | WrapArg::Klein) => 1,
        Some(WrapArg::Cylinder | WrapArg::Moebius) | None => 0,
    }
}

/// The `[lints]` table of a variant on the template's own board when its seam brings the two
/// armies into contact (a torus, Möbius strip or Klein bottle joins the back ranks' ends):
/// otherwise `check --deny-warnings` would refuse the file `new` just wrote.
fn start_contact_allowance(wrap: Option<WrapArg>) -> &'static str {
    match wrap {
        Some(WrapArg::Torus | WrapArg::Klein) => {
            "\n[lints]\n# The ranks wrap round: each army stands one rank in from its edge, so that the kings do\n# not touch across the seam; pieces can still take across it from the first move, as meant.\nallow = [\"start-captures\"]\n"
        }
        Some(WrapArg::Moebius) => {
            "\n[lints]\n# The seam joins the two armies' corners: pieces can take across it from the first move, as meant.\nallow = [\"start-captures\"]\n"
        }
        Some(WrapArg::Cylinder) | None => "",
    }
}

/// Chess on the grid: the variant file.
fn variant_text(name: &str, board: &str, g: &Grid) -> String {
    let r = g.ranks;
    let (white_castling, white_rights) = castlings(g, "white", 1 + g.margin, true);
    let (black_castling, black_rights) = castlings(g, "black", r - g.margin, false);
    let start = start_text(g, &format!("{white_rights}{black_rights}"));
    format!(
        "{}{}{}{}{white_castling}{black_castling}\n{}",
        variant_header(name, board, g, &start),
        players_text(g),
        CHESS_PIECES,
        CASTLING_COMMENT,
        CHESS_ENDS,
    )
}

/// The variant file's comment and `[variant]` and `[frames]` tables.
fn variant_header(name: &str, board: &str, g: &Grid, start: &str) -> String {
    let (f, r) = (g.files.len(), g.ranks);
    format!(
        "\
# {name}: chess on a {f}x{r} board, made by `chessgraph new variant`.
#
# Two players, White (upper case) first. Rooks in the corners, knights and bishops next to them,
# the king in the middle, queens in the squares left; pawns in front. Pawns step one square north
# (two from their start rank, leaving an en passant square), capture one square diagonally and
# promote on the last rank. Checkmate loses, stalemate draws.
# Try it: `chessgraph check {name}.toml`, `chessgraph show {name}.toml`,
# `chessgraph perft {name}.toml 3`, `chessgraph play {name}.toml`.
# Editors that read taplo's `#:schema` directive complete and check the keys: write
# `chessgraph schema variant > variant.schema.json` and put `#:schema variant.schema.json` on
# line 1.

[variant]
name = \"{name}\"
description = \"chess on a {f}x{r} board\"
board = \"{board}\"     # relative to this file
# Position text (a generalized FEN): rows top first, pieces as letters (upper case: White),
# digits count empty squares; then the side to move, castling rights, en passant, clocks.
start = \"{start}\"

[frames]                  # Black sees the board from the other side: north and south swap
black = {{ n = \"s\", s = \"n\", ne = \"se\", se = \"ne\", nw = \"sw\", sw = \"nw\", nne = \"sse\", sse = \"nne\", nnw = \"ssw\", ssw = \"nnw\", nee = \"see\", see = \"nee\", nww = \"sww\", sww = \"nww\" }}

"
    )
}

/// The two `[[player]]` tables, with the zones their pawns start in and promote in.
fn players_text(g: &Grid) -> String {
    let r = g.ranks;
    let [first, second, next_to_last, last] = &g.zones;
    // Pawns start in front of their army: with a margin, on ranks the grid names `rank_N`.
    let (second, next_to_last) = match g.margin {
        0 => (second.clone(), next_to_last.clone()),
        m => (format!("rank_{}", 2 + m), format!("rank_{}", r - 1 - m)),
    };
    format!(
        "\
[[player]]                # turn order is file order
name = \"white\"
short = \"w\"               # the side-to-move token in position text
mark = \"upper\"            # White's pieces are upper case (`P`)
frame = \"identity\"        # the board's own directions
zones = {{ pawn_start = \"{second}\", promotion = \"{last}\" }}   # player-relative names -> board zones

[[player]]
name = \"black\"
short = \"b\"
mark = \"lower\"
frame = \"black\"
zones = {{ pawn_start = \"{next_to_last}\", promotion = \"{first}\" }}

"
    )
}

/// The chess pieces of `new variant`.
const CHESS_PIECES: &str = "\
# Pieces: one pattern per string, `[move|capture] leap|step|ride PATH... [modifiers]`, with
# directions seen from the owner's side (his frame turns them).
[pieces.pawn]
letter = \"P\"
resets_clock = true       # a pawn move resets the halfmove clock, as captures do
moves = [
    \"move step n\",
    \"move step (n n) from:pawn_start creates-ep\",
    \"capture leap ne nw\",
    \"capture leap ne nw en-passant\",
]
promotion = { zone = \"promotion\", choices = [\"Q\", \"R\", \"B\", \"N\"] }

[pieces.knight]
letter = \"N\"
moves = [\"leap nne nnw nee nww sse ssw see sww\"]

[pieces.bishop]
letter = \"B\"
moves = [\"ride ne nw se sw\"]

[pieces.rook]
letter = \"R\"
moves = [\"ride n s e w\"]

[pieces.queen]
letter = \"Q\"
moves = [\"ride n s e w ne nw se sw\"]

[pieces.king]
letter = \"K\"
royal = true              # check and checkmate are about royal pieces
moves = [\"leap n s e w ne nw se sw\"]

";

/// The comment before the castlings.
const CASTLING_COMMENT: &str = "\
# Castling: the king's two squares, the rook's, the squares that must be empty and those no
# enemy may attack. Each right is a token in position text.
";

/// `[outcome]` and `[draws]` of `new variant`.
const CHESS_ENDS: &str = "\
[outcome]
checkmate = \"loss\"        # the mated player loses
stalemate = \"draw\"

[draws]                   # applied by `play` and `show`, never by perft
move_rule = 50
repetition = 3
insufficient = [[\"king\", \"king\"]]
";
