/**
 * app/shared/schemas/ against spec section 5: every rule with its exact message, for the
 * forms (affiliate, creator, checkout, vendor, newsletter) and the API inputs.
 */
import * as v from "valibot";
import { describe, expect, it } from "vitest";
import {
  AddToCartSchema,
  AffiliateApplicationSchema,
  AffiliateFormSchema,
  CheckoutSchema,
  CreatorApplicationSchema,
  NewsletterSchema,
  PaymentIntentSchema,
  ReactionSchema,
  splitPortfolioUrls,
  UpdateCartLineSchema,
  VendorApplicationSchema,
} from "../../app/shared/schemas";
import { parseForm } from "../../app/shared/forms";

/** The first message per field path, as the API and the forms show them; `{}` when valid. */
function messages(schema: v.GenericSchema, input: unknown): Record<string, string> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  const out: Record<string, string> = {};
  for (const issue of result.issues) out[v.getDotPath(issue) ?? ""] ??= issue.message;
  return out;
}

const output = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new Error(JSON.stringify(messages(schema, input)));
  return result.output;
};

const EMAIL = "Please enter a valid email address";
const BAD_EMAILS = ["", "plainaddress", "a@", "@b.co", "a b@c.co", "a@b", "a@@b.co"];

describe("newsletter", () => {
  it("Newsletter: email valid, 'Please enter a valid email address'", () => {
    expect(messages(NewsletterSchema, { email: "fan@example.com" })).toEqual({});
    for (const email of BAD_EMAILS) expect(messages(NewsletterSchema, { email }), email).toEqual({ email: EMAIL });
  });

  it("a missing email gets the same message as an empty one", () => {
    expect(messages(NewsletterSchema, {})).toEqual({ email: EMAIL });
  });
});

describe("affiliate form", () => {
  const valid = {
    name: "Alex",
    email: "alex@example.com",
    websiteUrl: "https://alex.example.com",
    audienceDescription: "Young adults into streetwear.",
    acceptTerms: true,
  };
  const { acceptTerms: _terms, ...application } = valid;

  it("a complete application passes", () => {
    expect(messages(AffiliateFormSchema, valid)).toEqual({});
    expect(messages(AffiliateApplicationSchema, application)).toEqual({});
  });

  it("name min 2 ('Name must be at least 2 characters')", () => {
    for (const name of ["", "A", " A "]) {
      expect(messages(AffiliateApplicationSchema, { ...application, name })).toEqual({ name: "Name must be at least 2 characters" });
    }
    expect(messages(AffiliateApplicationSchema, { ...application, name: "Al" })).toEqual({});
  });

  it("email valid ('Please enter a valid email address')", () => {
    for (const email of BAD_EMAILS) expect(messages(AffiliateApplicationSchema, { ...application, email }), email).toEqual({ email: EMAIL });
  });

  it("websiteUrl a URL ('Please enter a valid URL')", () => {
    for (const websiteUrl of ["", "not a url", "example.com", "javascript:alert(1)", "ftp://example.com"]) {
      expect(messages(AffiliateApplicationSchema, { ...application, websiteUrl }), websiteUrl).toEqual({ websiteUrl: "Please enter a valid URL" });
    }
    for (const websiteUrl of ["http://example.com", "https://www.example.com/path?q=1"]) {
      expect(messages(AffiliateApplicationSchema, { ...application, websiteUrl }), websiteUrl).toEqual({});
    }
  });

  it("audienceDescription min 10 ('Please provide more details about your audience')", () => {
    expect(messages(AffiliateApplicationSchema, { ...application, audienceDescription: "123456789" })).toEqual({
      audienceDescription: "Please provide more details about your audience",
    });
    expect(messages(AffiliateApplicationSchema, { ...application, audienceDescription: "1234567890" })).toEqual({});
  });

  it("terms accepted ('You must accept the terms and conditions')", () => {
    for (const acceptTerms of [false, undefined, "true", "on"]) {
      expect(messages(AffiliateFormSchema, { ...valid, acceptTerms }), String(acceptTerms)).toEqual({
        acceptTerms: "You must accept the terms and conditions",
      });
    }
  });

  it("an unchecked terms box (absent from the submitted form) gets 'You must accept the terms and conditions'", () => {
    expect(messages(AffiliateFormSchema, application)).toEqual({ acceptTerms: "You must accept the terms and conditions" });
  });

  it("a missing value gets the same message as an empty one", () => {
    expect(messages(AffiliateApplicationSchema, {})).toEqual({
      name: "Name must be at least 2 characters",
      email: EMAIL,
      websiteUrl: "Please enter a valid URL",
      audienceDescription: "Please provide more details about your audience",
    });
  });
});

