/** Small inline icons (decorative: the controls around them carry the labels). */
import { lineIcon } from "./icons.css";

type IconProps = { size?: number };

/** What every line icon shares: a 24-unit box, drawn in the text colour (icons.css.ts), hidden from assistive technology. */
export const svgProps = (size: number) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  className: lineIcon,
  "aria-hidden": true,
});

export const CartIcon = ({ size = 22 }: IconProps) => (
  <svg {...svgProps(size)}>
    <circle cx="9" cy="20" r="1.5" />
    <circle cx="18" cy="20" r="1.5" />
    <path d="M2 3h3l2.7 12.4a1.5 1.5 0 0 0 1.5 1.1h8.9a1.5 1.5 0 0 0 1.5-1.2L21 7H6" />
  </svg>
);

export const SearchIcon = ({ size = 18 }: IconProps) => (
  <svg {...svgProps(size)}>
    <circle cx="11" cy="11" r="7" />
    <path d="m20 20-3.5-3.5" />
  </svg>
);

export const MenuIcon = ({ size = 24 }: IconProps) => (
  <svg {...svgProps(size)}>
    <path d="M3 6h18M3 12h18M3 18h18" />
  </svg>
);

export const ChevronDownIcon = ({ size = 16 }: IconProps) => (
  <svg {...svgProps(size)}>
    <path d="m6 9 6 6 6-6" />
  </svg>
);

const socialPaths: Record<string, string> = {
  tiktok: "M14 3v10.5a3.5 3.5 0 1 1-3.5-3.5M14 3c.5 2.5 2.5 4.5 5 4.5",
  instagram: "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01",
  twitter: "M4 4l16 16M20 4 4 20",
  youtube: "M3 8a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v8a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3Zm7 1v6l5-3Z",
  facebook: "M15 3h-2.5A3.5 3.5 0 0 0 9 6.5V10H6v4h3v7h4v-7h3l1-4h-4V7a1 1 0 0 1 1-1h2Z",
};

export const SocialIcon = ({ name, size = 20 }: IconProps & { name: string }) => (
  <svg {...svgProps(size)}>
    <path d={socialPaths[name] ?? ""} />
  </svg>
);
