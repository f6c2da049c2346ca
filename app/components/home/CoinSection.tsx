/** The RAW community token on Solana: where it trades, the NFTs, a promo video and the risks. */
import { Video } from "~/components/ui/Dialog";
import { VIDEOS } from "~/content/media";
import { button, container } from "~/styles/ui.css";
import { DialogButton } from "./DialogButton";
import * as home from "./home.css";
import * as css from "./coin.css";

export const COIN = {
  ticker: "RAW",
  chain: "Solana",
  launchpad: "Pump.fun",
  buyUrl: "https://pump.fun/profile/rawdoggofficial",
  nftUrl: "https://magiceden.io/marketplace/raw_dogg_pound",
};

const external = { target: "_blank", rel: "noopener noreferrer" } as const;

export function CoinSection() {
  return (
    <section className={home.sectionAlt} aria-labelledby="coin-heading">
      <div className={`${container} ${css.layout}`}>
        <div className={css.art}>
          <img className={css.image} src="/images/promo/coin-raw.svg" alt="The RAW coin" width={600} height={600} loading="lazy" decoding="async" />
        </div>
        <div className={css.body}>
          <p className={home.eyebrow}>Crypto</p>
          <h2 id="coin-heading" className={home.heading}>
            ${COIN.ticker} on {COIN.chain}
          </h2>
          <p className={home.lede}>
            {COIN.ticker} is the pound's community token on the {COIN.chain} chain, traded on the {COIN.launchpad} launchpad. Holders get early drops, NFT
            collectibles and a say in what the dogg does next.
          </p>
          <dl className={css.facts}>
            {[
              ["Token", COIN.ticker],
              ["Chain", COIN.chain],
              ["Launchpad", COIN.launchpad],
            ].map(([term, value]) => (
              <div key={term} className={css.fact}>
                <dt className={css.factTerm}>{term}</dt>
                <dd>{value}</dd>
              </div>
            ))}
          </dl>
          <div className={home.actions}>
            <a href={COIN.buyUrl} {...external} className={button.gold}>
              Buy ${COIN.ticker} on {COIN.launchpad} <span className={css.newTab}>(opens in a new tab)</span>
            </a>
            <a href={COIN.nftUrl} {...external} className={button.secondary}>
              View the NFTs <span className={css.newTab}>(opens in a new tab)</span>
            </a>
            <DialogButton
              id="video-dialog-coin-promo"
              label="Watch Promo"
              ariaLabel={`Watch Promo: ${VIDEOS.coinPromo.title}`}
              title={VIDEOS.coinPromo.title}
              playOnOpen
            >
              <Video video={VIDEOS.coinPromo} />
              <p className={home.dialogText}>{VIDEOS.coinPromo.description}</p>
            </DialogButton>
          </div>
          <aside className={css.disclaimer} aria-label="Risk disclaimer" data-testid="coin-disclaimer">
            <strong>Risk disclaimer:</strong> cryptocurrency is highly volatile and speculative. {COIN.ticker} is a community token, not an investment product,
            and this is not financial advice. Its price can drop sharply and it may lose all of its value. Only spend what you can afford to lose, and check the
            rules where you live.
          </aside>
        </div>
      </div>
    </section>
  );
}
