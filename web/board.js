// The board picture: the server's SVG (one `path.cell[data-node]` per node) made interactive.
// Everything here is geometry and input: which moves are legal always comes from the server.

const SVG_NS = "http://www.w3.org/2000/svg";

/** The centre of a node's cell, in the picture's own coordinates. */
export function centre(svg, node) {
  const cell = svg.querySelector(`path.cell[data-node="${CSS.escape(node)}"]`);
  if (!cell) return null;
  const b = cell.getBBox();
  // An annular sector's box centre can fall outside a thin cell: use the path's middle point
  // when the box centre is not inside it.
  let p = { x: b.x + b.width / 2, y: b.y + b.height / 2 };
  const pt = svg.createSVGPoint();
  pt.x = p.x;
  pt.y = p.y;
  if (cell.isPointInFill && !cell.isPointInFill(pt)) {
    const len = cell.getTotalLength();
    const a = cell.getPointAtLength(len * 0.125);
    const c = cell.getPointAtLength(len * 0.625);
    p = { x: (a.x + c.x) / 2, y: (a.y + c.y) / 2 };
  }
  return p;
}

/** The centre of a node's cell on the screen (after any CSS flip). */
export function screenCentre(svg, node) {
  const cell = svg.querySelector(`path.cell[data-node="${CSS.escape(node)}"]`);
  if (!cell) return null;
  const c = centre(svg, node);
  const m = cell.getScreenCTM();
  if (!c || !m) return null;
  const pt = svg.createSVGPoint();
  pt.x = c.x;
  pt.y = c.y;
  const s = pt.matrixTransform(m);
  return { x: s.x, y: s.y };
}

/** The layer the page draws its marks on (above the pieces), emptied. */
export function overlay(svg) {
  let g = svg.querySelector("g#marks");
  if (!g) {
    g = document.createElementNS(SVG_NS, "g");
    g.setAttribute("id", "marks");
    g.setAttribute("pointer-events", "none");
    svg.appendChild(g);
  }
  return g;
}

export function clearMarks(svg) {
  overlay(svg).replaceChildren();
}

function element(name, attrs) {
  const e = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  return e;
}

/** Marks the legal destinations: a dot, or a ring for a capture. */
export function markDestinations(svg, choices) {
  const g = overlay(svg);
  const seen = new Set();
  for (const c of choices) {
    if (seen.has(c.to)) continue;
    seen.add(c.to);
    const p = centre(svg, c.to);
    if (!p) continue;
    const attrs = c.capture
      ? { cx: p.x, cy: p.y, r: 22, class: "mark-capture", "data-node": c.to }
      : { cx: p.x, cy: p.y, r: 9, class: "mark-destination", "data-node": c.to };
    g.appendChild(element("circle", attrs));
  }
}

/** Marks a node as picked. */
export function markPicked(svg, node) {
  const p = centre(svg, node);
  if (!p) return;
  overlay(svg).appendChild(element("circle", { cx: p.x, cy: p.y, r: 26, class: "mark-picked" }));
}

/** Draws a node's links as arrows, each titled with its direction, twist and tags. */
export function markLinks(svg, node, links) {
  const g = overlay(svg);
  const from = centre(svg, node);
  if (!from) return;
  for (const l of links) {
    const to = centre(svg, l.to);
    if (!to) continue;
    const line = element("line", {
      x1: from.x, y1: from.y, x2: to.x, y2: to.y,
      class: l.twist ? "mark-link twisted" : "mark-link",
      "marker-end": l.twist ? "url(#arrow-twisted)" : "url(#arrow)",
    });
    g.appendChild(line);
    const label = element("text", {
      x: (from.x * 0.4 + to.x * 0.6), y: (from.y * 0.4 + to.y * 0.6), class: "mark-label",
    });
    label.textContent = l.direction;
    g.appendChild(label);
  }
}

/**
 * The neighbour to move the keyboard focus to: among the node's links, the one whose drawn
 * direction on the screen is closest to the arrow's.
 */
export function neighbour(svg, node, links, dx, dy) {
  const from = screenCentre(svg, node);
  if (!from) return null;
  let best = null;
  let bestCos = 0.2;
  for (const l of links) {
    const to = screenCentre(svg, l.to);
    if (!to) continue;
    const vx = to.x - from.x;
    const vy = to.y - from.y;
    const len = Math.hypot(vx, vy);
    if (len < 1e-6) continue;
    const cos = (vx * dx + vy * dy) / len;
    // Nearer targets win a tie, so a step is preferred over a far link.
    const score = cos - len * 1e-5;
    if (score > bestCos) {
      bestCos = score;
      best = l.to;
    }
  }
  return best;
}

/** The node under a point of the screen, if any. */
export function nodeAt(x, y) {
  for (const e of document.elementsFromPoint(x, y)) {
    if (e.matches && e.matches("path.cell[data-node]")) return e.getAttribute("data-node");
  }
  return null;
}

/** The piece drawn on a node, as the picture titles it (`white pawn on e2`). */
export function pieceTitle(svg, node) {
  const g = svg.querySelector(`g.piece[data-node="${CSS.escape(node)}"]`);
  const t = g && g.querySelector("title");
  return t ? t.textContent : null;
}