describe("creator form", () => {
  const valid = {
    name: "Casey",
    email: "casey@example.com",
    socialLinks: { instagram: "@casey" },
    bio: "Comedy about dating and safer sex.",
    portfolioUrls: ["https://casey.example.com"],
    paymentInfo: { paymentMethod: "paypal", accountDetails: "casey@paypal" },
  };

  it("a complete application passes; social handles optional", () => {
    expect(messages(CreatorApplicationSchema, valid)).toEqual({});
    const { socialLinks: _links, ...noLinks } = valid;
    expect(messages(CreatorApplicationSchema, noLinks)).toEqual({});
    expect(messages(CreatorApplicationSchema, { ...valid, socialLinks: { tiktok: "@c", youtube: "", twitter: "" } })).toEqual({});
  });

  it("name min 2; email valid", () => {
    expect(messages(CreatorApplicationSchema, { ...valid, name: "C" })).toEqual({ name: "Name must be at least 2 characters" });
    expect(messages(CreatorApplicationSchema, { ...valid, email: "casey" })).toEqual({ email: EMAIL });
  });

  it("bio min 10 ('Please provide more information about yourself')", () => {
    expect(messages(CreatorApplicationSchema, { ...valid, bio: "123456789" })).toEqual({ bio: "Please provide more information about yourself" });
    expect(messages(CreatorApplicationSchema, { ...valid, bio: "1234567890" })).toEqual({});
  });

  it("portfolioUrls min 5 characters ('Please provide at least one portfolio URL')", () => {
    for (const portfolioUrls of [[], ["a.io"], [" ", ""], ["abcd"]]) {
      expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls }), JSON.stringify(portfolioUrls)).toEqual({
        portfolioUrls: "Please provide at least one portfolio URL",
      });
    }
    expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls: ["http://a.io"] })).toEqual({});
  });

  it("portfolioUrls items are http(s) URLs of bounded length, at most 20 of them; every issue is named `portfolioUrls`", () => {
    const urlMessage = messages(CreatorApplicationSchema, { ...valid, portfolioUrls: ["abcde"] }).portfolioUrls;
    expect(urlMessage).toMatch(/http:\/\/ or https:\/\//);
    for (const portfolioUrls of [
      ["abcde"],
      ["casey.example.com"],
      ["javascript:alert(1)"],
      ["ftp://casey.example.com/reel"],
      ["https://ok.example.com", "not a url"],
      [`https://casey.example.com/${"a".repeat(500)}`],
      [1, 2],
      ["https://ok.example.com", null],
    ]) {
      expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls }), JSON.stringify(portfolioUrls).slice(0, 80)).toEqual({
        portfolioUrls: urlMessage,
      });
    }
    const many = Array.from({ length: 21 }, (_, i) => `https://casey.example.com/${i}`);
    expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls: many })).toEqual({ portfolioUrls: "Please list at most 20 portfolio URLs." });
    expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls: many.slice(0, 20) })).toEqual({});
    for (const portfolioUrls of ["https://casey.example.com", { 0: "https://casey.example.com" }, null, 5]) {
      expect(messages(CreatorApplicationSchema, { ...valid, portfolioUrls })).toEqual({ portfolioUrls: "Please provide at least one portfolio URL" });
    }
  });

  it("socialLinks is an object with exactly the four optional handles; any other shape is one issue named `socialLinks`", () => {
    const shapeMessage = messages(CreatorApplicationSchema, { ...valid, socialLinks: [] }).socialLinks;
    expect(shapeMessage).toBeDefined();
    const proto = JSON.parse('{"__proto__": {"instagram": "@x"}}') as unknown;
    for (const socialLinks of [[], [1, 2], ["a"], { a: 1 }, proto, null, "casey", 5, { instagram: "@c", facebook: "@c" }]) {
      expect(messages(CreatorApplicationSchema, { ...valid, socialLinks }), JSON.stringify(socialLinks)).toEqual({ socialLinks: shapeMessage });
    }
    expect(messages(CreatorApplicationSchema, { ...valid, socialLinks: { instagram: 5 } })).toEqual({
      "socialLinks.instagram": "Please enter your handle as text.",
    });
    expect(messages(CreatorApplicationSchema, { ...valid, socialLinks: { tiktok: "x".repeat(101) } })).toEqual({
      "socialLinks.tiktok": "Please keep handles under 100 characters.",
    });
    // An empty handle is no handle: it is not stored.
    expect(JSON.stringify(output(CreatorApplicationSchema, { ...valid, socialLinks: { instagram: " @c ", twitter: "" } }).socialLinks)).toBe(
      '{"instagram":"@c"}',
    );
  });

  it("portfolioUrls (entered as comma-separated text and sent as a trimmed list)", () => {
    expect(splitPortfolioUrls(" https://a.example , https://b.example ,, ")).toEqual(["https://a.example", "https://b.example"]);
    expect(splitPortfolioUrls("")).toEqual([]);
    expect(output(CreatorApplicationSchema, { ...valid, portfolioUrls: ["  https://a.example  ", " "] }).portfolioUrls).toEqual(["https://a.example"]);
  });

  it("paymentMethod one of paypal, bank, crypto", () => {
    for (const paymentMethod of ["paypal", "bank", "crypto"]) {
      expect(messages(CreatorApplicationSchema, { ...valid, paymentInfo: { paymentMethod, accountDetails: "acct" } })).toEqual({});
    }
    for (const paymentMethod of ["cash", "", "Paypal"]) {
      expect(Object.keys(messages(CreatorApplicationSchema, { ...valid, paymentInfo: { paymentMethod, accountDetails: "acct" } }))).toEqual([
        "paymentInfo.paymentMethod",
      ]);
    }
  });

  it("accountDetails min 3 ('Please provide your payment account details')", () => {
    expect(messages(CreatorApplicationSchema, { ...valid, paymentInfo: { paymentMethod: "bank", accountDetails: "12" } })).toEqual({
      "paymentInfo.accountDetails": "Please provide your payment account details",
    });
    expect(messages(CreatorApplicationSchema, { ...valid, paymentInfo: { paymentMethod: "bank", accountDetails: "123" } })).toEqual({});
  });

  it("a missing value gets the same message as an empty one", () => {
    expect(messages(CreatorApplicationSchema, { paymentInfo: { paymentMethod: "bank" } })).toEqual({
      name: "Name must be at least 2 characters",
      email: EMAIL,
      bio: "Please provide more information about yourself",
      portfolioUrls: "Please provide at least one portfolio URL",
      "paymentInfo.accountDetails": "Please provide your payment account details",
    });
  });
});

