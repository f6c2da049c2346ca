// Placeholder while the screen is being built (owned by the helper building it).
export default function Screen() {
  return <main>product</main>;
}
