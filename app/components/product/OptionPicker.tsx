/**
 * A product's options as native radio groups (a fieldset and legend each), inside the page's
 * ADD TO CART form: they work without JavaScript, and the server renders the choice the URL
 * names as checked. A value that cannot be bought with the other choices is disabled and
 * says "sold out" (in its label, so a screen reader hears it too). The message of a group
 * still to choose ("Choose a size") sits under its legend, named by the group.
 */
import { optionParam, type VariantOptions } from "~/shared/variants";
import { optionGroupId, valueOpen, type Choosable } from "./choice";
import * as css from "./purchase.css";

type Props = {
  product: Choosable;
  chosen: VariantOptions;
  /** Messages by option name (the group still to choose). */
  problems: Record<string, string>;
  onChoose: (option: string, value: string) => void;
};

const swatchOf = (value: string) => css.swatch[value.toLowerCase() as keyof typeof css.swatch] as string | undefined;

export function OptionPicker({ product, chosen, problems, onChoose }: Props) {
  return (
    <>
      {product.options.map((option) => {
        const id = optionGroupId(option.name);
        const problem = problems[option.name];
        const problemId = `${id}-problem`;
        // Without JavaScript the page comes back with the message: the group takes the focus, so it is in view.
        const focusFirst = problem !== undefined;
        let focused = false;
        return (
          <fieldset key={option.name} id={id} className={css.group} aria-describedby={problem ? problemId : undefined}>
            <legend className={css.legend}>
              {option.name}
              {chosen[option.name] && <span className={css.legendValue}>: {chosen[option.name]}</span>}
            </legend>
            {problem && (
              <p id={problemId} className={css.problem} role="alert" data-testid="choice-problem">
                {problem}
              </p>
            )}
            <ul className={css.values}>
              {option.values.map((value) => {
                const open = valueOpen(product, option.name, value, chosen);
                const autoFocus = focusFirst && open && !focused;
                if (autoFocus) focused = true;
                return (
                  <li key={value}>
                    <label className={css.value}>
                      <input
                        className={css.radio}
                        type="radio"
                        name={optionParam(option.name)}
                        value={value}
                        checked={chosen[option.name] === value}
                        disabled={!open}
                        // Only after a refused choice: the focus goes where the problem is (the fieldset names it).
                        // eslint-disable-next-line jsx-a11y/no-autofocus
                        autoFocus={autoFocus}
                        toolparamdescription={`The ${option.name.toLowerCase()}: ${option.values.join(", ")}`}
                        onChange={() => onChoose(option.name, value)}
                      />
                      {option.name === "Colour" && swatchOf(value) && <span className={swatchOf(value)} aria-hidden="true" />}
                      <span className={css.valueText}>{value}</span>
                      {!open && <span className={css.soldOutNote}>sold out</span>}
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
        );
      })}
    </>
  );
}
