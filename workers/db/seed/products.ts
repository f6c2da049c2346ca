/**
 * The shop's starting catalog, as a shop owner would write it: the categories, the products
 * and what is really sold of each (its variants and their stock). `statements.ts` turns the
 * seed into SQL.
 *
 * This file runs in Node as well as in the Worker: it imports nothing.
 */

export const seedCategories = [
  { id: 1, name: "Classic", slug: "classic", type: "condom" },
  { id: 2, name: "Flavored", slug: "flavored", type: "condom" },
  { id: 3, name: "Sensation", slug: "sensation", type: "condom" },
  { id: 4, name: "Large & Magnum", slug: "large", type: "condom" },
  { id: 5, name: "Women's", slug: "womens", type: "apparel" },
  { id: 6, name: "Men's", slug: "mens", type: "apparel" },
  { id: 7, name: "Music & Lifestyle", slug: "lifestyle", type: "apparel" },
] as const;

type SeedProduct = {
  id: number;
  name: string;
  slug: string;
  description: string;
  price: number;
  featured: boolean;
  categoryId: number;
  type: string;
  packSize: number | null;
  flavors: string[];
};

type Option = { name: string; values: string[] };
type Fact = { label: string; value: string };

/**
 * What is really sold of a product (its variants, workers/db/schema/catalog.ts): the options a
 * shopper chooses from, the stock of each combination (`stock`, by the combination's values
 * joined with "/", e.g. "M/Black"; `default` for those not named), a price for the
 * combinations that cost more, and a picture per colour.
 */
type Stocking = {
  /** The SKU's stem: `RD-TANK` makes `RD-TANK-M-BLK`. */
  sku: string;
  options?: Option[];
  stock: { default: number | null } & Record<string, number | null>;
  prices?: Record<string, number>;
  /** Whether each colour has a picture of its own, `/images/products/{slug}-{colour}.svg`. */
  colourImages?: boolean;
};

const SIZES_WOMEN = ["XS", "S", "M", "L", "XL"];
const SIZES_MEN = ["S", "M", "L", "XL", "XXL"];
const size = (values: string[]): Option => ({ name: "Size", values });
const colour = (...values: string[]): Option => ({ name: "Colour", values });

/** How to wash what we make from cotton jersey. */
const COTTON_CARE = "Machine wash cold, inside out, with like colours; tumble dry low; do not iron the print.";

const product = (p: SeedProduct & { facts?: Fact[]; digital?: boolean }, stocking: Stocking) => ({
  ...p,
  imageUrl: `/images/products/${p.slug}.svg`,
  options: stocking.options ?? [],
  digital: p.digital ?? false,
  facts: p.facts ?? [],
  stocking,
});
/** Apparel has no pack size and no flavours, and is not featured unless it says so. */
const apparel = (p: Omit<SeedProduct, "packSize" | "flavors" | "featured"> & { featured?: boolean; facts: Fact[]; digital?: boolean }, stocking: Stocking) =>
  product({ featured: false, packSize: null, flavors: [], ...p }, stocking);
/** A box of condoms: one variant, counted. */
const boxes = (sku: string, stock: number): Stocking => ({ sku, stock: { default: stock } });

