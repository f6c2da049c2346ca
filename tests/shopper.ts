/** One shopper's shipping address, as both the worker and the browser tests check out with it. */
export const SHIPPING_ADDRESS = {
  firstName: "Jane",
  lastName: "Doe",
  address: "1 Main Street",
  city: "New York",
  state: "NY",
  zipCode: "10001",
  country: "United States",
};
