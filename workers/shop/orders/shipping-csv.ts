/**
 * Many orders shipped at once from a CSV file (order number, carrier, tracking number), with
 * a report of what happened to every line. Each line is the owner's ship move
 * (`moveOrder`): the same checks, the same one batch, the same timeline event, audit entry
 * and email as a ship from the order's page. It ships packed orders only: a placed order's
 * line is refused like the page's move ("not packed yet"), so the file never skips the
 * packing step the timeline shows the shopper (docs/decisions/0021).
 */
import { carrierOf, CARRIERS, normalTrackingNumber } from "../../../app/shared/carriers";
import { invalidInput, isShopError } from "../../../app/shared/errors";
import { orderNumberOf } from "../../../app/shared/orders";
import { moveOrder, type MoveDeps } from "./lifecycle";

/**
 * At most this many orders in one file. Every line costs about two D1 trips, and a Worker's
 * request may make at most 1,000 (a few hundred leaves room for the rest of the request).
 */
export const SHIPPING_CSV_MAX_ROWS = 200;

/** The header the file needs (the names in any order and letter case, other columns ignored). */
export const SHIPPING_CSV_COLUMNS = ["order number", "carrier", "tracking number"] as const;

/** What an upload did with each line, in the file's order, and how many orders it shipped. */
export type ShippingReport = { lines: string[]; shipped: number };

/** A cell as a report line quotes it: cut short, so a pasted essay stays one line. */
const cell = (text: string) => `'${[...text].length > 40 ? `${[...text].slice(0, 40).join("")}…` : text}'`;

/** `Order Number`, `order_number`, `ordernumber` are one name. */
const headerName = (name: string) =>
  name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/**
 * Ships the orders a CSV file's records name (workers/admin/csv.ts `parseCsv` reads the
 * file). Refused whole, in words, when the header lacks a column or the file has more than
 * SHIPPING_CSV_MAX_ROWS lines; otherwise every line is reported: shipped, or skipped and why
 * (not an order number, one named twice, an unknown order, a carrier not on the list, a
 * tracking number not in the carrier's format, an order not packed or shipped already).
 */
export async function applyShipments(deps: MoveDeps, records: { line: number; fields: string[] }[], origin?: string): Promise<ShippingReport> {
  const [header, ...rows] = records;
  const names = (header?.fields ?? []).map(headerName);
  const [numberAt, carrierAt, trackingAt] = SHIPPING_CSV_COLUMNS.map((column) => names.indexOf(column));
  if (!header || numberAt! < 0 || carrierAt! < 0 || trackingAt! < 0) {
    throw invalidInput(`The file's first line must be its header, naming the columns ${SHIPPING_CSV_COLUMNS.join(", ")}.`);
  }
  if (rows.length > SHIPPING_CSV_MAX_ROWS) {
    throw invalidInput(`The file has ${rows.length} lines after its header: please upload at most ${SHIPPING_CSV_MAX_ROWS} orders at a time.`);
  }
  const lines: string[] = [];
  const seen = new Map<string, number>();
  let shipped = 0;
  for (const { line, fields } of rows) {
    const say = (what: string) => lines.push(`line ${line}: ${what}`);
    const typed = (fields[numberAt!] ?? "").trim();
    const number = orderNumberOf(typed);
    const carrierTyped = (fields[carrierAt!] ?? "").trim();
    const tracking = (fields[trackingAt!] ?? "").trim();
    if (!typed) say("no order number, skipped");
    else if (!number) say(`${cell(typed)} is not an order number (they read like RD-7KQ3-9X2M), skipped`);
    else if (seen.has(number)) say(`${number} is on line ${seen.get(number)} already, skipped`);
    else {
      seen.set(number, line);
      try {
        await moveOrder(deps, number, { to: "shipped", carrier: carrierTyped, trackingNumber: tracking }, origin);
        shipped++;
        const carrier = carrierOf(carrierTyped)!;
        say(`${number} shipped with ${CARRIERS[carrier].name} ${normalTrackingNumber(tracking)}`);
      } catch (error) {
        if (!isShopError(error)) throw error;
        say(`${number}: ${error.message} Skipped.`);
      }
    }
  }
  return { lines: lines.length > 0 ? lines : ["The file has no lines after its header."], shipped };
}
