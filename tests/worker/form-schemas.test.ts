/**
 * The forms' own schemas, as the route actions parse a submitted FormData (Conform):
 * the same rules and messages as the API's, read from text fields.
 */
import { parseWithValibot } from "@conform-to/valibot";
import { describe, expect, it } from "vitest";
import { CreatorFormSchema, VendorApplicationSchema } from "../../app/lib/schemas";

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
