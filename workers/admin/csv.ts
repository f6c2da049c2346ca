/**
 * CSV files for the owner's spreadsheets (RFC 4180, CRLF lines, UTF-8 with a byte-order
 * mark so spreadsheet programs read accents right). Text that a spreadsheet would take for
 * a formula (`=`, `+`, `-`, `@` first) gets a leading apostrophe: a shopper's name or
 * address can never run as one.
 */
type Field = string | number;

function field(value: Field): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export const toCsv = (header: readonly string[], rows: readonly (readonly Field[])[]) =>
  `\uFEFF${[header, ...rows].map((row) => row.map(field).join(",")).join("\r\n")}\r\n`;

/** A CSV download's response. */
export const csvResponse = (csv: string, filename: string) =>
  new Response(csv, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
    },
  });
