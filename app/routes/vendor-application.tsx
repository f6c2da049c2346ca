/**
 * /vendor-application: the wholesale programme (spec section 2): qualifications, the
 * application form, wholesale benefits and bulk pre-order information. The spec's form
 * is front-end only; the contract stores what it accepts, so its action (with or without
 * JavaScript) validates with `VendorApplicationSchema` and stores it.
 */
import { vendorApplicationAction } from "~/components/forms/application-actions.server";
import { ApplicationSection } from "~/components/forms/ApplicationSection";
import { VendorApplicationForm } from "~/components/forms/lazy-forms";
import { BULK_ORDER_FACTS, VENDOR_QUALIFICATIONS, VENDOR_HERO, WHOLESALE_BENEFITS } from "~/content/programmes";
import * as css from "~/components/programmes/programmes.css";
import { Checklist, Facts, FeatureList, ProgrammeHero, Section } from "~/components/programmes/sections";
import { seoMeta } from "~/lib/seo";
import { muted } from "~/styles/ui.css";
import type { Route } from "./+types/vendor-application";

export const action = vendorApplicationAction;

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Vendor Application",
    description:
      "Stock Raw Dogg: wholesale margins up to 60% on premium condoms and apparel. Minimum order 1,000 units per product, applications reviewed within 3-5 business days.",
  });

export default function VendorApplication({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProgrammeHero {...VENDOR_HERO} />

      <Section
        id="qualifications"
        eyebrow="Who we work with"
        title="Qualifications"
        intro="We partner with shops and distributors who care about their customers as much as we do."
      >
        <div className={css.split}>
          <Checklist items={VENDOR_QUALIFICATIONS} label="Vendor qualifications" />
          <p className={muted}>
            Pharmacies, convenience and liquor stores, lifestyle boutiques, bars and clubs, campus shops and online retailers are all welcome. Not sure you
            qualify? Apply anyway and tell us about your business.
          </p>
        </div>
      </Section>

      <ApplicationSection title="Vendor application" intro="Tell us about your business. We review every application within 3-5 business days." alt>
        <VendorApplicationForm actionData={actionData} />
      </ApplicationSection>

      <Section id="benefits" eyebrow="Why stock Raw Dogg" title="Wholesale benefits">
        <FeatureList features={WHOLESALE_BENEFITS} label="Wholesale benefits" />
      </Section>

      <Section
        id="bulk-orders"
        eyebrow="Bulk pre-orders"
        title="Bulk pre-order information"
        intro="Planning a big launch? Pre-order in bulk and lock in your stock."
      >
        <Facts facts={BULK_ORDER_FACTS} label="Bulk pre-order terms" />
      </Section>
    </main>
  );
}