describe("checkout form", () => {
  const valid = {
    email: "buyer@example.com",
    firstName: "Jo",
    lastName: "Doe",
    address: "1 Main St",
    city: "LA",
    state: "CA",
    zipCode: "90001",
    country: "United States",
    cardholderName: "Jo Doe",
  };

  it("a complete form passes", () => {
    expect(messages(CheckoutSchema, valid)).toEqual({});
    expect(output(CheckoutSchema, valid).country).toBe("United States");
  });

  it("country min 2 ('Country is required'): an emptied or missing country gets the message, never a silent 'United States'", () => {
    const { country: _country, ...noCountry } = valid;
    expect(messages(CheckoutSchema, noCountry)).toEqual({ country: "Country is required" });
    expect(messages(CheckoutSchema, { ...valid, country: "   " })).toEqual({ country: "Country is required" });
    // As the checkout form posts it: Conform reads an emptied field as absent.
    const posted = new URLSearchParams({ ...valid, country: "" });
    expect(parseForm(posted, CheckoutSchema)?.reply().error).toEqual({ country: ["Country is required"] });
    expect(parseForm(new URLSearchParams({ ...valid, country: " Canada " }), CheckoutSchema)).toMatchObject({
      status: "success",
      value: { country: "Canada" },
    });
  });

  it("email valid; firstName min 2 ('First name is required'); lastName min 2 ('Last name is required'); address min 5 ('Address is required'); cardholderName min 3 ('Cardholder name is required')", () => {
    expect(messages(CheckoutSchema, { ...valid, email: "x" })).toEqual({ email: EMAIL });
    expect(messages(CheckoutSchema, { ...valid, firstName: "J" })).toEqual({ firstName: "First name is required" });
    expect(messages(CheckoutSchema, { ...valid, lastName: "D" })).toEqual({ lastName: "Last name is required" });
    expect(messages(CheckoutSchema, { ...valid, address: "1 Ma" })).toEqual({ address: "Address is required" });
    expect(messages(CheckoutSchema, { ...valid, cardholderName: "Jo" })).toEqual({ cardholderName: "Cardholder name is required" });
    expect(messages(CheckoutSchema, { ...valid, address: "1 Mai", cardholderName: "J D" })).toEqual({});
  });

  it("city min 2; state min 2; zipCode min 5; country min 2", () => {
    expect(Object.keys(messages(CheckoutSchema, { ...valid, city: "L" }))).toEqual(["city"]);
    expect(Object.keys(messages(CheckoutSchema, { ...valid, state: "C" }))).toEqual(["state"]);
    expect(Object.keys(messages(CheckoutSchema, { ...valid, zipCode: "9000" }))).toEqual(["zipCode"]);
    expect(Object.keys(messages(CheckoutSchema, { ...valid, country: "U" }))).toEqual(["country"]);
    expect(messages(CheckoutSchema, { ...valid, city: "LA", state: "NY", zipCode: "12345", country: "US" })).toEqual({});
  });

  it("Card number, expiry and CVC have no validation shown (and are not part of the checkout data)", () => {
    const parsed = output(CheckoutSchema, { ...valid, cardNumber: "x", expiry: "y", cvc: "z" }) as Record<string, unknown>;
    expect(parsed.cardNumber).toBeUndefined();
    expect(parsed.cvc).toBeUndefined();
  });

  it("the payment intent's customerEmail: 'Please enter a valid email address'", () => {
    expect(messages(PaymentIntentSchema, { customerEmail: "buyer@example.com" })).toEqual({});
    expect(messages(PaymentIntentSchema, { customerEmail: "buyer" })).toEqual({ customerEmail: EMAIL });
  });
});

