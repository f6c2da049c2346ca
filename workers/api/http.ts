/**
 * The API's edges: reading a JSON body against a shared schema, reading ids from the
 * path, and every failure as the contract's one error shape (workers/edge/errors.ts).
 */
import type { Context } from "hono";
import { HTTPException } from "hono/http-exception";
import * as v from "valibot";
import { errorBody, isUnavailable, retryShortly, UNAVAILABLE } from "../edge/errors";
import { refusedForNow } from "../edge/rate-limits";
import type { AppEnv } from "../request-context";
import { errorKind, invalidInput, isShopError, STATUS_OF_KIND, type FieldIssue } from "../../app/shared/errors";

/** Valibot issues as `{path, message}`, the first per field, in field order. */
export function fieldIssues(issues: readonly v.BaseIssue<unknown>[]): FieldIssue[] {
  const seen = new Set<string>();
  const result: FieldIssue[] = [];
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? "";
    if (seen.has(path)) continue;
    seen.add(path);
    result.push({ path, message: issue.message });
  }
  return result;
}

/** Checks `value` against `schema`, or throws a 400 naming each failing field. */
export function parseInput<S extends v.GenericSchema>(schema: S, value: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, value);
  if (result.success) return result.output;
  const issues = fieldIssues(result.issues);
  throw invalidInput(issues[0]?.message ?? "The request is not valid.", issues);
}

/** The JSON body checked against `schema`. An empty body counts as `{}`. */
export async function readBody<S extends v.GenericSchema>(c: Context<AppEnv>, schema: S): Promise<v.InferOutput<S>> {
  const text = await c.req.text();
  let value: unknown = {};
  if (text.trim() !== "") {
    try {
      value = JSON.parse(text);
    } catch {
      throw invalidInput("The request body is not valid JSON.");
    }
  }
  return parseInput(schema, value);
}

/** A numeric id from the path: malformed is 400, well formed but unknown is the caller's 404. */
export function pathId(c: Context<AppEnv>, name: string, what: string): number {
  const raw = c.req.param(name) ?? "";
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    throw invalidInput(`${what} id must be a positive whole number.`, [{ path: name, message: `${what} id must be a positive whole number.` }]);
  }
  return Number(raw);
}

/** A `true`/`false` query flag; absent is undefined, anything else is bad input. */
export function queryFlag(c: Context<AppEnv>, name: string): boolean | undefined {
  const raw = c.req.query(name);
  if (raw === undefined || raw === "") return undefined;
  if (raw === "true" || raw === "false") return raw === "true";
  const message = `${name} must be true or false.`;
  throw invalidInput(message, [{ path: name, message }]);
}

/**
 * Every API failure as the contract's JSON error, logged with the request id it carries;
 * never a stack trace. The shop's own errors are logged with their message (the shop's
 * words); anything else only by its kind, since a database fault's message carries the
 * query's values.
 */
export function apiError(error: Error, c: Context<AppEnv>) {
  const requestId = c.var.requestId;
  const where = { method: c.req.method, path: c.req.path };
  if (isShopError(error)) {
    const status = STATUS_OF_KIND[error.kind];
    c.var.log("api_error", { ...where, status, message: error.message });
    if (status === 429) refusedForNow(c);
    return c.json(errorBody(error.message, error.issues, requestId), status);
  }
  if (error instanceof HTTPException && error.status < 500) {
    c.var.log("api_error", { ...where, status: error.status, message: error.message });
    return c.json(errorBody(error.message || "The request could not be handled.", [], requestId), error.status);
  }
  if (isUnavailable(error)) {
    c.var.log("api_failure", { ...where, status: UNAVAILABLE.status, ...errorKind(error) });
    retryShortly(c);
    return c.json(errorBody(UNAVAILABLE.message, [], requestId), UNAVAILABLE.status);
  }
  c.var.log("api_failure", { ...where, status: 500, ...errorKind(error) });
  return c.json(errorBody("Something went wrong on our side. Please try again.", [], requestId), 500);
}
