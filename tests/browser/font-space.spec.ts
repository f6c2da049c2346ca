/**
 * The display font takes the same space loaded or not: Anton loads with `font-display:
 * optional` and a first visit often paints without it, so its local fallback carries Anton's
 * metrics (app/styles/document-css.server.ts, scripts/display-font-metrics.mjs). A heading
 * set in the fallback wraps into as many lines as in Anton: the same height, and text of
 * nearly the same width.
 *
 * Which face drew the heading is asked of the browser (the DevTools protocol's platform fonts
 * of the node), so each side of the comparison is known to be the face it claims.
 */
import { DISPLAY_FONT_URL } from "../../app/styles/display-font";
import { expect, test, type Page } from "./playwright";

const HEADINGS = [
  { path: "/", name: "the home page's h1" },
  { path: "/products/24k-gold", name: "a product page's h1" },
];

/** The h1's box, the width of its widest line of text, its number of lines, and the face the browser drew it in. */
async function heading(page: Page) {
  const h1 = page.locator("main h1").first();
  await expect(h1).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("DOM.enable");
  await cdp.send("CSS.enable");
  // The whole tree, so every node has an id the CSS domain knows.
  const { root } = await cdp.send("DOM.getDocument", { depth: -1 });
  const { nodeId } = await cdp.send("DOM.querySelector", { nodeId: root.nodeId, selector: "main h1" });
  type Node = typeof root;
  const find = (n: Node, id: number): Node | undefined => (n.nodeId === id ? n : (n.children ?? []).map((child) => find(child, id)).find(Boolean));
  // The heading's first text: the face that drew its glyphs.
  const textOf = (n: Node): Node | undefined => (n.nodeType === 3 && n.nodeValue.trim() ? n : (n.children ?? []).map(textOf).find(Boolean));
  const text = textOf(find(root, nodeId)!);
  const { fonts } = await cdp.send("CSS.getPlatformFontsForNode", { nodeId: text?.nodeId ?? nodeId });
  await cdp.detach();
  const box = await h1.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
    const tops = new Set(lines.map((rect) => Math.round(rect.top)));
    return {
      height: element.getBoundingClientRect().height,
      textWidth: Math.max(...lines.map((rect) => rect.right)) - Math.min(...lines.map((rect) => rect.left)),
      lines: tops.size,
    };
  });
  return { ...box, face: fonts.map((font) => font.familyName).join(", ") };
}

test.describe("the display font's space", { tag: "@both-widths" }, () => {
  for (const { path, name } of HEADINGS) {
    test(`${name} (${path}) is as tall with the display font blocked as loaded, and nearly as wide`, async ({ page, context }, testInfo) => {
      await page.route("**/fonts/**", (route) => route.abort());
      await page.goto(path);
      const blocked = await heading(page);
      expect(blocked.face, "the heading's face with the font blocked").not.toContain("Anton");

      // Loaded: the font is in the cache after a first visit, so the next paint usually uses it
      // within its `optional` window. On a loaded machine that window can close first (20 s of
      // reloads did not once paint Anton, in one fresh clone's run), and the page keeps its
      // fallback: then the same file is added again as a `block` face (by the FontFace API: the
      // page's CSP allows no inline style), which the browser draws the heading in once loaded.
      // Either way, Anton's own metrics are the ones measured.
      const withFont = await context.newPage();
      await withFont.goto(path);
      await withFont.evaluate(() => document.fonts.load("1em Anton"));
      let loaded = await heading(withFont);
      if (!loaded.face.includes("Anton")) {
        await withFont.evaluate(async (url) => {
          const face = new FontFace("Anton", `url(${url}) format("woff2")`, { display: "block", weight: "400" });
          document.fonts.add(face);
          await face.load();
        }, DISPLAY_FONT_URL);
        await expect.poll(async () => (loaded = await heading(withFont)).face, { message: "Anton never drew the heading" }).toContain("Anton");
      }

      const report = `${testInfo.project.name} ${path}: blocked ${JSON.stringify(blocked)}, loaded ${JSON.stringify(loaded)}`;
      console.log(report);
      testInfo.annotations.push({ type: "heading boxes", description: report });
      expect(blocked.lines, "lines of the heading").toBe(loaded.lines);
      expect(Math.abs(blocked.height - loaded.height), "height difference (px)").toBeLessThanOrEqual(0.5);
      expect(Math.abs(blocked.textWidth / loaded.textWidth - 1), "text width difference (fraction)").toBeLessThanOrEqual(0.05);
    });
  }
});
