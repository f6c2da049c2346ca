/**
 * The forms' own schemas, as the route actions parse a submitted FormData (Conform):
 * the same rules and messages as the API's, read from text fields. And the one shape of
 * a page action (app/components/forms/page-action.ts): a bad body is a 400 with a
 * message, never an exception; a shop error answers with its status; a failure is
 * logged by its name only.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { RouterContextProvider } from "react-router";
import { describe, expect, it, vi } from "vitest";
import { formAction, readFormData, UNREADABLE_FORM } from "../../app/components/forms/page-action.server";
import { logContext } from "../../app/context.server";
import { invalidInput, notFound } from "../../app/shared/errors";
import { CreatorFormSchema, NewsletterSchema, VendorApplicationSchema } from "../../app/shared/schemas";

/** The messages per field of a failed parse (none for a success). */
const errorsOf = (result: { status?: string } & ({ error: Record<string, string[] | null> | null } | { value: unknown })) =>
  "error" in result ? (result.error ?? {}) : {};

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.append(name, value);
  return data;
};

const creator = {
  name: "Maya",
  email: "maya@example.com",
  bio: "I make videos about safer sex.",
  "paymentInfo.paymentMethod": "paypal",
  "paymentInfo.accountDetails": "maya@paypal.example",
};

const vendor = {
  businessName: "Corner Store",
  contactName: "Sam Lee",
  email: "sam@corner.example",
  phone: "555-010-0199",
  businessType: "retailer",
  yearEstablished: "2015",
  monthlySalesVolume: "1000_to_5000",
  locations: "2",
  businessDescription: "A neighbourhood pharmacy and convenience store.",
  acceptsTerms: "on",
  preferredContactMethod: "email",
};

describe("creator form", () => {
  it("portfolio URLs are entered comma-separated and sent as a trimmed list", () => {
    const result = parseWithValibot(form({ ...creator, portfolioUrls: " https://a.example/1 ,https://b.example/2, " }), { schema: CreatorFormSchema });
    expect(result.status).toBe("success");
    if (result.status === "success") expect(result.value.portfolioUrls).toEqual(["https://a.example/1", "https://b.example/2"]);
  });

  it("an empty portfolio field gets 'Please provide at least one portfolio URL'", () => {
    const result = parseWithValibot(form({ ...creator, portfolioUrls: "" }), { schema: CreatorFormSchema });
    expect(errorsOf(result).portfolioUrls).toEqual(["Please provide at least one portfolio URL"]);
  });

  it("nested payment fields carry their own message", () => {
    const result = parseWithValibot(form({ ...creator, "paymentInfo.accountDetails": "x", portfolioUrls: "https://a.example" }), { schema: CreatorFormSchema });
    expect(errorsOf(result)["paymentInfo.accountDetails"]).toEqual(["Please provide your payment account details"]);
  });
});

describe("vendor form", () => {
  it("an empty website is allowed (a URL or empty)", () => {
    const result = parseWithValibot(form({ ...vendor, website: "" }), { schema: VendorApplicationSchema });
    expect(errorsOf(result)).toEqual({});
    expect(result.status).toBe("success");
    if (result.status === "success") {
      expect(result.value.website).toBe("");
      expect(result.value.locations).toBe(2);
      expect(result.value.hasLicense).toBe(false);
    }
  });

  it("a website that is not a URL gets 'Please enter a valid website URL.'", () => {
    const result = parseWithValibot(form({ ...vendor, website: "corner store" }), { schema: VendorApplicationSchema });
    expect(errorsOf(result).website).toEqual(["Please enter a valid website URL."]);
  });

  it("an unticked terms box gets 'You must accept the terms and conditions to apply.'", () => {
    const { acceptsTerms: _ticked, ...unticked } = vendor;
    const result = parseWithValibot(form(unticked), { schema: VendorApplicationSchema });
    expect(errorsOf(result).acceptsTerms).toEqual(["You must accept the terms and conditions to apply."]);
  });
});

// ---------------------------------------------------------------- page actions

const post = (body: BodyInit | null, contentType?: string) =>
  new Request("https://shop.example/newsletter", {
    method: "POST",
    body,
    headers: contentType ? { "Content-Type": contentType } : {},
  });

const urlEncoded = (fields: [string, string][]) => post(new URLSearchParams(fields).toString(), "application/x-www-form-urlencoded");

/** Runs the newsletter's action shape with `perform`, logging into `lines`. */
async function answerTo(request: Request, perform: (value: { email: string }) => Promise<{ submitted: boolean } | Response>) {
  const lines: [string, Record<string, unknown> | undefined][] = [];
  const context = new RouterContextProvider();
  context.set(logContext, (event, fields) => lines.push([event, fields]));
  const answer = await formAction({
    request,
    context,
    schema: NewsletterSchema,
    idle: { submitted: false },
    failureMessage: "Failed to subscribe. Please try again.",
    perform,
    caughtBot: () => ({ submitted: true }),
  });
  if (answer instanceof Response) throw new Error("expected data, got a Response");
  return { status: answer.init?.status ?? 200, data: answer.data, lines };
}

const neverCalled = () => Promise.reject(new Error("perform must not run"));

