/**
 * About (linked from the footer): the brand's story, its values (#values) and its safety
 * information (#safety), which the footer links to directly.
 */
import { Link } from "react-router";
import { Prose, TextPage } from "~/components/info/InfoPage";
import { BRAND_NAME, TAGLINE } from "~/shared/constants";
import { seoMeta } from "~/lib/seo";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "About",
    description: `${BRAND_NAME}: premium latex condoms and lifestyle apparel. Our story, our values, and how to use condoms safely: storage, expiry, allergies and where to get tested.`,
  });

export default function About() {
  return (
    <TextPage
      eyebrow="About Raw Dogg"
      title="Protection with attitude"
      lede={`${TAGLINE}. We make premium condoms and streetwear for people who live out loud and still look after themselves and each other.`}
      sections={[
        {
          id: "story",
          title: "Our Story",
          content: (
            <Prose>
              <p>
                Raw Dogg started with a simple complaint: condoms were sold like medicine and marketed like a joke. Nobody was making protection you'd be proud
                to pull out of your pocket.
              </p>
              <p>
                So we made it: condoms from the everyday{" "}
                <Link prefetch="intent" to="/products/plain-jane">
                  Plain Jane
                </Link>{" "}
                to the magnum-size{" "}
                <Link prefetch="intent" to="/products/24k-gold">
                  24k Gold
                </Link>{" "}
                in gold foil, every one premium latex and electronically tested. Then came the apparel, because the pound wanted to wear the dogg too, and then
                the music, the animation and the community.
              </p>
              <p>The name is a wink. The message isn't: the boldest thing you can do is protect yourself, every time.</p>
            </Prose>
          ),
        },
        {
          id: "values",
          title: "Our Values",
          content: (
            <Prose>
              <ul>
                <li>
                  <strong>Protection without compromise.</strong> Every condom we sell is made to the same standard, whatever the size, flavour or price.
                </li>
                <li>
                  <strong>Pleasure is positive.</strong> Sex is part of a good life. We talk about it openly, with humour and without shame.
                </li>
                <li>
                  <strong>Everyone's welcome in the pound.</strong> Every body, every identity, every kind of relationship.
                </li>
                <li>
                  <strong>Straight talk.</strong> Clear facts about sexual health, plain prices, free shipping and no hidden catches.
                </li>
                <li>
                  <strong>Discretion by default.</strong> Plain packaging, a neutral name on your statement, and only the data we need. Read our{" "}
                  <Link prefetch="intent" to="/privacy">
                    privacy policy
                  </Link>
                  .
                </li>
              </ul>
            </Prose>
          ),
        },
        {
          id: "safety",
          title: "Safety",
          content: (
            <Prose>
              <p>
                <strong>
                  Raw Dogg condoms are made of natural rubber latex and every one is electronically tested. Used correctly, every time, they are 99.9%
                  effective.
                </strong>{" "}
                Most failures come from how a condom is stored or used, so here is how to get it right.
              </p>
              <h3>Using a condom</h3>
              <ul>
                <li>Open the foil with your fingers, never teeth or scissors, and check the condom looks undamaged.</li>
                <li>Pinch the tip to leave room for semen and roll it all the way down before any genital contact.</li>
                <li>Use only water-based or silicone-based lubricant. Oil, lotion and petroleum jelly weaken latex.</li>
                <li>Never use two condoms at once, and use a new condom every time.</li>
                <li>After sex, hold the base while withdrawing, then wrap the condom in tissue and put it in the bin, not the toilet.</li>
              </ul>
              <h3>Storage</h3>
              <p>
                Keep condoms somewhere cool and dry, away from direct sunlight. Heat and friction damage latex: a wallet, back pocket or car glove box is not a
                good home for more than a day or two.
              </p>
              <h3>Expiry</h3>
              <p>
                Every foil and box carries an expiry date. Don't use a condom past its date, or one whose wrapper is torn, brittle, sticky or doesn't hold a
                small air cushion when you squeeze it.
              </p>
              <h3>Allergies</h3>
              <p>
                All our condoms are latex. If you or a partner have a latex allergy or sensitivity, don't use them: choose a non-latex condom made of
                polyisoprene or polyurethane, and talk to a doctor or pharmacist about symptoms. Our flavoured condoms are for oral sex; if you are prone to
                irritation, stick to unflavoured ones for anything else.
              </p>
              <h3>If a condom breaks or slips</h3>
              <p>
                Emergency contraception works best the sooner it is taken, within 3 to 5 days depending on the type; ask a pharmacist. If you may have been
                exposed to HIV, PEP must be started within 72 hours: go to a sexual health clinic or an emergency room.
              </p>
              <h3>Where to get tested</h3>
              <p>
                Condoms greatly reduce the risk of sexually transmitted infections but don't remove it entirely, because some, like herpes and HPV, spread
                through skin contact. Regular testing is part of the routine. In the United States you can find free and low-cost testing near you at{" "}
                <a href="https://gettested.cdc.gov">gettested.cdc.gov</a>, at a local health department or Planned Parenthood health center, or ask your doctor.
                Many tests are a quick swab or urine sample, and results are confidential.
              </p>
            </Prose>
          ),
        },
        {
          id: "more",
          title: "More from the pound",
          content: (
            <Prose>
              <p>
                Meet the people behind the brand on the{" "}
                <Link prefetch="intent" to="/employee-benefits">
                  careers and benefits
                </Link>{" "}
                page, catch our music and animation on{" "}
                <Link prefetch="intent" to="/entertainment">
                  Entertainment
                </Link>
                , or join the conversation in the{" "}
                <Link prefetch="intent" to="/community">
                  community forum
                </Link>
                . Questions?{" "}
                <Link prefetch="intent" to="/contact">
                  Contact us
                </Link>
                .
              </p>
            </Prose>
          ),
        },
      ]}
    />
  );
}
