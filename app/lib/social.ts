/** The brand's social profiles (footer, home social section). */
export type SocialLink = {
  name: "TikTok" | "Instagram" | "Twitter" | "YouTube" | "Facebook";
  icon: "tiktok" | "instagram" | "twitter" | "youtube" | "facebook";
  url: string;
  handle: string;
  pageTitle: string;
};

export const SOCIAL_LINKS: SocialLink[] = [
  { name: "TikTok", icon: "tiktok", url: "https://www.tiktok.com/@rawdoggofficial", handle: "@rawdoggofficial", pageTitle: "Raw Dogg on TikTok" },
  { name: "Instagram", icon: "instagram", url: "https://www.instagram.com/rawdoggofficial", handle: "@rawdoggofficial", pageTitle: "Raw Dogg on Instagram" },
  { name: "Twitter", icon: "twitter", url: "https://twitter.com/rawdoggbrand", handle: "@rawdoggbrand", pageTitle: "Raw Dogg on Twitter" },
  { name: "YouTube", icon: "youtube", url: "https://www.youtube.com/@rawdoggofficial", handle: "@rawdoggofficial", pageTitle: "Raw Dogg on YouTube" },
  { name: "Facebook", icon: "facebook", url: "https://www.facebook.com/rawdoggofficial", handle: "/rawdoggofficial", pageTitle: "Raw Dogg on Facebook" },
];