describe("readFormData: a body that is not a readable form is null, never an exception", () => {
  it("JSON, text, a malformed multipart body and no body at all", async () => {
    expect(await readFormData(post("{}", "application/json"))).toBeNull();
    expect(await readFormData(post("hello", "text/plain"))).toBeNull();
    expect(await readFormData(post("garbage", "multipart/form-data; boundary=x"))).toBeNull();
    expect(await readFormData(post(null))).toBeNull();
  });

  it("a list index past 99 in a field's name (Conform would build an array that long)", async () => {
    expect(await readFormData(urlEncoded([["a[99999999]", "1"]]))).toBeNull();
    expect(
      await readFormData(
        urlEncoded([
          ["email", "x"],
          ["social[0].links[100]", "1"],
        ]),
      ),
    ).toBeNull();
    expect((await readFormData(urlEncoded([["email[99]", "x"]])))?.get("email[99]")).toBe("x");
  });

  it("a form, url-encoded or multipart, is read as it is", async () => {
    expect((await readFormData(urlEncoded([["email", "a@b.co"]])))?.get("email")).toBe("a@b.co");
    const multipart = new FormData();
    multipart.append("email", "c@d.co");
    expect((await readFormData(new Request("https://shop.example/", { method: "POST", body: multipart })))?.get("email")).toBe("c@d.co");
  });
});

describe("formAction: every page action's answer", () => {
  it("a bad body answers 400 with the message above the form", async () => {
    for (const request of [post("{}", "application/json"), post("x", "text/plain"), post(null), urlEncoded([["email[5000]", "x"]])]) {
      const { status, data } = await answerTo(request, neverCalled);
      expect(status).toBe(400);
      expect(data).toEqual({ result: { status: "error", error: { "": [UNREADABLE_FORM] } }, submitted: false });
    }
  });

  it("Conform's own fields, malformed, answer 400 too", async () => {
    for (const fields of [
      [["__intent__", "garbage"]],
      [["__state__", "{"]],
      [
        ["__intent__", "a"],
        ["__intent__", "b"],
      ],
    ] as [string, string][][]) {
      const { status, data } = await answerTo(urlEncoded(fields), neverCalled);
      expect(status).toBe(400);
      expect(data.result.error).toEqual({ "": [UNREADABLE_FORM] });
    }
  });

  it("an invalid form answers 400 with each field's message and the values kept", async () => {
    const { status, data } = await answerTo(urlEncoded([["email", "not-an-email"]]), neverCalled);
    expect(status).toBe(400);
    expect(data.result.error).toEqual({ email: ["Please enter a valid email address"] });
    expect(data.result.initialValue).toEqual({ email: "not-an-email" });
  });

  it("a field sent twice, or as a list, is refused with the field's message", async () => {
    for (const fields of [
      [
        ["email", "a@b.co"],
        ["email", "c@d.co"],
      ],
      [["email[0]", "a@b.co"]],
    ] as [string, string][][]) {
      const { status, data } = await answerTo(urlEncoded(fields), neverCalled);
      expect(status).toBe(400);
      expect(data.result.error?.email).toEqual(["Please enter a valid email address"]);
    }
  });

  it("a valid form is done and the form reset", async () => {
    const perform = vi.fn(async () => ({ submitted: true }));
    const { status, data } = await answerTo(urlEncoded([["email", "a@b.co"]]), perform);
    expect(perform).toHaveBeenCalledWith({ email: "a@b.co" });
    expect(status).toBe(200);
    expect(data).toEqual({ result: { initialValue: null }, submitted: true });
  });

  it("a filled honeypot is answered like a success and nothing is done", async () => {
    const { status, data } = await answerTo(
      urlEncoded([
        ["email", "bot@example.com"],
        ["company_fax", "Bots Inc"],
      ]),
      neverCalled,
    );
    expect(status).toBe(200);
    expect(data).toEqual({ result: { status: "success", initialValue: null }, submitted: true });
  });

  it("a shop error becomes the form's message with its kind's status", async () => {
    const refused = await answerTo(urlEncoded([["email", "a@b.co"]]), () => Promise.reject(invalidInput("That email is not welcome here.")));
    expect(refused.status).toBe(400);
    expect(refused.data.result.error).toEqual({ "": ["That email is not welcome here."] });
    const missing = await answerTo(urlEncoded([["email", "a@b.co"]]), () => Promise.reject(notFound("No such list.")));
    expect(missing.status).toBe(404);
    expect(missing.lines).toEqual([]);
  });

  it("a failure of the shop answers 503 with the form's failure message and the values kept, logged by its name only", async () => {
    const fault = new Error("Failed query: insert into newsletter_signups values (?) params: secret@example.com", {
      cause: new TypeError("D1_ERROR: secret@example.com"),
    });
    const { status, data, lines } = await answerTo(urlEncoded([["email", "secret@example.com"]]), () => Promise.reject(fault));
    expect(status).toBe(503);
    expect(data.result.error).toEqual({ "": ["Failed to subscribe. Please try again."] });
    expect(data.result.initialValue).toEqual({ email: "secret@example.com" });
    expect(lines).toEqual([["page_action_failed", { path: "/newsletter", error: "Error", cause: "TypeError" }]]);
    expect(JSON.stringify(lines)).not.toContain("secret");
  });
});
