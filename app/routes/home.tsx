import { getShop } from "~/context";
import { BRAND_NAME, pageTitle, TAGLINE } from "~/lib/constants";
import { formatPrice } from "~/lib/money";
import type { Route } from "./+types/home";

export async function loader({ context }: Route.LoaderArgs) {
  const featured = await getShop(context).catalog.listProducts({ featured: true });
  return { featured };
}

export const meta: Route.MetaFunction = () => [
  { title: pageTitle("Home") },
  { name: "description", content: `${BRAND_NAME}: premium condoms and lifestyle apparel. ${TAGLINE}.` },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <h1>UNLEASH THE DOGG IN YOU</h1>
      <h2>TOP SELLING PROTECTION</h2>
      <ul>
        {loaderData.featured.map((product) => (
          <li key={product.id}>
            <a href={`/products/${product.slug}`}>{product.name}</a> {formatPrice(product.price)}
          </li>
        ))}
      </ul>
    </main>
  );
}
