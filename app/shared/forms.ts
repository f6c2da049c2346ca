/**
 * Reading a posted form, one way for every door that takes one (the pages' actions, the
 * back office): the body as form fields, or null when it is not a form the shop can read;
 * then Conform's parse against the form's valibot schema, the same parse the form runs in
 * the browser.
 */
import { parseWithValibot } from "@conform-to/valibot";
import type * as v from "valibot";

export const UNREADABLE_FORM = "Sorry, we couldn't read that request. Please try again.";

/**
 * No form of the shop posts a list, so an index in a field's name (`email[3]`) is a hand-made
 * request. Conform builds an array as long as the index, and `a[99999999]` alone would fill
 * the isolate's memory: past this index the body is refused before Conform sees it.
 */
const MAX_LIST_INDEX = 99;

const hugeIndex = (name: string) => [...name.matchAll(/\[(\d+)\]/g)].some(([, index]) => Number(index) > MAX_LIST_INDEX);

/** The request's form fields, or null when its body is not a form the shop can read. */
export async function readFormData(request: Request): Promise<FormData | null> {
  const formData = await request.formData().catch(() => null);
  if (!formData) return null;
  for (const name of formData.keys()) if (hugeIndex(name)) return null;
  return formData;
}

/** Conform's parse, or null where Conform itself throws (a malformed `__intent__` or `__state__`). */
export function parseForm<S extends v.GenericSchema>(formData: FormData | URLSearchParams, schema: S) {
  try {
    return parseWithValibot(formData, { schema });
  } catch {
    return null;
  }
}