describe("vendor application", () => {
  const year = new Date().getFullYear();
  const valid = {
    businessName: "Pound Supply",
    contactName: "Sam",
    email: "sam@poundsupply.example",
    phone: "5551234567",
    businessType: "retailer",
    website: "",
    yearEstablished: String(year),
    monthlySalesVolume: "1000_to_5000",
    locations: 1,
    businessDescription: "A chain of three wellness stores.",
    hasLicense: false,
    acceptsTerms: true,
    preferredContactMethod: "email",
  };
  const only = (change: Record<string, unknown>) => messages(VendorApplicationSchema, { ...valid, ...change });

  it("a complete application passes", () => {
    expect(messages(VendorApplicationSchema, valid)).toEqual({});
  });

  it("businessName min 2: 'Business name must be at least 2 characters.'", () => {
    expect(only({ businessName: "P" })).toEqual({ businessName: "Business name must be at least 2 characters." });
    expect(only({ businessName: "PS" })).toEqual({});
  });

  it("contactName min 2: 'Contact name must be at least 2 characters.'", () => {
    expect(only({ contactName: "S" })).toEqual({ contactName: "Contact name must be at least 2 characters." });
  });

  it("email valid: 'Please enter a valid email address.'", () => {
    for (const email of BAD_EMAILS) expect(only({ email }), email).toEqual({ email: "Please enter a valid email address." });
  });

  it("phone min 10 characters: 'Please enter a valid phone number.'", () => {
    expect(only({ phone: "555123456" })).toEqual({ phone: "Please enter a valid phone number." });
    expect(only({ phone: "(555) 1234" })).toEqual({});
  });

  it("businessType required: 'Please select a business type.'", () => {
    for (const businessType of ["", "shop", undefined]) expect(only({ businessType })).toEqual({ businessType: "Please select a business type." });
    for (const businessType of ["retailer", "distributor", "wholesaler", "other"]) expect(only({ businessType })).toEqual({});
  });

  it("website a URL or empty: 'Please enter a valid website URL.' (optional)", () => {
    expect(only({ website: "not a url" })).toEqual({ website: "Please enter a valid website URL." });
    expect(only({ website: "javascript:alert(1)" })).toEqual({ website: "Please enter a valid website URL." });
    expect(only({ website: "https://poundsupply.example" })).toEqual({});
    expect(only({ website: "" })).toEqual({});
    const { website: _website, ...noWebsite } = valid;
    expect(messages(VendorApplicationSchema, noWebsite)).toEqual({});
  });

  it("yearEstablished numeric, greater than 1900 and not after the current year: 'Please enter a valid year after 1900.'", () => {
    const message = { yearEstablished: "Please enter a valid year after 1900." };
    for (const yearEstablished of ["1900", "1899", String(year + 1), "abcd", "", "19O1", "20000", "-2000", "1e3"]) {
      expect(only({ yearEstablished }), yearEstablished).toEqual(message);
    }
    for (const yearEstablished of ["1901", "1999", String(year)]) expect(only({ yearEstablished }), yearEstablished).toEqual({});
  });

  it("monthlySalesVolume required: 'Please select your monthly sales volume.'", () => {
    for (const monthlySalesVolume of ["", "lots", undefined]) {
      expect(only({ monthlySalesVolume })).toEqual({ monthlySalesVolume: "Please select your monthly sales volume." });
    }
    for (const monthlySalesVolume of ["less_than_1000", "1000_to_5000", "5000_to_10000", "10000_to_50000", "more_than_50000"]) {
      expect(only({ monthlySalesVolume })).toEqual({});
    }
  });

  it("locations integer at least 1: 'Please enter at least 1 location.'", () => {
    for (const locations of [0, -1, 1.5, "two"]) expect(only({ locations }), String(locations)).toEqual({ locations: "Please enter at least 1 location." });
    for (const locations of [1, 2, 250]) expect(only({ locations })).toEqual({});
    const { locations: _locations, ...noLocations } = valid;
    expect(output(VendorApplicationSchema, noLocations).locations).toBe(1);
  });

  it("businessDescription min 20 characters: 'Please provide a description of at least 20 characters.'", () => {
    expect(only({ businessDescription: "x".repeat(19) })).toEqual({
      businessDescription: "Please provide a description of at least 20 characters.",
    });
    expect(only({ businessDescription: "x".repeat(20) })).toEqual({});
  });

  it("acceptsTerms must be checked: 'You must accept the terms and conditions to apply.'", () => {
    for (const acceptsTerms of [false, undefined, "true"]) {
      expect(only({ acceptsTerms }), String(acceptsTerms)).toEqual({ acceptsTerms: "You must accept the terms and conditions to apply." });
    }
  });

  it("preferredContactMethod required: 'Please select a preferred contact method.'", () => {
    for (const preferredContactMethod of ["", "fax", undefined]) {
      expect(only({ preferredContactMethod })).toEqual({ preferredContactMethod: "Please select a preferred contact method." });
    }
    for (const preferredContactMethod of ["email", "phone"]) expect(only({ preferredContactMethod })).toEqual({});
  });

  it("hasLicense boolean, no requirement (default false)", () => {
    expect(only({ hasLicense: true })).toEqual({});
    const { hasLicense: _license, ...noLicense } = valid;
    expect(output(VendorApplicationSchema, noLicense).hasLicense).toBe(false);
  });

  it("an unchecked acceptsTerms (absent from the submitted form) gets 'You must accept the terms and conditions to apply.'", () => {
    const { acceptsTerms: _accepts, ...unchecked } = valid;
    expect(messages(VendorApplicationSchema, unchecked)).toEqual({ acceptsTerms: "You must accept the terms and conditions to apply." });
  });

  it("a missing value gets the same message as an empty one", () => {
    expect(messages(VendorApplicationSchema, {})).toEqual({
      businessName: "Business name must be at least 2 characters.",
      contactName: "Contact name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
      businessType: "Please select a business type.",
      yearEstablished: "Please enter a valid year after 1900.",
      monthlySalesVolume: "Please select your monthly sales volume.",
      businessDescription: "Please provide a description of at least 20 characters.",
      acceptsTerms: "You must accept the terms and conditions to apply.",
      preferredContactMethod: "Please select a preferred contact method.",
    });
  });

  it("every failing field is reported at once, with its own message", () => {
    expect(
      messages(VendorApplicationSchema, {
        ...valid,
        businessName: "",
        contactName: "",
        email: "",
        phone: "",
        businessType: "",
        website: "x",
        yearEstablished: "1800",
        monthlySalesVolume: "",
        locations: 0,
        businessDescription: "",
        acceptsTerms: false,
        preferredContactMethod: "",
      }),
    ).toEqual({
      businessName: "Business name must be at least 2 characters.",
      contactName: "Contact name must be at least 2 characters.",
      email: "Please enter a valid email address.",
      phone: "Please enter a valid phone number.",
      businessType: "Please select a business type.",
      website: "Please enter a valid website URL.",
      yearEstablished: "Please enter a valid year after 1900.",
      monthlySalesVolume: "Please select your monthly sales volume.",
      locations: "Please enter at least 1 location.",
      businessDescription: "Please provide a description of at least 20 characters.",
      acceptsTerms: "You must accept the terms and conditions to apply.",
      preferredContactMethod: "Please select a preferred contact method.",
    });
  });
});

describe("cart and reaction inputs", () => {
  it("Quantity is an integer 1..99 (default 1)", () => {
    expect(output(AddToCartSchema, { productId: 1 }).quantity).toBe(1);
    for (const quantity of [1, 50, 99]) expect(messages(AddToCartSchema, { productId: 1, quantity })).toEqual({});
    for (const quantity of [0, 100, 1.5, "2", -1, null]) {
      expect(Object.keys(messages(AddToCartSchema, { productId: 1, quantity })), String(quantity)).toEqual(["quantity"]);
      expect(Object.keys(messages(UpdateCartLineSchema, { quantity })), String(quantity)).toEqual(["quantity"]);
    }
  });

  it("an emoji outside the six is refused", () => {
    for (const emoji of ["👍", "❤️", "🔥", "😍", "😮", "🙏"]) expect(messages(ReactionSchema, { emoji })).toEqual({});
    for (const emoji of ["😀", "❤", ""]) expect(Object.keys(messages(ReactionSchema, { emoji }))).toEqual(["emoji"]);
  });
});
