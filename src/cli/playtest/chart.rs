//! The playtest chart (`--chart FILE.svg`): each seat's wins, draws and losses as a stacked
//! bar, and the histogram of game lengths.

use std::fmt::Write;

use super::Summary;

/// Bar colours: wins, draws, losses, lengths.
const WIN: &str = "#4a9c5d";
const DRAW: &str = "#a0a0a0";
const LOSS: &str = "#c0504d";
const LENGTH: &str = "#4f81bd";

/// The chart as an SVG document, 640 pixels wide.
pub fn chart_svg(s: &Summary) -> String {
    let rows = s.seats.len();
    let height = 70 + rows * 30 + 190;
    let mut svg = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"640\" height=\"{height}\" \
         font-family=\"sans-serif\" font-size=\"13\">\n<rect width=\"640\" height=\"{height}\" fill=\"white\"/>\n"
    );
    let _ = writeln!(
        svg,
        "<text x=\"10\" y=\"22\" font-size=\"15\">{}: {} games, {} per move</text>",
        escape(&s.variant),
        s.games,
        escape(&s.limit)
    );
    let _ = writeln!(
        svg,
        "<text x=\"110\" y=\"45\"><tspan fill=\"{WIN}\">wins</tspan> <tspan fill=\"{DRAW}\">draws</tspan> <tspan fill=\"{LOSS}\">losses</tspan></text>"
    );
    let games = s.games.max(1) as f64;
    for (i, seat) in s.seats.iter().enumerate() {
        let y = 55 + i * 30;
        let _ = writeln!(
            svg,
            "<text x=\"10\" y=\"{}\">{}</text>",
            y + 16,
            escape(&seat.name)
        );
        let mut x = 110.0;
        for (count, fill) in [(seat.wins, WIN), (seat.draws, DRAW), (seat.losses, LOSS)] {
            let w = 420.0 * count as f64 / games;
            let _ = writeln!(
                svg,
                "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{w:.1}\" height=\"22\" fill=\"{fill}\"><title>{count}</title></rect>"
            );
            x += w;
        }
        let _ = writeln!(
            svg,
            "<text x=\"540\" y=\"{}\">{:.1}%</text>",
            y + 16,
            100.0 * seat.score
        );
    }
    histogram(&mut svg, s, 70 + rows * 30);
    svg.push_str("</svg>\n");
    svg
}

/// The lengths' histogram, its top at `top`.
fn histogram(svg: &mut String, s: &Summary, top: usize) {
    let l = &s.length;
    let _ = writeln!(
        svg,
        "<text x=\"10\" y=\"{}\">game length in plies (median {}, mean {:.1})</text>",
        top + 15,
        l.median,
        l.mean
    );
    let most = l.histogram.iter().copied().max().unwrap_or(0).max(1) as f64;
    let width = 600.0 / l.histogram.len().max(1) as f64;
    let base = top + 160;
    for (i, &count) in l.histogram.iter().enumerate() {
        let h = 130.0 * count as f64 / most;
        let x = 20.0 + i as f64 * width;
        let _ = writeln!(
            svg,
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{h:.1}\" fill=\"{LENGTH}\"><title>{count}</title></rect>",
            base as f64 - h,
            width - 2.0
        );
        let _ = writeln!(
            svg,
            "<text x=\"{x:.1}\" y=\"{}\" font-size=\"10\">{}</text>",
            base + 14,
            i * l.bucket
        );
    }
}

/// `text` with XML's special characters escaped.
fn escape(text: &str) -> String {
    text.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
}
