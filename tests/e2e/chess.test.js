import { test } from "node:test";
import assert from "node:assert/strict";
import { serve, launch, newPage, screenshot, clickNode, waitPly } from "./helpers.js";

test("chess: a promotion through the chooser, undo and navigation", async () => {
  const server = await serve(["variants/chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    const fen = "4k3/P7/8/8/8/8/8/4K3 w - - 0 1";
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    await page.fill("#load-text", fen);
    await Promise.all([page.waitForURL(/game=2/), page.click("#load")]);
    await page.waitForSelector("#board svg path.cell");
    await clickNode(page, "a7");
    await page.waitForSelector("circle.mark-destination[data-node=a8]");
    await clickNode(page, "a8");
    await page.waitForSelector("#chooser:not([hidden]) button.promotion");
    const options = await page.$$eval("#chooser button.promotion", (bs) => bs.map((b) => b.textContent));
    assert.deepEqual(options.sort(), ["B bishop", "N knight", "Q queen", "R rook"]);
    await screenshot(page, "chess-promotion-chooser");
    await page.click("#chooser button.promotion:has-text('knight')");
    await waitPly(page, 1);
    assert.match(await page.textContent("#moves"), /a7-a8=N/);
    // The knight is on a8 (the board may be redrawn just after the move list).
    await page.waitForSelector("g.piece[data-node=a8] title", { state: "attached" });
    const title = await page.$eval("g.piece[data-node=a8] title", (t) => t.textContent);
    assert.match(title, /white knight on a8/);
    // Black plays, then navigation back to the start and forward again.
    await clickNode(page, "e8");
    await clickNode(page, "d7");
    await waitPly(page, 2);
    await page.click("#first");
    await page.waitForFunction(() => document.querySelector("g.piece[data-node=a7]"));
    assert.match(await page.textContent("#status"), /earlier position|after move 0/);
    await page.click("#forward");
    await page.waitForFunction(() => document.querySelector("g.piece[data-node=a8]"));
    await page.click("#last");
    await page.waitForFunction(() => document.querySelector("g.piece[data-node=d7]"));
    // Undo takes back black's move.
    await page.click("#undo");
    await waitPly(page, 1);
    await page.waitForFunction(() => document.querySelector("g.piece[data-node=e8]"));
    await screenshot(page, "chess-after-undo");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("chess: keyboard play of one move", async () => {
  const server = await serve(["variants/chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    // Focus e2: the first cell, then along the links by the arrows.
    await page.focus("#board svg path.cell[tabindex='0']");
    const start = await page.evaluate(() => document.activeElement.getAttribute("data-node"));
    const [file, rank] = [start.charCodeAt(0) - 97, Number(start.slice(1))];
    const keys = [];
    for (let f = file; f < 4; f++) keys.push("ArrowRight");
    for (let f = file; f > 4; f--) keys.push("ArrowLeft");
    for (let r = rank; r < 2; r++) keys.push("ArrowUp");
    for (let r = rank; r > 2; r--) keys.push("ArrowDown");
    for (const k of keys) await page.keyboard.press(k);
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("data-node")), "e2");
    await page.keyboard.press("Enter");
    await page.waitForSelector("circle.mark-destination[data-node=e4]");
    assert.match(await page.getAttribute("path.cell[data-node=e4]", "aria-label"), /legal destination/);
    await page.keyboard.press("ArrowUp");
    await page.keyboard.press("ArrowUp");
    assert.equal(await page.evaluate(() => document.activeElement.getAttribute("data-node")), "e4");
    await page.keyboard.press("Enter");
    await waitPly(page, 1);
    assert.match(await page.textContent("#moves"), /e2-e4/);
    // The focus stays on the board after the redraw, on the node last picked.
    await page.waitForFunction(() => document.activeElement.getAttribute("data-node") === "e4");
    await screenshot(page, "chess-keyboard");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("chess: a move by drag and drop", async () => {
  const server = await serve(["variants/chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    const at = (n) => page.$eval(`path.cell[data-node=${n}]`, (c) => {
      const r = c.getBoundingClientRect();
      return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
    });
    const [from, to] = [await at("g1"), await at("f3")];
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    await waitPly(page, 1);
    assert.match(await page.textContent("#moves"), /g1-f3/);
    await page.waitForSelector("g.piece[data-node=f3]");
  } finally {
    await browser.close();
    await server.stop();
  }
});

test("chess: the result and why, at the end of a game", async () => {
  const server = await serve(["variants/chess.toml"]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    const moves = [["f2", "f3"], ["e7", "e5"], ["g2", "g4"], ["d8", "h4"]];
    for (const [i, [from, to]] of moves.entries()) {
      // Each move on the board as redrawn after the one before (a loaded machine redraws late).
      await clickNode(page, from);
      await page.waitForSelector(`circle.mark-destination[data-node=${to}]`);
      await clickNode(page, to);
      await waitPly(page, i + 1);
      await page.waitForSelector(`g.piece[data-node=${to}]`);
    }
    await page.waitForFunction(() => /Result/.test(document.querySelector("#result").textContent));
    assert.equal(
      await page.textContent("#result"),
      "Result: black wins: white has no legal move and is in check (checkmate)",
    );
    assert.match(await page.textContent("#status"), /game over/);
    await screenshot(page, "chess-checkmate");
  } finally {
    await browser.close();
    await server.stop();
  }
});
