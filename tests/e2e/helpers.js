// Shared by the browser tests: start `chessgraph serve --port 0`, launch Debian's chromium, take
// screenshots under target/e2e/.

import { spawn } from "node:child_process";
import { existsSync, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** The chessgraph binary: $CHESSGRAPH_BIN, else the newest debug build. */
export function binary() {
  if (process.env.CHESSGRAPH_BIN) return process.env.CHESSGRAPH_BIN;
  const dirs = [process.env.CARGO_TARGET_DIR, path.join(ROOT, "target")].filter(Boolean);
  const found = dirs
    .map((d) => path.resolve(ROOT, d, "debug", "chessgraph"))
    .filter((f) => existsSync(f))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs);
  if (!found.length) throw new Error("no chessgraph binary: run `cargo build` (or cargo test) first");
  return found[0];
}

/** Servers still running: killed when the test process ends, whatever a test did. */
const running = new Set();
process.once("exit", () => {
  for (const child of running) child.kill("SIGKILL");
});

/** Starts `chessgraph serve ARGS --port 0`; resolves with its URL and a stop function. */
export function serve(args) {
  const child = spawn(binary(), ["serve", ...args, "--port", "0"], {
    cwd: ROOT,
    stdio: ["ignore", "ignore", "pipe"],
  });
  running.add(child);
  child.once("exit", () => running.delete(child));
  return new Promise((resolve, reject) => {
    let err = "";
    const timer = setTimeout(() => reject(new Error(`serve did not start: ${err}`)), 20000);
    child.stderr.on("data", (chunk) => {
      err += chunk;
      const m = err.match(/^listening on (http:\/\/\S+\/)$/m);
      if (m) {
        clearTimeout(timer);
        resolve({
          url: m[1],
          stop: () => new Promise((done) => {
            if (child.exitCode !== null) return done();
            child.once("exit", () => done());
            child.kill("SIGTERM");
          }),
        });
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`serve exited (${code}): ${err}`));
    });
  });
}

/** Debian's chromium, headless, with a fresh profile and nothing that reaches the network.
 * A start that crashes (seen once on a loaded machine: SIGSEGV before the first page) is tried
 * again, twice at most. */
export async function launch() {
  let last;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      return await chromium.launch({
        executablePath: process.env.CHROMIUM || "/usr/bin/chromium",
        headless: true,
        args: [
          "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
          "--disable-background-networking", "--disable-component-update", "--disable-sync",
        ],
      });
    } catch (e) {
      last = e;
      console.error(`chromium did not start (attempt ${attempt + 1}): ${e.message.split("\n")[0]}`);
    }
  }
  // The test's server was started first and its `finally` is not reached: stop it here, or it
  // keeps this test process alive.
  for (const child of running) child.kill("SIGTERM");
  throw last;
}

/** A page with a window large enough for the board and the side panel. */
export async function newPage(browser) {
  const page = await browser.newPage({ viewport: { width: 1200, height: 900 } });
  page.on("pageerror", (e) => console.error("page error:", e.message));
  return page;
}

/** Writes a screenshot to target/e2e/NAME.png. */
export async function screenshot(page, name) {
  const dir = path.join(ROOT, "target", "e2e");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: path.join(dir, `${name}.png`) });
}

/** Clicks a node's cell (in the middle of what is drawn, whatever lies on it). */
export async function clickNode(page, node) {
  const box = await page.evaluate((n) => {
    const svg = document.querySelector("#board svg");
    const cell = svg.querySelector(`path.cell[data-node="${n}"]`);
    const b = cell.getBBox();
    const pt = svg.createSVGPoint();
    pt.x = b.x + b.width / 2;
    pt.y = b.y + b.height / 2;
    if (!cell.isPointInFill(pt)) {
      const len = cell.getTotalLength();
      const a = cell.getPointAtLength(len * 0.125);
      const c = cell.getPointAtLength(len * 0.625);
      pt.x = (a.x + c.x) / 2;
      pt.y = (a.y + c.y) / 2;
    }
    const s = pt.matrixTransform(cell.getScreenCTM());
    return { x: s.x, y: s.y };
  }, node);
  await page.mouse.click(box.x, box.y);
}

/** Waits until the game has `ply` moves. */
export async function waitPly(page, ply) {
  await page.waitForFunction((n) => document.querySelectorAll("#moves li").length === n, ply);
}

/** Runs `body(page, server)` against `chessgraph serve ARGS` in a fresh browser, and stops both
 * whatever the body does. */
export async function withBoard(args, body) {
  const server = await serve(args);
  const browser = await launch();
  try {
    await body(await newPage(browser), server);
  } finally {
    await browser.close();
    await server.stop();
  }
}
