import { test } from "node:test";
import assert from "node:assert/strict";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ROOT, serve, launch, newPage, screenshot } from "./helpers.js";

test("author mode: a broken edit shows its diagnostic, the fix brings the board back", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "chessgraph-author-"));
  cpSync(path.join(ROOT, "variants/chess.toml"), path.join(dir, "variants/chess.toml"), { recursive: true });
  cpSync(path.join(ROOT, "boards/chess.toml"), path.join(dir, "boards/chess.toml"), { recursive: true });
  const file = path.join(dir, "variants/chess.toml");
  const good = readFileSync(file, "utf8");
  const server = await serve(["--watch", file]);
  const browser = await launch();
  try {
    const page = await newPage(browser);
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    // A piece with a direction the board does not have.
    writeFileSync(file, good.replace(/^board = .*$/m, '$&\nnot_a_key = 1'));
    await page.waitForSelector("#problems:not([hidden]) li.problem", { timeout: 10000 });
    assert.equal(await page.isHidden("#board"), true);
    const text = await page.textContent("#problems");
    assert.match(text, /error\[/);
    assert.match(text, /chess\.toml:\d+:\d+/);
    await screenshot(page, "author-broken");
    writeFileSync(file, good);
    await page.waitForSelector("#problems", { state: "hidden", timeout: 10000 });
    await page.waitForSelector("#board svg path.cell");
    await screenshot(page, "author-fixed");
  } finally {
    await browser.close();
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
});
