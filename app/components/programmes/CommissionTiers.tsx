/** The affiliate commission tiers (spec section 3): cumulative sales range and rate. */
import { COMMISSION_TIERS } from "~/content/programmes";
import * as css from "./programmes.css";

export function CommissionTiers() {
  const top = COMMISSION_TIERS.length - 1;
  return (
    <div className={css.tiersCard}>
      <table className={css.tiersTable}>
        <caption className={css.tiersCaption}>Your rate follows your cumulative sales. Commission up to 25%.</caption>
        <thead>
          <tr>
            <th scope="col" className={css.tiersHead}>
              Cumulative sales
            </th>
            <th scope="col" className={css.tierRateHead}>
              Commission
            </th>
          </tr>
        </thead>
        <tbody>
          {COMMISSION_TIERS.map((tier, index) => (
            <tr key={tier.range} className={index === top ? css.tierTop : undefined}>
              <th scope="row">{tier.range}</th>
              <td className={css.tierRate}>{tier.rate}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
