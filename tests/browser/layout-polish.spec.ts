/**
 * Geometry a shopper notices: a button whose text sits off-centre, cards in a row that end at
 * different heights with their buttons out of line. Measured from bounding boxes at both widths.
 */
import { expect, test, type Locator } from "./playwright";
import { waitUntilReady } from "./fixtures";

/** Pixels of give: sub-pixel rounding of borders and fonts. */
const TOLERANCE = 2;

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error("the element has no box (not shown)");
  return found;
};

/** The box of the text a link shows, without its padding (a Range around its text). */
const textBox = (link: Locator) =>
  link.evaluate((element) => {
    const range = document.createRange();
    range.selectNodeContents(element);
    const { left, right } = range.getBoundingClientRect();
    return { left, right };
  });

test.describe("layout polish @both-widths", () => {
  test("the home page's 'Shop men's' promo button, which has no price pill, holds its text in the middle", async ({ page }) => {
    await page.goto("/");
    await waitUntilReady(page, "/");
    const link = page.getByTestId("apparel-promo").getByRole("link", { name: "Shop men's" });
    await link.scrollIntoViewIfNeeded();
    const outer = await box(link);
    const text = await textBox(link);
    const left = text.left - outer.x;
    const right = outer.x + outer.width - text.right;
    expect(Math.abs(left - right), `padding left ${left} px, right ${right} px`).toBeLessThanOrEqual(TOLERANCE);
  });

  test("/login's three partner cards are one height in a row, their Apply cues on one line at the same distance from each card's foot", async ({ page }) => {
    await page.goto("/login");
    await waitUntilReady(page, "/login");
    const cards = page.locator("#partners li > a");
    await expect(cards).toHaveCount(3);
    const boxes = await Promise.all((await cards.all()).map(box));
    const cues = await Promise.all((await cards.all()).map((card) => box(card.getByText("Apply →"))));
    // Cards that share a row (the same top) share its height, and their cues a line.
    for (let i = 1; i < boxes.length; i++) {
      if (Math.abs(boxes[i]!.y - boxes[0]!.y) > TOLERANCE) continue;
      expect(Math.abs(boxes[i]!.height - boxes[0]!.height), `card ${i + 1}'s height against the first's`).toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(cues[i]!.y - cues[0]!.y), `card ${i + 1}'s cue against the first's`).toBeLessThanOrEqual(TOLERANCE);
    }
    // Every cue sits at its card's foot, at the same distance from it and from its left edge.
    const gaps = boxes.map((card, i) => ({ foot: card.y + card.height - (cues[i]!.y + cues[i]!.height), left: cues[i]!.x - card.x }));
    for (const gap of gaps.slice(1)) {
      expect(Math.abs(gap.foot - gaps[0]!.foot)).toBeLessThanOrEqual(TOLERANCE);
      expect(Math.abs(gap.left - gaps[0]!.left)).toBeLessThanOrEqual(TOLERANCE);
    }
    if (page.viewportSize()!.width >= 1280) expect(new Set(boxes.map((card) => Math.round(card.y))).size, "one row at 1280 px").toBe(1);
  });
});
