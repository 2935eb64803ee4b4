// A game against the computer: New game with "Computer plays: black" makes a game whose black
// moves are the computer's; the page sees its reply through the change events, and Undo takes
// the reply back with the player's move.

import { test } from "node:test";
import assert from "node:assert/strict";
import { clickNode, screenshot, waitPly, withBoard } from "./helpers.js";

test("computer: New game with the computer as black answers e2-e4, and Undo takes both back", async () => {
  await withBoard(["variants/chess.toml", "--depth", "1"], async (page, server) => {
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    const seats = await page.$$eval("#computer option", (os) => os.map((o) => o.textContent));
    assert.deepEqual(seats, ["nobody", "white", "black"]);
    await page.selectOption("#computer", "black");
    const before = new URL(page.url()).searchParams.get("game");
    await Promise.all([
      page.waitForURL((u) => u.searchParams.get("game") !== before),
      page.click("#new-game"),
    ]);
    await page.waitForSelector("#board svg path.cell");
    assert.match(await page.textContent("#seat-label"), /the computer plays black/);
    await clickNode(page, "e2");
    await page.waitForSelector("circle.mark-destination[data-node=e4]");
    await clickNode(page, "e4");
    // The computer's reply arrives by itself.
    await waitPly(page, 2);
    const moves = await page.textContent("#moves");
    assert.match(moves, /e2-e4/);
    assert.match(await page.textContent("#status"), /^white to move/);
    await screenshot(page, "computer-reply");
    await page.click("#undo");
    await waitPly(page, 0);
    assert.match(await page.textContent("#status"), /^white to move/);
  });
});
