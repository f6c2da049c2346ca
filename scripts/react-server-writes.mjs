// React's server renderer (react-dom/server.node, which app/entry.server.tsx uses), built into
// the Worker with three changes to how it writes the page (decision 0036). Same HTML, byte
// for byte (tests/ops/react-server-writes.test.mjs renders with both); about a fifth more
// uncached renders of `/` a second (`npm run bench`).
//
// React writes a page as many small pieces: five for each attribute (a space, the name, `="`,
// the value, `"`). In workerd each piece then costs a call into the runtime to encode it
// (`TextEncoder.encodeInto`) and another to count its bytes (`Buffer.byteLength`), for a
// progressive-streaming size this shop never uses (`progressiveChunkSize: Infinity`), and
// those calls were a third of a render's time. So:
//   1. an attribute is pushed as one string (as React's own open pull request #37022 does);
//   2. no piece's bytes are counted (only boundaries' outlining reads the count, and with an
//      infinite chunk size a boundary is outlined for its suspensey content alone, which the
//      count does not change);
//   3. pieces are kept as strings and joined until about 1 KB, then encoded in one call; each
//      flush still ends with everything written (`completeWriting`). The joined text is one
//      module-wide string, as React's own 4 KB buffer is one module-wide array: React writes
//      only inside a flush, which runs to its end without yielding, so two renders never share it.
//
// Each change must find React's code as it is in the version installed, as often as expected,
// or the build stops and says which: after a React upgrade, check whether React now does it
// itself (then delete the change, or this file) or update the pattern.
/** The file the transform applies to: React's Node server renderer, production build. */
export const REACT_SERVER_FILE = /react-dom[\\/]cjs[\\/]react-dom-server\.node\.production\.js$/;

/** @typedef {{ name: string, find: RegExp, replace: (match: string, ...groups: string[]) => string, least: number, most: number }} Edit */

/** @type {Edit[]} */
const EDITS = [
  {
    name: "an attribute pushed as one string",
    find: /(\w+)\.push\(\s*attributeSeparator,\s*([^,()]+?),\s*attributeAssign,\s*(escapeTextForBrowser\([\w$]+\)|actionJavaScriptURL),\s*attributeEnd\s*\)/g,
    replace: (_, target, name, value) => `${target}.push(" " + ${name} + '="' + ${value} + '"')`,
    least: 10,
    most: 20,
  },
  {
    name: "an empty attribute pushed as one string",
    find: /(\w+)\.push\(\s*attributeSeparator,\s*([^,()]+?),\s*attributeEmptyString\s*\)/g,
    replace: (_, target, name) => `${target}.push(" " + ${name} + '=""')`,
    least: 2,
    most: 6,
  },
  {
    name: "no piece's bytes counted",
    find: /null !== byteLengthOfChunk/g,
    replace: () => "false",
    least: 1,
    most: 1,
  },
  {
    name: "fixed pieces kept as strings",
    find: /function stringToPrecomputedChunk\(content\) \{\s*return textEncoder\.encode\(content\);/g,
    replace: () => "function stringToPrecomputedChunk(content) {\n  return content;",
    least: 1,
    most: 1,
  },
  {
    name: "strings joined before they are encoded",
    find: /function writeChunk\(destination, chunk\) \{/g,
    replace: () =>
      [
        'var pendingText = "";',
        "function writePendingText(destination) {",
        '  var text = pendingText; pendingText = ""; 0 !== text.length && writeEncodedChunk(destination, text);',
        "}",
        "function writeChunk(destination, chunk) {",
        '  if ("string" === typeof chunk) { pendingText += chunk; 1024 <= pendingText.length && writePendingText(destination); return; }',
        "  writePendingText(destination);",
        "  writeEncodedChunk(destination, chunk);",
        "}",
        "function writeEncodedChunk(destination, chunk) {",
      ].join("\n"),
    least: 1,
    most: 1,
  },
  {
    name: "joined strings written at the end of each flush",
    find: /function completeWriting\(destination\) \{/g,
    replace: (match) => `${match}\n  writePendingText(destination);`,
    least: 1,
    most: 1,
  },
];

/**
 * React's server renderer with the changes above.
 * @param {string} source the file's text
 * @returns {string}
 */
export function patchReactServerWrites(source) {
  let patched = source;
  for (const edit of EDITS) {
    const found = patched.match(edit.find)?.length ?? 0;
    if (found < edit.least || found > edit.most) {
      throw new Error(
        `react-server-writes: "${edit.name}" found React's code ${found} times, expected ${edit.least}–${edit.most}. ` +
          "React's server renderer has changed: see docs/decisions/0036-react-server-writes.md.",
      );
    }
    patched = patched.replace(edit.find, edit.replace);
  }
  return patched;
}

/**
 * The Vite plugin: React's server renderer, changed as it is built into the Worker.
 * @returns {import("vite").Plugin}
 */
export function reactServerWrites() {
  return {
    name: "react-server-writes",
    transform(code, id) {
      return REACT_SERVER_FILE.test(id) ? { code: patchReactServerWrites(code), map: null } : null;
    },
  };
}
