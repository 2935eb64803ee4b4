// The promotion chooser belongs to the position it was opened in: another seat's move, an undo,
// the end of the game, another game or a look at an earlier move closes it, and a choice from a
// closed chooser is never sent. Its buttons show the piece names beside the letters.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickNode, screenshot, waitPly, withBoard } from "./helpers.js";

/** Loads FEN as a new game; returns its id. */
async function load(page, fen) {
  await page.waitForSelector("#board svg path.cell");
  const before = new URL(page.url()).searchParams.get("game");
  await page.fill("#load-text", fen);
  await Promise.all([
    page.waitForURL((u) => u.searchParams.get("game") !== before),
    page.click("#load"),
  ]);
  await page.waitForSelector("#board svg path.cell");
  return new URL(page.url()).searchParams.get("game");
}

/** Plays FROM-TO by two clicks, and waits until the page shows the game at `ply` moves with the
 * piece on TO. */
async function play(page, from, to, ply) {
  await clickNode(page, from);
  await page.waitForSelector(`circle.mark-destination[data-node=${to}]`);
  await clickNode(page, to);
  await waitPly(page, ply);
  await page.waitForSelector(`g.piece[data-node=${to}]`);
}

/** Opens the chooser of the pawn's move FROM-TO. */
async function openChooser(page, from, to) {
  await clickNode(page, from);
  await page.waitForSelector(`circle.mark-destination[data-node=${to}]`);
  await clickNode(page, to);
  await page.waitForSelector("#chooser:not([hidden]) button.promotion");
}

/** Keeps the chooser's knight button on the page's side, to click after the chooser closed. */
async function keepKnight(page) {
  await page.evaluate(() => {
    window.keptKnight = [...document.querySelectorAll("#chooser button.promotion")].find(
      (b) => b.querySelector(".token")?.textContent === "N",
    );
  });
}

/** Clicks the kept button, now out of date, and checks that no move was sent: the server's game
 * is still at `ply` moves and `version`. */
async function clickKeptAndCheckNothingSent(page, server, id, ply, version) {
  const sent = [];
  const watch = (req) => {
    if (req.method() === "POST" && /\/moves/.test(req.url())) sent.push(req.url());
  };
  page.on("request", watch);
  await page.evaluate(() => window.keptKnight.click());
  // A click that sent a move would have sent it before the page answers this round trip.
  await page.evaluate(() => fetch("/api/variants").then((r) => r.json()));
  page.off("request", watch);
  assert.deepEqual(sent, []);
  const game = await (await fetch(`${server.url}api/games/${id}`)).json();
  assert.equal(game.ply, ply);
  assert.equal(game.version, version);
}

/** Plays a move as another client would (another seat's page, a script). */
async function playElsewhere(server, id, move) {
  const res = await fetch(`${server.url}api/games/${id}/moves`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ move }),
  });
  const text = await res.text();
  assert.equal(res.status, 200, text);
  return JSON.parse(text);
}

test("promotion chooser: piece names, and it closes when another client moves", async () => {
  await withBoard(["variants/chess.toml"], async (page, server) => {
    await page.goto(server.url);
    const id = await load(page, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    await openChooser(page, "a7", "a8");
    const options = await page.$$eval("#chooser button.promotion", (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(options.sort(), ["B bishop", "N knight", "Q queen", "R rook"]);
    assert.equal(
      await page.getAttribute("#chooser button.promotion:has-text('knight')", "aria-label"),
      "promote to knight (a7-a8=N)",
    );
    await screenshot(page, "promotion-names");
    await keepKnight(page);
    // White's king moves from elsewhere: the chooser's position is gone.
    const after = await playElsewhere(server, id, "e1-d1");
    await waitPly(page, 1);
    await page.waitForSelector("#chooser", { state: "hidden" });
    assert.equal(await page.$$eval("#chooser button", (bs) => bs.length), 0);
    await clickKeptAndCheckNothingSent(page, server, id, 1, after.version);
  });
});

test("promotion chooser: closes on undo, on a look back and when the game ends", async () => {
  await withBoard(["variants/chess.toml"], async (page, server) => {
    await page.goto(server.url);
    // White mates with d1-d8 or promotes on a8.
    let id = await load(page, "7k/P5pp/8/8/8/8/8/3R2K1 w - - 0 1");
    await openChooser(page, "a7", "a8");
    await keepKnight(page);
    const over = await playElsewhere(server, id, "d1-d8");
    assert.equal(over.to_move, null);
    await page.waitForFunction(() => /Result/.test(document.querySelector("#result").textContent));
    await page.waitForSelector("#chooser", { state: "hidden" });
    await clickKeptAndCheckNothingSent(page, server, id, 1, over.version);

    // Undo: white played g1-f1 and black h8-g8, the chooser is open for white; black's move
    // is taken back, it is black's turn again and the chooser closes.
    id = await load(page, "7k/P5pp/8/8/8/8/8/6K1 w - - 0 1");
    await play(page, "g1", "f1", 1);
    await play(page, "h8", "g8", 2);
    await openChooser(page, "a7", "a8");
    await keepKnight(page);
    await page.click("#undo");
    await waitPly(page, 1);
    await page.waitForSelector("#chooser", { state: "hidden" });
    const undone = await (await fetch(`${server.url}api/games/${id}`)).json();
    await clickKeptAndCheckNothingSent(page, server, id, 1, undone.version);

    // A look at an earlier move closes it too; Cancel closes it and sends nothing.
    await page.waitForSelector("g.piece[data-node=h8]");
    await play(page, "h8", "g8", 2);
    await openChooser(page, "a7", "a8");
    await page.click("#back");
    await page.waitForSelector("#chooser", { state: "hidden" });
    await page.click("#last");
    await page.waitForSelector("#moves li:last-child button[aria-current=step]");
    await openChooser(page, "a7", "a8");
    await page.click("#chooser button:text-is('Cancel')");
    await page.waitForSelector("#chooser", { state: "hidden" });

    // The pawn stays picked after Cancel: a8 again opens the chooser, and the knight is played.
    await clickNode(page, "a8");
    await page.waitForSelector("#chooser:not([hidden]) button.promotion");
    await page.click("#chooser button.promotion:has-text('knight')");
    await waitPly(page, 3);
    assert.match(await page.textContent("#moves"), /a7-a8=N/);

    // A new game: the chooser of the old one is gone.
    await page.waitForSelector("g.piece[data-node=a8]");
    await play(page, "g8", "h8", 4);
    await load(page, "4k3/P7/8/8/8/8/8/4K3 w - - 0 1");
    assert.equal(await page.isHidden("#chooser"), true);
  });
});
