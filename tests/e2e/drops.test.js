import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, screenshot, clickNode, waitPly } from "./helpers.js";

test("crazyhouse: a drop from the hand, and a refused one with its reason", async () => {
  const server = await serve(["variants/crazyhouse.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    await page.fill("#load-text", "4k3/8/8/8/8/8/8/4K3[Pp] w - - 0 1");
    await Promise.all([page.waitForURL(/game=2/), page.click("#load")]);
    await page.waitForSelector("#hands button.hand-piece:not([disabled])");
    await page.click("#hands button.hand-piece:not([disabled])");
    await page.waitForSelector("circle.mark-destination[data-node=e4]");
    // No pawn on the first rank: not marked, and refused with the reason.
    assert.equal(await page.$("circle[data-node=a1]"), null);
    await clickNode(page, "a1");
    await page.waitForFunction(() => /refused/.test(document.querySelector("#message").textContent));
    assert.match(await page.textContent("#message"), /cannot be dropped on a1/);
    await page.click("#hands button.hand-piece:not([disabled])");
    await clickNode(page, "e4");
    await waitPly(page, 1);
    assert.match(await page.textContent("#moves"), /P@e4/);
    await page.waitForSelector("g.piece[data-node=e4]");
    await screenshot(page, "crazyhouse-drop");
  } finally {
    await browser.close();
    await server.stop();
  }
});
