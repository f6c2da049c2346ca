// React's server renderer as the Worker's build changes it (scripts/react-server-writes.mjs,
// decision 0036) writes the same HTML as React's own, byte for byte: attributes of every kind,
// text that needs escaping, text past the 4 KB buffer and past the 1 KB join, characters of
// two to four bytes, a Suspense boundary that waits, and two renders at once.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { test } from "node:test";
import { ROOT } from "../../scripts/local.mjs";
import { patchReactServerWrites, REACT_SERVER_FILE } from "../../scripts/react-server-writes.mjs";

const shopRequire = createRequire(join(ROOT, "package.json"));
const CJS = join(dirname(shopRequire.resolve("react-dom/package.json")), "cjs");
const FILE = join(CJS, "react-dom-server.node.production.js");
// React's production build, which the renderer's production build expects (this file runs alone).
process.env.NODE_ENV = "production";
const React = shopRequire("react");
const h = React.createElement;

/** A CommonJS module from its text, its `require` resolving beside the installed file. */
function load(/** @type {string} */ code) {
  const module = { exports: /** @type {any} */ ({}) };
  new Function("exports", "require", "module", "__filename", "__dirname", code)(module.exports, createRequire(FILE), module, FILE, dirname(FILE));
  return module.exports;
}

const source = readFileSync(FILE, "utf8");
const original = load(source);
const changed = load(patchReactServerWrites(source));

/** Data that arrives later: the boundary around it streams after the shell. */
function Later({ data }) {
  return h("p", { className: "later" }, React.use(data));
}

function Page({ data, n }) {
  const long = `Unleash the dogg in you & <everyone> "else" 'too' · é ✓ 🐕 ${n} `.repeat(120);
  return h(
    "html",
    { lang: "en" },
    h("head", null, h("meta", { charSet: "utf-8" }), h("title", null, `Raw Dogg ${n}`), h("style", { nonce: "abc" }, ".a{color:red}")),
    h(
      "body",
      null,
      h(
        "main",
        { className: "shop main", id: `page-${n}`, "data-testid": "page", "aria-label": 'Say "hi" & <bye>', tabIndex: -1, hidden: false },
        h("img", { src: "/images/logo.svg", alt: "", width: 600, height: 600, loading: "lazy", decoding: "async" }),
        h("input", { type: "checkbox", name: "terms", defaultChecked: true, required: true, disabled: false }),
        h("input", { type: "text", name: "email", defaultValue: "you@example.com", autoComplete: "email" }),
        h("textarea", { name: "bio", defaultValue: "Line one\nLine <two>" }),
        h("select", { name: "size", defaultValue: "M" }, h("option", { value: "S" }, "S"), h("option", { value: "M" }, "M")),
        h("form", { method: "post", action: "/cart" }, h("button", { type: "submit", formNoValidate: true }, "Add")),
        h("form", { action: async () => {} }, h("button", { type: "submit" }, "React's own action")),
        h(
          "video",
          { preload: "none", playsInline: true, controls: true, muted: true },
          h("track", { kind: "captions", src: "/a.vtt", srcLang: "en", default: true }),
        ),
        h("svg", { viewBox: "0 0 24 24", width: 20, strokeWidth: 2, "aria-hidden": true }, h("use", { xlinkHref: "#icon" }), h("path", { d: "M0 0h24" })),
        h("details", { open: true }, h("summary", null, "More"), h("p", { style: { fontSize: 12, marginTop: "1rem" } }, long)),
        h("p", null, "Price: ", 12.5, " · ", n, " items"),
        h(React.Suspense, { fallback: h("p", null, "Loading…") }, h(Later, { data })),
        h("script", { nonce: "abc", dangerouslySetInnerHTML: { __html: `window.n = ${n};` } }),
      ),
    ),
  );
}

/** The whole HTML of one render, its data arriving after the shell. */
async function render(/** @type {any} */ server, /** @type {number} */ n) {
  const data = new Promise((resolve) => setTimeout(() => resolve(`later ${n} & more`), 10));
  const stream = await server.renderToReadableStream(h(Page, { data, n }), { nonce: "abc", progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(stream).text();
}

test("the build applies the change to React's Node server renderer only", () => {
  assert.match(FILE, REACT_SERVER_FILE);
  for (const other of ["react-dom-server.edge.production.js", "react-dom-server.node.development.js", "react-dom-server-legacy.node.production.js"])
    assert.doesNotMatch(join(CJS, other), REACT_SERVER_FILE);
});

test("React's server renderer, as built into the Worker, writes the same HTML as React's own", async () => {
  const [before, after] = await Promise.all([render(original, 1), render(changed, 1)]);
  assert.ok(before.length > 10_000, `the page is long enough to fill several buffers (${before.length} characters)`);
  assert.match(before, /later 1 &amp; more/);
  assert.equal(after, before);
});

test("two renders at once each get their own HTML", async () => {
  const [one, two, oneAgain, twoAgain] = await Promise.all([render(changed, 1), render(changed, 2), render(original, 1), render(original, 2)]);
  assert.equal(one, oneAgain);
  assert.equal(two, twoAgain);
});

test("a React whose code no longer matches stops the build and says why", () => {
  assert.throws(
    () => patchReactServerWrites(source.replaceAll("attributeEmptyString", "emptyAttribute")),
    /an empty attribute pushed as one string.*found React's code 0 times/,
  );
});
