/**
 * Google's rich-result rules on a page's JSON-LD, through @adobe/structured-data-validator
 * (the worker tests run it on what app/lib/seo.ts builds, the browser tests on what a running
 * shop serves). The validator takes what @marbec/web-auto-extractor would make of a page: the
 * JSON-LD items by their top-level @type. The schema.org vocabulary check is left out (it
 * needs the vocabulary file, which no package ships); the rich-result rules need none.
 */
import Validator from "@adobe/structured-data-validator";

export type StructuredDataIssue = { issueMessage: string; severity: "ERROR" | "WARNING"; rootType?: string; fieldNames?: string[]; path?: unknown };

export type StructuredDataReport = { errors: StructuredDataIssue[]; warnings: StructuredDataIssue[] };

/** Validates the JSON-LD blocks of one page (each a parsed `<script type="application/ld+json">`). */
export async function validateJsonLd(blocks: unknown[]): Promise<StructuredDataReport> {
  const jsonld: Record<string, unknown[]> = {};
  for (const item of blocks.flat()) {
    const type = (item as { "@type"?: unknown })["@type"];
    const key = typeof type === "string" ? type : JSON.stringify(type);
    // The validator takes the items apart as it walks them: each gets its own copy.
    (jsonld[key] ??= []).push(structuredClone(item));
  }
  const issues = (await new Validator().validate({ jsonld, microdata: {}, rdfa: {}, errors: [] })) as StructuredDataIssue[];
  return { errors: issues.filter((i) => i.severity === "ERROR"), warnings: issues.filter((i) => i.severity !== "ERROR") };
}

/** One issue as a line of a report: where, what. */
export const issueLine = (issue: StructuredDataIssue) => `${issue.rootType ?? "?"} ${JSON.stringify(issue.path ?? [])}: ${issue.issueMessage}`;
