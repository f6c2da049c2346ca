import { readFormData } from "../../app/shared/forms";

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

/** A record of a CSV file: its fields, and the line of the file it starts on (from 1). */
export type CsvRecord = { line: number; fields: string[] };

/**
 * Reads CSV text the way spreadsheets write it (RFC 4180): fields quoted with `"` may hold
 * commas, line breaks and `""` for a quote; lines end in CRLF or LF; a byte-order mark at the
 * start is no part of the first field. Blank lines are left out, but counted, so each
 * record's `line` is the line a text editor shows it on. A quote never closed is an error:
 * the rest of the file would be one field.
 */
export function parseCsv(text: string): { records: CsvRecord[]; error?: undefined } | { error: string } {
  const input = text.startsWith("\uFEFF") ? text.slice(1) : text;
  const records: CsvRecord[] = [];
  let [line, start] = [1, 1];
  let fields: string[] = [];
  let field = "";
  let quoted = false;
  let sawQuote = false;
  const endRecord = () => {
    fields.push(field);
    if (fields.length > 1 || field !== "" || sawQuote) records.push({ line: start, fields });
    [fields, field, sawQuote] = [[], "", false];
  };
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]!;
    if (quoted) {
      if (ch === '"' && input[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else {
        if (ch === "\n" || (ch === "\r" && input[i + 1] !== "\n")) line++;
        field += ch;
      }
    } else if (ch === '"' && field === "") [quoted, sawQuote] = [true, true];
    else if (ch === ",") {
      fields.push(field);
      field = "";
    } else if (ch === "\r" || ch === "\n") {
      if (ch === "\r" && input[i + 1] === "\n") i++;
      endRecord();
      start = ++line;
    } else field += ch;
  }
  if (quoted) return { error: `Line ${start}: a quoted field is never closed.` };
  if (fields.length > 0 || field !== "" || sawQuote) endRecord();
  return { records };
}

const NO_FILE = "Please choose a CSV file to import.";
const NOT_TEXT = "This file is not a CSV file: it is not text (UTF-8). Please save it from your spreadsheet as CSV (UTF-8).";

/**
 * The CSV file a form posted as `file` (multipart/form-data), read as records; or why there
 * is none to read, in words. The route bounds the body's size before this reads it.
 */
export async function readCsvUpload(request: Request): Promise<{ records: CsvRecord[]; error?: undefined } | { error: string }> {
  const formData = await readFormData(request);
  const file = formData?.get("file");
  if (!(file instanceof File) || file.size === 0) return { error: NO_FILE };
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    return { error: NOT_TEXT };
  }
  if (text.includes("\0")) return { error: NOT_TEXT };
  const parsed = parseCsv(text);
  return parsed.error === undefined ? parsed : { error: `This file is not a CSV file we can read. ${parsed.error}` };
}
