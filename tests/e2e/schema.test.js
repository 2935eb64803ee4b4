// The JSON Schema as editors read it: taplo (the TOML toolkit behind VS Code's Even Better TOML,
// Helix and Zed; the npm package pinned in package.json) checks every shipped file against the
// schema its `#:schema` line names, and one mistake in a variant gives one error, in its table
// (issue 41: one misspelt `letter` gave 289 errors, 1.2 MB, from an `anyOf` over the whole file).

import { test } from "node:test";
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ROOT } from "./helpers.js";

const TAPLO = path.join(path.dirname(fileURLToPath(import.meta.url)), "node_modules/.bin/taplo");

/** `taplo check` of FILES: its exit status, and each error as its message and place. */
function taplo(files, cwd = ROOT) {
  return new Promise((resolve, reject) => {
    execFile(
      TAPLO,
      ["check", "--no-auto-config", "--colors", "never", ...files],
      { cwd, maxBuffer: 64 << 20, env: { ...process.env, RUST_LOG: "error" } },
      (error, stdout, stderr) => {
        if (error && typeof error.code !== "number") return reject(error);
        const text = stdout + stderr;
        const errors = [];
        const lines = text.split("\n");
        lines.forEach((line, i) => {
          const m = line.match(/^error: (.*)$/);
          const at = (lines[i + 1] || "").match(/┌─ (.*):(\d+):(\d+)$/);
          if (m && at) errors.push({ message: m[1], line: Number(at[2]) });
        });
        resolve({ code: error ? error.code : 0, errors, bytes: text.length, text });
      },
    );
  });
}

test("taplo: every shipped board and variant file is valid under the schema it names", async () => {
  const files = ["boards", "variants"].flatMap((dir) =>
    readdirSync(path.join(ROOT, dir))
      .filter((f) => f.endsWith(".toml"))
      .map((f) => `${dir}/${f}`),
  );
  assert.ok(files.length > 100, `${files.length} files`);
  const r = await taplo(files);
  assert.equal(r.code, 0, r.text.slice(0, 4000));
  assert.equal(r.errors.length, 0);
});

test("taplo: one mistake in a variant is one error, in the table that has it", async () => {
  const dir = mkdtempSync(path.join(tmpdir(), "chessgraph-taplo-"));
  try {
    cpSync(path.join(ROOT, "schema"), path.join(dir, "schema"), { recursive: true });
    mkdirSync(path.join(dir, "variants"));
    const chess = readFileSync(path.join(ROOT, "variants/chess.toml"), "utf8");
    const lineOf = (text, needle) => text.slice(0, text.indexOf(needle)).split("\n").length;
    const knight = lineOf(chess, "[pieces.knight]");
    const cases = [
      ["lettr", chess.replace('letter = "N"', 'lettr = "N"'), /'lettr' was unexpected/, knight],
      ["no letter", chess.replace('letter = "N"\n', ""), /"letter" is a required property/, knight],
      ["varient", chess.replace("[variant]", "[varient]"), /'varient' was unexpected/, 1],
    ];
    for (const [name, text, message, from] of cases) {
      assert.notEqual(text, chess, name);
      const file = `variants/${name.replace(" ", "_")}.toml`;
      writeFileSync(path.join(dir, file), text);
      const r = await taplo([file], dir);
      assert.equal(r.code, 1, `${name}: ${r.text.slice(0, 2000)}`);
      // taplo repeats an error at each place of the value it is about (a table: its header, its
      // keys and values): one message, never the file as JSON.
      const messages = [...new Set(r.errors.map((e) => e.message))];
      assert.equal(messages.length, 1, `${name}: ${messages.join("\n")}`);
      assert.match(messages[0], message, name);
      assert.doesNotMatch(messages[0], /anyOf|\{"/, name);
      const lines = r.errors.map((e) => e.line);
      assert.ok(Math.min(...lines) >= from, `${name}: lines ${lines}`);
      if (from > 1) assert.ok(Math.max(...lines) < from + 5, `${name}: lines ${lines}`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
