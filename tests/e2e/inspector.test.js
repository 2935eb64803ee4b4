import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, screenshot } from "./helpers.js";

test("the link inspector draws a node's links and its piece's moves; flip turns the board", async () => {
  const server = await serve(["variants/three_man_chess.toml", "variants/chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(`${server.url}?variant=0`);
    await page.waitForSelector("#board svg path.cell");
    await page.click("#inspect");
    // Gray's knight on j1, though it is white's turn.
    await page.hover("path.cell[data-node=j1]", { force: true });
    await page.waitForSelector("line.mark-link");
    await page.waitForSelector("circle.mark-destination");
    const text = await page.textContent("#inspector");
    assert.match(text, /^j1 \(gray knight: .*j1-k3/);
    await screenshot(page, "inspector-three-man-chess");
    // Flip on a grid: the picture turns half round.
    await page.goto(`${server.url}?variant=1`);
    await page.waitForSelector("#board svg path.cell");
    await page.click("#flip");
    await page.waitForSelector("#board.flipped svg");
    const [a1, h8] = await Promise.all(["a1", "h8"].map((n) =>
      page.$eval(`path.cell[data-node=${n}]`, (c) => c.getBoundingClientRect().y)));
    assert.ok(a1 < h8, "a1 is drawn above h8 from black's side");
    await screenshot(page, "chess-flipped");
  } finally {
    await browser.close();
    await server.stop();
  }
});
