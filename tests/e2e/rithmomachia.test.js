import { test } from "node:test";
import assert from "node:assert/strict";
import { withBoard, screenshot, clickNode, waitPly } from "./helpers.js";

test("rithmomachia: the move that completes a progression names the victory and rings its squares", async () => {
  await withBoard(["variants/rithmomachia_proper.toml"], async (page, server) => {
    // White's C3 c9, C4 c10, T9 c12 on Black's half; C6 d12-c11 completes 3 4 6 9.
    const fen = "c{7}6c{5}/8/8/8/2T{9}C{6}4/8/2C{4}5/2C{3}5/8/8/8/8/8/8/8/C{2}7 w - - 0 1";
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    await page.fill("#load-text", fen);
    await Promise.all([page.waitForURL(/game=2/), page.click("#load")]);
    await page.waitForSelector("#board svg path.cell");
    assert.equal(await page.$("path.ending"), null, "not finished yet");
    await clickNode(page, "d12");
    await page.waitForSelector("circle.mark-destination[data-node=c11]");
    await clickNode(page, "c11");
    await waitPly(page, 1);
    await page.waitForFunction(() => /Victoria/.test(document.querySelector("#result").textContent));
    assert.equal(
      await page.textContent("#result"),
      "Result: white wins: Victoria excellentissima (white has four numbers in progression on c9 c10 c11 c12)",
    );
    await page.waitForFunction(() => document.querySelectorAll("path.ending").length === 4);
    const ringed = await page.$$eval("path.ending", (ps) => ps.map((p) => p.getAttribute("data-node")));
    assert.deepEqual(ringed.sort(), ["c10", "c11", "c12", "c9"]);
    const label = await page.$eval('path.cell[data-node="c9"]', (c) => c.getAttribute("aria-label"));
    assert.match(label, /named by the result/);
    await screenshot(page, "rithmomachia-victoria-excellentissima");
  });
});
