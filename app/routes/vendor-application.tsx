/**
 * /vendor-application: the wholesale programme (spec section 2): qualifications, the
 * application form, wholesale benefits and bulk pre-order information. The spec's form
 * is front-end only; the contract stores what it accepts, so its action (with or without
 * JavaScript) validates with `VendorApplicationSchema` and stores it.
 */
import { APPLICATION_FAILED } from "~/components/forms/application-flow";
import { panel } from "~/components/forms/forms.css";
import { storeFormAction } from "~/components/forms/page-action";
import { VendorApplicationForm } from "~/components/forms/lazy-forms";
import {
  BULK_ORDER_FACTS,
  VENDOR_QUALIFICATIONS,
  VENDOR_STATS,
  WHOLESALE_BENEFITS,
} from "~/content/programmes";
import * as css from "~/components/programmes/programmes.css";
import { Checklist, Facts, FeatureList, ProgrammeHero, Section } from "~/components/programmes/sections";
import { getShop } from "~/context";
import { VendorApplicationSchema } from "~/lib/schemas";
import { seoMeta } from "~/lib/seo";
import { button, muted } from "~/styles/ui.css";
import type { Route } from "./+types/vendor-application";

export const action = ({ request, context }: Route.ActionArgs) =>
  storeFormAction({
    request,
    context,
    schema: VendorApplicationSchema,
    store: (application) => getShop(context).applications.submitVendorApplication(application),
    failureMessage: APPLICATION_FAILED.description,
  });

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Vendor Application",
    description:
      "Stock Raw Dogg: wholesale margins up to 60% on premium condoms and apparel. Minimum order 1,000 units per product, applications reviewed within 3-5 business days.",
  });

export default function VendorApplication({ actionData }: Route.ComponentProps) {
  return (
    <main>
      <ProgrammeHero
        eyebrow="Raw Dogg Wholesale"
        title="Put the dogg"
        accent="on your shelves"
        lead="Premium condoms and lifestyle apparel that sell themselves at the register. Apply to become an authorised Raw Dogg vendor."
        stats={VENDOR_STATS}
      >
        <a href="#apply" className={button.primary}>
          Apply to stock Raw Dogg
        </a>
        <a href="#bulk-orders" className={button.secondary}>
          Bulk pre-orders
        </a>
      </ProgrammeHero>

      <Section
        id="qualifications"
        eyebrow="Who we work with"
        title="Qualifications"
        intro="We partner with shops and distributors who care about their customers as much as we do."
      >
        <div className={css.split}>
          <Checklist items={VENDOR_QUALIFICATIONS} label="Vendor qualifications" />
          <p className={muted}>
            Pharmacies, convenience and liquor stores, lifestyle boutiques, bars and clubs, campus shops and online retailers
            are all welcome. Not sure you qualify? Apply anyway and tell us about your business.
          </p>
        </div>
      </Section>

      <Section
        id="apply"
        alt
        eyebrow="Application"
        title="Vendor application"
        intro="Tell us about your business. We review every application within 3-5 business days."
      >
        <div className={panel}>
          <VendorApplicationForm actionData={actionData} />
        </div>
      </Section>

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
