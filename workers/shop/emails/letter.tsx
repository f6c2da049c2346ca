/** @jsxImportSource hono/jsx */
/**
 * What every email shares: its shape, the frame (the brand on top, the tagline below), the
 * inline styles mail readers keep, and the greeting. The HTML is built with JSX, which
 * escapes every value.
 */
import type { Child } from "hono/jsx";
import { BRAND_NAME, TAGLINE } from "../../../app/shared/constants";
import { EMAILS } from "../../../app/shared/contact";
import type { Programme } from "../../../app/shared/programmes";
import { fontStack, palette } from "../../../app/shared/palette";
import { nameForEmail } from "./recipients";

/** An email ready to send. */
export type Email = { to: string; subject: string; text: string; html: string };

/** Where a programme's applicants and partners write with questions. */
export const CONTACT: Record<Programme, string> = { affiliate: EMAILS.affiliates, creator: EMAILS.creators, vendor: EMAILS.wholesale };

/** "Thanks for your order, Sam!" for a name that passes the rule, else the shop's words alone. */
export const greet = (words: string, typedName: string | null, end: string) => {
  const name = nameForEmail(typedName);
  return name ? `${words}, ${name}${end}` : `${words}${end}`;
};

/** The inline styles mail readers keep. */
export const heading = `font-size:22px;margin:0 0 16px;color:${palette.page}`;
export const cell = `padding:6px 0;border-bottom:1px solid #e4e0da`;
export const notice = `padding:12px;background:#fff4f9;border-left:4px solid ${palette.accent}`;
export const action = `display:inline-block;padding:12px 20px;background:${palette.accent};color:#ffffff;font-weight:700;text-decoration:none;border-radius:8px`;
export const codeBox = `display:inline-block;margin:0 0 16px;padding:10px 16px;border:2px dashed ${palette.accent};font-size:20px;font-weight:800;letter-spacing:0.04em;white-space:nowrap`;
export const quote = `margin:0 0 16px;padding:8px 12px;border-left:4px solid ${palette.gold};white-space:pre-wrap`;

/** The frame every email shares: the brand on top, the message, the tagline below. */
export function Letter({ title, children }: { title: string; children: Child }) {
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{title}</title>
      </head>
      <body style={`margin:0;padding:24px;background:#f7f5f2;color:#1b1b22;font-family:${fontStack.body};line-height:1.5`}>
        <div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:12px">
          <p style={`margin:0 0 16px;font-weight:800;letter-spacing:0.08em;color:${palette.accent}`}>{BRAND_NAME.toUpperCase()}</p>
          {children}
          <p style="margin:24px 0 0;color:#6b6760;font-size:13px">{TAGLINE}.</p>
        </div>
      </body>
    </html>
  );
}

export const document = (html: Child) => `<!doctype html>${String(html)}`;
