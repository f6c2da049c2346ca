/**
 * The size guide of apparel with a Size option: the body measurements each size fits, in
 * centimetres and inches (chest and length for tops, waist and inseam for joggers). It is
 * the shop's native dialog (app/components/ui/Dialog.tsx, decision 0017): it opens, traps
 * the focus and closes on Escape or its Close button without JavaScript.
 */
import { Dialog, DialogOpener } from "~/components/ui/Dialog";
import { button, compactButton } from "~/styles/ui.css";
import * as css from "./purchase.css";

type Row = readonly [size: string, first: number, second: number];
type Guide = { measures: readonly [string, string]; rows: readonly Row[]; note: string };

/** Body measurements in centimetres, sizes XS to XXL. */
const GUIDES = {
  womenTops: {
    measures: ["Chest", "Length"],
    rows: [
      ["XS", 82, 62],
      ["S", 87, 64],
      ["M", 92, 66],
      ["L", 98, 68],
      ["XL", 104, 70],
      ["XXL", 110, 72],
    ],
    note: "Chest: around the fullest part, arms relaxed. Length: from the high point of the shoulder to the hem.",
  },
  menTops: {
    measures: ["Chest", "Length"],
    rows: [
      ["XS", 86, 68],
      ["S", 92, 70],
      ["M", 100, 72],
      ["L", 108, 74],
      ["XL", 116, 76],
      ["XXL", 124, 78],
    ],
    note: "Chest: around the fullest part, arms relaxed. Length: from the high point of the shoulder to the hem.",
  },
  bottoms: {
    measures: ["Waist", "Inseam"],
    rows: [
      ["XS", 68, 76],
      ["S", 74, 78],
      ["M", 80, 80],
      ["L", 88, 81],
      ["XL", 96, 82],
      ["XXL", 104, 83],
    ],
    note: "Waist: around your natural waist, the drawcord loose. Inseam: from the crotch to the ankle bone.",
  },
} as const satisfies Record<string, Guide>;

export type SizeGuideKind = keyof typeof GUIDES;

/**
 * Which guide a product needs: joggers measure the waist, tops the chest, and a top whose
 * Fit fact names a men's cut (roomier) the men's table.
 */
export function sizeGuideKind(product: { attributes: { type: string }; facts: { label: string; value: string }[] }): SizeGuideKind {
  if (product.attributes.type === "pants") return "bottoms";
  const fit = product.facts.find((fact) => fact.label === "Fit")?.value ?? "";
  return /\bmen's\b/i.test(fit) ? "menTops" : "womenTops";
}

const inches = (cm: number) => (cm / 2.54).toFixed(1);

const DIALOG_ID = "size-guide";

/** The opener, beside ADD TO CART. */
export function SizeGuideOpener() {
  return (
    <DialogOpener dialogId={DIALOG_ID} className={`${button.ghost} ${compactButton}`}>
      Size guide
    </DialogOpener>
  );
}

/** The dialog itself: outside the add-to-cart form (its Close button is a form of its own). */
export function SizeGuideDialog({ kind }: { kind: SizeGuideKind }) {
  const guide: Guide = GUIDES[kind];
  const [first, second] = guide.measures;
  return (
    <Dialog id={DIALOG_ID} title="Size guide">
      <p className={css.guideNote}>Body measurements, in centimetres and inches.</p>
      <div className={css.guideScroll}>
        <table className={css.guideTable}>
          <thead>
            <tr>
              <th scope="col" className={css.guideSizeHead}>
                Size
              </th>
              <th scope="col" className={css.guideHead}>
                {first} (cm / in)
              </th>
              <th scope="col" className={css.guideHead}>
                {second} (cm / in)
              </th>
            </tr>
          </thead>
          <tbody>
            {guide.rows.map(([size, a, b]) => (
              <tr key={size}>
                <th scope="row" className={css.guideSize}>
                  {size}
                </th>
                <td className={css.guideCell}>
                  {a} / {inches(a)}
                </td>
                <td className={css.guideCell}>
                  {b} / {inches(b)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className={css.guideNote}>{guide.note}</p>
    </Dialog>
  );
}
