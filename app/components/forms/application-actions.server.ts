/**
 * The partner programmes' page actions (the forms' no-JavaScript path): each stores what
 * its form's schema accepts through the same shop function as its API route, and answers
 * as every page action does (page-action.server.ts). Terms are checked by the affiliate form and
 * not stored.
 */
import type * as v from "valibot";
import { AffiliateFormSchema, CreatorFormSchema, VendorApplicationSchema } from "~/shared/schemas";
import { APPLICATION_FAILED } from "~/content/toasts";
import { storeFormAction, type PageActionArgs, type Shop } from "./page-action.server";

const storeApplication =
  <S extends v.GenericSchema>(schema: S, store: (shop: Shop, application: v.InferOutput<S>) => Promise<unknown>) =>
  (args: PageActionArgs) =>
    storeFormAction(args, schema, APPLICATION_FAILED.description, store);

export const affiliateApplicationAction = storeApplication(AffiliateFormSchema, (shop, { acceptTerms: _accepted, ...application }) =>
  shop.applications.submitAffiliateApplication(application),
);

export const creatorApplicationAction = storeApplication(CreatorFormSchema, (shop, application) => shop.applications.submitCreatorApplication(application));

export const vendorApplicationAction = storeApplication(VendorApplicationSchema, (shop, application) => shop.applications.submitVendorApplication(application));
