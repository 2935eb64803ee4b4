import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, screenshot, clickNode, waitPly } from "./helpers.js";

test("3 Man Chess: the opening by clicking, a refused moat crossing, a move through the centre", async () => {
  const server = await serve(["variants/three_man_chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    const moves = [["d2", "d4"], ["j2", "j4"], ["s2", "s4"]];
    for (const [i, [from, to]] of moves.entries()) {
      await clickNode(page, from);
      await page.waitForSelector(`circle.mark-destination[data-node=${to}]`);
      await clickNode(page, to);
      await waitPly(page, i + 1);
    }
    assert.match(await page.textContent("#status"), /white to move/);
    // The knight's jump into gray's corner crosses the closed moat: not highlighted, and the
    // server's reason is shown.
    await clickNode(page, "g1");
    assert.equal(await page.$("circle[data-node=i2]"), null);
    await clickNode(page, "i2");
    await page.waitForFunction(() => /refused/.test(document.querySelector("#message").textContent));
    const message = await page.textContent("#message");
    assert.match(message, /crosses white-gray, which is closed/);
    await screenshot(page, "three-man-chess-moat-refused");
    // The bishop runs through the centre from c1 to v6 in black's part of the board.
    await clickNode(page, "c1");
    await page.waitForSelector("circle.mark-destination[data-node=v6]");
    await screenshot(page, "three-man-chess-bishop-destinations");
    await clickNode(page, "v6");
    await waitPly(page, 4);
    assert.match(await page.textContent("#moves"), /white c1-v6/);
    // The picture is fetched after the game's state: wait for it to show the bishop.
    await page.waitForSelector("g.piece[data-node=v6] title", { state: "attached" });
    const title = await page.$eval("g.piece[data-node=v6] title", (t) => t.textContent);
    assert.match(title, /white bishop on v6/);
    assert.match(await page.textContent("#status"), /gray to move/);
    await screenshot(page, "three-man-chess-through-the-centre");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("3 Man Chess: three seated pages on one game see each other's moves", async () => {
  const server = await serve(["variants/three_man_chess.toml"]);
  const browser = await launch();
  try {
    const white = await newPage(browser);
    await white.goto(`${server.url}?seat=white`);
    await white.waitForURL(/game=/);
    await white.waitForSelector("#board svg path.cell");
    const game = new URL(white.url()).searchParams.get("game");
    const gray = await newPage(browser);
    await gray.goto(`${server.url}?game=${game}&seat=gray`);
    await gray.waitForSelector("#board svg path.cell");
    // Gray may not move for white: the server's reason is shown.
    await clickNode(gray, "d2");
    await clickNode(gray, "d4");
    await gray.waitForFunction(() => /plays for gray/.test(document.querySelector("#message").textContent));
    await clickNode(white, "d2");
    await clickNode(white, "d4");
    await waitPly(white, 1);
    await waitPly(gray, 1);
    await gray.waitForSelector("g.piece[data-node=d4]");
    await clickNode(gray, "j2");
    await clickNode(gray, "j4");
    await waitPly(gray, 2);
    await waitPly(white, 2);
    await white.waitForSelector("g.piece[data-node=j4]");
    assert.match(await white.textContent("#moves"), /gray j2-j4/);
    // The third window: black plays, both others see it.
    const black = await newPage(browser);
    await black.goto(`${server.url}?game=${game}&seat=black`);
    await black.waitForSelector("#board svg path.cell");
    await clickNode(black, "s2");
    await clickNode(black, "s4");
    await waitPly(black, 3);
    await waitPly(white, 3);
    await waitPly(gray, 3);
    assert.match(await white.textContent("#status"), /white to move/);
    await screenshot(black, "three-man-chess-black-seat");
    await screenshot(white, "three-man-chess-white-seat");
    await screenshot(gray, "three-man-chess-gray-seat");
  } finally {
    await browser.close();
    await server.stop();
  }
});
