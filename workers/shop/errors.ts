/**
 * What can go wrong in the shop, in the shop's words. The API turns these into the
 * contract's error bodies; loaders and actions show them on the page.
 */
export type FieldIssue = { path: string; message: string };

export class ShopError extends Error {
  constructor(
    readonly status: 400 | 404,
    message: string,
    readonly issues: FieldIssue[] = [],
  ) {
    super(message);
    this.name = "ShopError";
  }
}

export const invalidInput = (message: string, issues: FieldIssue[] = []) =>
  new ShopError(400, message, issues);

export const notFound = (message: string) => new ShopError(404, message);
