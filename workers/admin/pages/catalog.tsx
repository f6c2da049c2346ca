/** @jsxImportSource hono/jsx */
/** The catalog: every product, and one product's price, description and featured flag to edit. */
import { Hono } from "hono";
import { formatPrice, plainAmount } from "../../../app/shared/money";
import { AdminProductSchema } from "../../../app/shared/schemas";
import { getCatalogProduct, listCatalog, updateProduct, type CatalogProduct } from "../../shop/backoffice/catalog";
import { frame, idParam, notFoundPage, readForm, type AdminEnv } from "../http";
import { FieldError, FormError, Layout, Table, type Errors, type Frame } from "../views";

type ProductForm = { price: string; description: string; featured: boolean; errors: Errors };

export const catalogPages = new Hono<AdminEnv>()
  .get("/products", async (c) => c.html(<CatalogPage {...frame(c)} products={await listCatalog(c.var.backOffice)} />))
  .get("/products/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const product = await getCatalogProduct(c.var.backOffice, id);
    const form = { price: plainAmount(product.price), description: product.description, featured: product.featured, errors: {} };
    return c.html(<ProductPage {...frame(c)} product={product} form={form} />);
  })
  .post("/products/:id", async (c) => {
    const id = idParam(c);
    if (!id) return notFoundPage(c);
    const form = await readForm(c, AdminProductSchema);
    if (form.errors) {
      const product = await getCatalogProduct(c.var.backOffice, id);
      const typed = { price: form.typed("price"), description: form.typed("description"), featured: form.typed("featured") === "on", errors: form.errors };
      return c.html(<ProductPage {...frame(c)} notice={undefined} product={product} form={typed} />, 400);
    }
    const changes = await updateProduct(c.var.backOffice, id, form.value);
    return c.redirect(`/admin/products/${id}?done=${changes.length > 0 ? "saved" : "unchanged"}`, 303);
  });

function CatalogPage({ nonce, notice, products }: Frame & { products: CatalogProduct[] }) {
  return (
    <Layout title="Catalog" nonce={nonce} notice={notice} section="/admin/products">
      <Table label="Products" columns={["Product", "Category", { label: "Price", numeric: true }, "Featured"]}>
        {products.map((product) => (
          <tr>
            <td>
              <a href={`/admin/products/${product.id}`}>{product.name}</a>
            </td>
            <td>{product.category}</td>
            <td class="num">{formatPrice(product.price)}</td>
            <td>{product.featured ? "Yes" : "No"}</td>
          </tr>
        ))}
      </Table>
    </Layout>
  );
}

function ProductPage({ nonce, notice, product, form }: Frame & { product: CatalogProduct; form: ProductForm }) {
  return (
    <Layout title={product.name} nonce={nonce} notice={notice} section="/admin/products">
      <p>
        <a href="/admin/products">Back to the catalog</a> · <a href={`/products/${product.slug}`}>See it in the shop</a>
      </p>
      <FormError message={form.errors.form} />
      <form method="post" action={`/admin/products/${product.id}`} class="panel">
        <label>
          Price in dollars
          <input
            name="price"
            inputmode="decimal"
            value={form.price}
            required
            aria-invalid={form.errors.price ? "true" : undefined}
            aria-describedby="price-error"
          />
        </label>
        <FieldError id="price-error" message={form.errors.price} />
        <label>
          Description
          <textarea
            name="description"
            required
            maxlength={2000}
            aria-invalid={form.errors.description ? "true" : undefined}
            aria-describedby="description-error"
          >
            {form.description}
          </textarea>
        </label>
        <FieldError id="description-error" message={form.errors.description} />
        <label class="check">
          <input type="checkbox" name="featured" checked={form.featured} />
          Featured (on the home page and as "you might also like")
        </label>
        <p class="muted">Checkout charges a new price at once; the shop's pages show it within a few seconds.</p>
        <button type="submit">Save</button>
      </form>
    </Layout>
  );
}
