/**
 * Chrome's declarative WebMCP: a form that carries `toolname` and `tooldescription` is a tool
 * an agent in the visitor's browser can call, its named fields the tool's parameters (a field's
 * `toolparamdescription` says what it takes). The forms stay plain forms that work without
 * JavaScript; the attributes only describe them. React passes unknown lowercase attributes
 * through to the HTML as they are; these declarations tell TypeScript about them.
 */
// Augmentations repeat React's type parameter T, used or not.
/* eslint-disable @typescript-eslint/no-unused-vars */
declare module "react" {
  interface FormHTMLAttributes<T> {
    toolname?: string;
    tooldescription?: string;
  }
  interface InputHTMLAttributes<T> {
    toolparamdescription?: string;
  }
}

/** A form's tool attributes: its name (unique on the page, snake_case) and what it does. */
export const webMcpTool = (name: string, description: string) => ({ toolname: name, tooldescription: description });

/** The tool name of the ADD button on a product's card: one per product, so a grid's tools never share a name. */
export const cardToolName = (slug: string) => `add_${slug.replace(/[^a-z0-9]+/gi, "_").toLowerCase()}_to_cart`;
