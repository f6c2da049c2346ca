/**
 * What the starting shop puts forward besides its products: the bundles, the
 * recommendations, and the featured creators. `statements.ts` turns the seed into SQL.
 *
 * This file runs in Node as well as in the Worker: it imports nothing.
 */

export const seedBundles = [
  {
    id: 1,
    name: "Date Night Duo",
    description: "Our bestseller and our thinnest, together for the nights that matter.",
    discountPercentage: 10,
    productIds: [1, 6],
  },
  {
    id: 2,
    name: "Flavor Fiesta",
    description: "Every flavour we make plus fire & ice, for adventurous palates.",
    discountPercentage: 15,
    productIds: [2, 7, 4],
  },
  {
    id: 3,
    name: "The Whole Pound",
    description: "All six signature condoms in one order: find your favourite.",
    discountPercentage: 20,
    productIds: [1, 2, 3, 4, 5, 6],
  },
  {
    id: 4,
    name: "Tee & Protection",
    description: "The classic women's tee and a box of Plain Jane: look good, play safe.",
    discountPercentage: 10,
    productIds: [13, 1],
  },
];

export const seedRecommendations = [
  { id: 1, productId: 5, reason: "Shoppers who want a roomier fit love our 24k Gold magnum." },
  { id: 2, productId: 2, reason: "Try something sweeter: four tropical flavours in one box." },
  { id: 3, productId: 4, reason: "Fire & ice for a night with a surprise in it." },
  { id: 4, productId: 6, reason: "Our thinnest condom, for the closest feeling." },
  { id: 5, productId: 11, reason: "New in apparel: the Raw Dogg Performance Tank." },
];

export const seedCreators = [
  {
    id: 1,
    name: "Maya Lux",
    bio: "Wellness and sex-ed creator making safer sex feel normal, funny and a little glamorous.",
    socialLinks: { instagram: "@mayalux", tiktok: "@mayalux" },
    portfolioUrls: ["/images/creators/maya-lux.svg"],
    approved: true,
    featured: true,
  },
  {
    id: 2,
    name: "DJ Pawz",
    bio: "Producer and DJ behind the 'Welcome to the Pound' remix, spinning at clubs across the West Coast.",
    socialLinks: { instagram: "@djpawz", youtube: "@djpawz", twitter: "@djpawz" },
    portfolioUrls: ["/images/creators/dj-pawz.svg"],
    approved: true,
    featured: true,
  },
  {
    id: 3,
    name: "Coco Rivera",
    bio: "Streetwear stylist who builds every Raw Dogg apparel lookbook from the ground up.",
    socialLinks: { instagram: "@cocorivera", tiktok: "@coco.styles" },
    portfolioUrls: ["/images/creators/coco-rivera.svg"],
    approved: true,
    featured: true,
  },
  {
    id: 4,
    name: "Jay Bark",
    bio: "Comedy sketches about dating, consent and keeping it safe without killing the mood.",
    socialLinks: { tiktok: "@jaybark", youtube: "@jaybarkcomedy" },
    portfolioUrls: ["/images/creators/jay-bark.svg"],
    approved: true,
    featured: false,
  },
];