export const seedProducts = [
  product(
    {
      id: 1,
      name: "Plain Jane",
      slug: "plain-jane",
      description:
        "Our bestselling everyday condom: natural latex, a classic straight fit and a light silicone lube. Nothing fancy, nothing missing — just reliable protection you forget you're wearing.",
      price: 1299,
      featured: true,
      categoryId: 1,
      type: "classic",
      packSize: 12,
      flavors: [],
    },
    boxes("RD-PLAIN-12", 480),
  ),
  product(
    {
      id: 2,
      name: "Tropical Slush",
      slug: "tropical-slush",
      description:
        "Four sugar-free tropical flavours in one box, each foil colour-coded so you can pick tonight's mood. Lightly scented, never sticky, and safe for oral play.",
      price: 1499,
      featured: true,
      categoryId: 2,
      type: "flavored",
      packSize: 12,
      flavors: ["Pineapple", "Mango", "Coconut", "Passion Fruit"],
    },
    boxes("RD-TROP-12", 260),
  ),
  product(
    {
      id: 3,
      name: "Silver Surfer",
      slug: "silver-surfer",
      description:
        "Extra silicone lubricant inside and out for a smooth, glide-all-night ride. A slightly flared tip adds comfort without giving up a secure fit.",
      price: 1399,
      featured: true,
      categoryId: 3,
      type: "extra-lubricated",
      packSize: 12,
      flavors: [],
    },
    boxes("RD-SURF-12", 240),
  ),
  product(
    {
      id: 4,
      name: "Blue Magic",
      slug: "blue-magic",
      description:
        "Fire & ice in one condom: a warming lube on the outside and a cooling tingle inside. Made for couples who like a little surprise with their safety.",
      price: 1599,
      featured: true,
      categoryId: 3,
      type: "fire-and-ice",
      packSize: 10,
      flavors: [],
    },
    boxes("RD-BLUE-10", 180),
  ),
  product(
    {
      id: 5,
      name: "24k Gold",
      slug: "24k-gold",
      description:
        "Our magnum-size premium condom in a gold foil that means business. A roomier fit with a wider head, extra-strength latex and a silky lube for confidence from start to finish.",
      price: 1999,
      featured: true,
      categoryId: 4,
      type: "magnum",
      packSize: 12,
      flavors: [],
    },
    boxes("RD-GOLD-12", 320),
  ),
  product(
    {
      id: 6,
      name: "Fantasia",
      slug: "fantasia",
      description: "Our thinnest latex yet — about 20% thinner than a standard condom — for skin-to-skin feeling with the same electronically tested strength.",
      price: 1699,
      featured: true,
      categoryId: 3,
      type: "ultra-thin",
      packSize: 12,
      flavors: [],
    },
    boxes("RD-FANT-12", 300),
  ),
  product(
    {
      id: 7,
      name: "Berry Bash",
      slug: "berry-bash",
      description:
        "Strawberry, raspberry and blueberry condoms with a sweet, natural-tasting finish. Sugar-free, vegan-friendly flavouring and the same dependable latex as Plain Jane.",
      price: 1499,
      featured: false,
      categoryId: 2,
      type: "flavored",
      packSize: 12,
      flavors: ["Strawberry", "Raspberry", "Blueberry"],
    },
    boxes("RD-BERRY-12", 150),
  ),
  product(
    {
      id: 8,
      name: "Midnight Ribbed",
      slug: "midnight-ribbed",
      description: "Raised ribs placed where they count, for more sensation for both of you. Standard fit, natural latex, lightly lubricated.",
      price: 1399,
      featured: false,
      categoryId: 3,
      type: "ribbed",
      packSize: 12,
      flavors: [],
    },
    boxes("RD-RIB-12", 140),
  ),
  product(
    {
      id: 9,
      name: "Dogg Pound Variety Pack",
      slug: "dogg-pound-variety-pack",
      description: "Can't choose? Six of each: Plain Jane, Tropical Slush, Silver Surfer, Blue Magic, 24k Gold and Fantasia in one discreet box.",
      price: 2999,
      featured: false,
      categoryId: 1,
      type: "variety-pack",
      packSize: 36,
      flavors: ["Pineapple", "Mango", "Coconut", "Passion Fruit"],
    },
    boxes("RD-PACK-36", 90),
  ),
  apparel(
    {
      id: 10,
      name: "Black & White Raw Dogg Tee",
      slug: "black-white-raw-dogg-tshirt",
      description: "A relaxed women's tee in heavyweight cotton with the black-and-white Raw Dogg print. Pre-shrunk, soft-washed, made to be lived in.",
      price: 2499,
      categoryId: 5,
      type: "t-shirt",
      facts: [
        { label: "Fabric", value: "100% heavyweight combed cotton, 220 g/m², pre-shrunk" },
        { label: "Fit", value: "Relaxed women's fit; take your usual size" },
        { label: "Care", value: COTTON_CARE },
      ],
    },
    {
      sku: "RD-BWTEE",
      options: [size(SIZES_WOMEN), colour("White", "Black")],
      stock: { default: 18, "XS/Black": 6, "XL/Black": 8 },
      colourImages: true,
    },
  ),
  apparel(
    {
      id: 11,
      name: "Raw Dogg Performance Tank",
      slug: "raw-dogg-performance-tank",
      description:
        "Our new moisture-wicking performance tank in four-way stretch fabric, cut for the gym and the after-party. Sizes XS to XL in pink, black and grey.",
      price: 3499,
      categoryId: 5,
      type: "tank",
      facts: [
        { label: "Fabric", value: "88% recycled polyester, 12% elastane; four-way stretch, moisture-wicking" },
        { label: "Fit", value: "Athletic women's fit with a racerback; between sizes, size up" },
        { label: "Care", value: "Machine wash cold; hang to dry; no fabric softener (it stops the wicking)." },
      ],
    },
    {
      sku: "RD-TANK",
      options: [size(SIZES_WOMEN), colour("Pink", "Black", "Grey")],
      // Pink in XS sold out and black in M down to its last 3 (README, "Options, stock and downloads").
      stock: { default: 12, "XS/Pink": 0, "M/Black": 3, "S/Pink": 7, "M/Pink": 9 },
      colourImages: true,
    },
  ),
  apparel(
    {
      id: 12,
      name: "Raw Dogg Life Women's Tee",
      slug: "raw-dogg-life-womens-tshirt",
      description: "The 'Raw Dogg Life' tee from the music video: a fitted women's cut in ring-spun cotton with a bold front print.",
      price: 2899,
      categoryId: 5,
      type: "t-shirt",
      facts: [
        { label: "Fabric", value: "100% ring-spun cotton jersey, 180 g/m²" },
        { label: "Fit", value: "Fitted women's cut; size up for a looser fit" },
        { label: "Colour", value: "White" },
        { label: "Care", value: COTTON_CARE },
      ],
    },
    {
      sku: "RD-LIFETEE",
      options: [size(SIZES_WOMEN)],
      stock: { default: 20, XS: 9, XL: 11 },
    },
  ),
  apparel(
    {
      id: 13,
      name: "Raw Dogg Classic T (Women)",
      slug: "raw-dogg-classic-t-women",
      description: "The classic logo tee in a women's fit: crew neck, soft cotton jersey, and the dogg mark front and centre.",
      price: 2499,
      categoryId: 5,
      type: "t-shirt",
      facts: [
        { label: "Fabric", value: "100% soft cotton jersey, 180 g/m²" },
        { label: "Fit", value: "Classic women's fit, crew neck; take your usual size" },
        { label: "Care", value: COTTON_CARE },
      ],
    },
    {
      sku: "RD-CLASSICW",
      options: [size(SIZES_WOMEN), colour("Black", "White")],
      stock: { default: 15, "S/White": 5, "XL/White": 4 },
      colourImages: true,
    },
  ),
  apparel(
    {
      id: 14,
      name: "Raw Dogg Men's Logo Tee",
      slug: "raw-dogg-mens-logo-tee",
      description: "A heavyweight black men's tee with the Raw Dogg wordmark across the chest. Boxy fit, ribbed collar, built to last.",
      price: 2699,
      categoryId: 6,
      type: "t-shirt",
      facts: [
        { label: "Fabric", value: "100% heavyweight cotton, 240 g/m²" },
        { label: "Fit", value: "Boxy men's fit with a ribbed collar; size down for a closer fit" },
        { label: "Colour", value: "Black" },
        { label: "Care", value: COTTON_CARE },
      ],
    },
    {
      sku: "RD-LOGOTEE",
      options: [size(SIZES_MEN)],
      stock: { default: 24, XXL: 10 },
      // The extra-large cut takes more cloth.
      prices: { XXL: 2899 },
    },
  ),
  apparel(
    {
      id: 15,
      name: "Raw Dogg Men's Pocket Tee",
      slug: "raw-dogg-mens-pocket-tee",
      description: "Heather-grey men's tee with a chest pocket and a small embroidered paw. The one you'll reach for every weekend.",
      price: 2899,
      categoryId: 6,
      type: "t-shirt",
      facts: [
        { label: "Fabric", value: "Heather-grey cotton-poly jersey (60/40), 200 g/m²" },
        { label: "Fit", value: "Regular men's fit with a chest pocket; take your usual size" },
        { label: "Colour", value: "Heather Grey" },
        { label: "Care", value: COTTON_CARE },
      ],
    },
    {
      sku: "RD-POCKETTEE",
      options: [size(SIZES_MEN)],
      stock: { default: 22, XXL: 8 },
      prices: { XXL: 3099 },
    },
  ),
  apparel(
    {
      id: 16,
      name: "Raw Dogg Men's Joggers",
      slug: "raw-dogg-mens-joggers",
      description: "Tapered fleece joggers with zip pockets, an elastic waist and the dogg mark on the thigh. Matches every tee we make.",
      price: 4999,
      categoryId: 6,
      type: "pants",
      facts: [
        { label: "Fabric", value: "Brushed cotton-poly fleece (80/20), 320 g/m²" },
        { label: "Fit", value: "Tapered leg, elastic waist with a drawcord, zip pockets" },
        { label: "Care", value: "Machine wash cold, inside out; tumble dry low." },
      ],
    },
    {
      sku: "RD-JOGGER",
      options: [size(["S", "M", "L", "XL"]), colour("Black", "Grey")],
      stock: { default: 10, "XL/Grey": 4 },
      colourImages: true,
    },
  ),
  apparel(
    {
      id: 17,
      name: "Raw Dogg Snapback",
      slug: "raw-dogg-snapback",
      description: "A structured six-panel snapback with a flat brim and a raised embroidered Raw Dogg logo. One size fits most.",
      price: 2999,
      categoryId: 7,
      type: "cap",
      facts: [
        { label: "Fabric", value: "Cotton twill, six structured panels, flat brim" },
        { label: "Fit", value: "One size fits most: an adjustable snap closure" },
        { label: "Colour", value: "Black" },
        { label: "Care", value: "Spot clean with a damp cloth; do not machine wash." },
      ],
    },
    { sku: "RD-SNAPBACK", stock: { default: 25 } },
  ),
  apparel(
    {
      id: 18,
      name: "Welcome to the Pound (Single)",
      slug: "welcome-to-the-pound",
      description:
        "The first Raw Dogg single, dropping April 17, 2025: a high-energy anthem for the whole pound. Digital download in high-quality MP3 and lossless FLAC.",
      price: 999,
      categoryId: 7,
      type: "digital-single",
      digital: true,
      facts: [
        { label: "Format", value: "Digital download: MP3 and lossless FLAC" },
        { label: "Released", value: "April 17, 2025" },
        { label: "Delivery", value: "A download link on the confirmation screen and in your email, right after payment" },
      ],
    },
    { sku: "RD-SINGLE-WTTP", stock: { default: null } },
  ),
];

