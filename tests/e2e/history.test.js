// The web board's defects of issue 34 that are page behaviour: history mode after ◀ then Undo,
// the position field (and Copy) following ◀/▶, a shared `?game=ID` link selecting its variant,
// refusals shown without raw backticks, and no console error (the favicon).

import { test } from "node:test";
import assert from "node:assert/strict";
import { withBoard, clickNode, waitPly } from "./helpers.js";

/** Creates a game through the API; resolves with its JSON. */
async function create(url, body) {
  const res = await fetch(`${url}api/games`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  assert.equal(res.status, 201, await res.clone().text());
  return res.json();
}

test("history: ◀ then Undo leaves history mode; the position field and Copy follow ◀/▶", () =>
  withBoard(["variants/chess.toml"], async (page, server) => {
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.url });
    const errors = [];
    page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
    const game = await create(server.url, { moves: "e2e4 e7e5 g1f3" });
    const earlier = await create(server.url, { moves: "e2e4 e7e5" });
    await page.goto(`${server.url}?game=${game.id}`);
    await waitPly(page, 3);
    assert.equal(await page.inputValue("#position"), game.position);

    // ◀: the field shows the position after move 2, and Copy copies that one.
    await page.click("#back");
    await page.waitForFunction((p) => document.querySelector("#position").value === p, earlier.position);
    assert.match(await page.textContent("#status"), /after move 2/);
    await page.click("#copy");
    await page.waitForFunction(() => /copied/.test(document.querySelector("#message").textContent));
    assert.equal(await page.evaluate(() => navigator.clipboard.readText()), earlier.position);
    // ▶ comes back to the latest.
    await page.click("#forward");
    await page.waitForFunction((p) => document.querySelector("#position").value === p, game.position);

    // ◀ then Undo: the game is at move 2, and the page plays again at once.
    await page.click("#back");
    await page.waitForFunction(() => /after move 2/.test(document.querySelector("#status").textContent));
    await page.click("#undo");
    await waitPly(page, 2);
    await page.waitForFunction(() => !/after move/.test(document.querySelector("#status").textContent));
    assert.equal(await page.inputValue("#position"), earlier.position);
    await clickNode(page, "b1");
    await page.waitForSelector("circle.mark-destination[data-node=c3]");
    await clickNode(page, "c3");
    await waitPly(page, 3);
    assert.doesNotMatch(await page.textContent("#message"), /earlier position/);
    assert.match(await page.textContent("#moves"), /b1-c3/);
    assert.deepEqual(errors, [], "no console error (a missing favicon is one)");
  }));

test("a shared ?game=ID link selects its variant, and New game starts that one", () =>
  withBoard(["variants/crazyhouse.toml", "variants/chess.toml"], async (page, server) => {
    const game = await create(server.url, { variant: "chess", moves: "e2e4" });
    assert.equal(game.variant, 1);
    await page.goto(`${server.url}?game=${game.id}`);
    await waitPly(page, 1);
    assert.equal(await page.inputValue("#variant"), "1");
    await Promise.all([page.waitForURL(/variant=1/), page.click("#new-game")]);
    await page.waitForSelector("#board svg path.cell");
    const id = new URL(page.url()).searchParams.get("game");
    const res = await fetch(`${server.url}api/games/${id}`);
    const started = await res.json();
    assert.equal(started.variant, 1);
    assert.equal(started.variant_name, game.variant_name);
    assert.equal(await page.inputValue("#variant"), "1");
  }));

test("a refusal is shown without raw backticks", () =>
  withBoard(["variants/chess.toml"], async (page, server) => {
    await page.goto(server.url);
    await page.waitForSelector("#board svg path.cell");
    // e2 picked, then e5: not a destination, so the page sends `e2-e5` and shows the refusal.
    await clickNode(page, "e2");
    await page.waitForSelector("circle.mark-destination[data-node=e4]");
    await clickNode(page, "e5");
    await page.waitForFunction(() => /refused/.test(document.querySelector("#message").textContent));
    const message = await page.textContent("#message");
    assert.doesNotMatch(message, /`/, message);
    assert.ok(await page.$("#message code"), "the quoted move is set as code");
  }));