/** A value as a SKU names it: a size as it is, a colour by its code (`Black` is `BLK`). */
const COLOUR_CODES: Record<string, string> = { Black: "BLK", White: "WHT", Pink: "PNK", Grey: "GRY" };
const skuPart = (value: string) => COLOUR_CODES[value] ?? value.toUpperCase();

/**
 * Every variant of the seed: one per combination of a product's options (sizes first, then
 * colours, in the order the page shows them), or one default variant for a product without
 * options. Ids are the product's id times 100 plus the combination's position, so they never
 * change between seeds.
 */
export const seedVariants = seedProducts.flatMap(({ id: productId, slug, stocking }) => {
  const combinations = (stocking.options ?? []).reduce<Record<string, string>[]>(
    (sofar, option) => sofar.flatMap((chosen) => option.values.map((value) => ({ ...chosen, [option.name]: value }))),
    [{}],
  );
  return combinations.map((options, index) => {
    const key = Object.values(options).join("/");
    const colour = options.Colour;
    return {
      id: productId * 100 + index + 1,
      productId,
      sku: [stocking.sku, ...Object.values(options).map(skuPart)].join("-"),
      options,
      price: stocking.prices?.[key] ?? stocking.prices?.[options.Size ?? ""] ?? null,
      imageUrl: stocking.colourImages && colour ? `/images/products/${slug}-${colour.toLowerCase()}.svg` : null,
      position: index + 1,
      stock: key in stocking.stock ? stocking.stock[key]! : stocking.stock.default,
    };
  });
});
