/**
 * Hydration starts after the largest paint (docs/decisions/0030-hydration-after-the-largest-paint.md).
 *
 * React Router's `<Scripts>` writes a `modulepreload` link for every module the page
 * hydrates with and an inline module script that imports its route modules: the browser
 * starts ~130 KB of JavaScript while it parses the page, before its first screen is drawn,
 * and Lighthouse counts every request started before the largest paint into it. `<Scripts>`
 * has no option to wait, so the Worker's one HTMLRewriter pass over a page
 * (inline-styles.ts) holds both back:
 *
 * - each `modulepreload` link loses its `rel` (kept in `data-rel`), so nothing is fetched;
 *   so does each stylesheet link whose CSS is already inline (inline-styles.ts): it is there
 *   only to fill the cache for client-side navigations;
 * - the module script gets a type no browser runs;
 * - a small inline script after it puts both back once the page's largest element has
 *   painted, or at the load event, whichever comes first. The largest element is chosen on
 *   purpose: a page whose largest paint is a picture marks it `fetchpriority="high"` (and
 *   only it), and the script waits until each such picture is reported as a largest paint;
 *   a page whose largest paint is text waits for the display font (headings in Anton are
 *   drawn once it is in, or once its short block period ends), then for the frame that
 *   draws them. On a busy phone the load event can come before the first screen is drawn,
 *   so a visible page also waits there for the font, its chosen pictures decoded, two
 *   frames (a frame is presented after it is drawn) and its chosen pictures reported
 *   painted (at most GRACE_MS more: a decoded picture is not yet drawn, and scripts started
 *   a frame before it counted into its paint). A chosen picture that can never be the
 *   largest is not waited for: one drawn no larger than a paint already reported, or one
 *   too plain for Chromium to report at all (LOW_CONTENT_BITS_PER_PIXEL: the desktop
 *   home's hero, whose heading is the largest paint there). A hidden page (a background
 *   tab, a prerender) starts at once. The start is marked for DevTools and the tests
 *   (`performance.mark` "hydration-start", its detail why: painted, grace or hidden). The
 *   load event also covers a browser that reports no largest paint.
 *
 * The links get their `rel` back before the module script runs, so React finds them as it
 * hydrates (React 19 matches a link in the head by its `rel` and `href`). Until then the
 * page is server HTML: its links and forms work as they do without JavaScript.
 */
const HELD_TYPE = "hydrate-after-paint";
/**
 * How long past the load (and the font, the chosen pictures decoded and two frames) a page
 * still waits for its chosen picture to be reported painted: on a busy phone a decoded
 * picture is drawn some frames later, and scripts started before it would count into its
 * paint. A chosen picture that a larger paint had already beaten is not waited for; one
 * that never becomes the largest paint for another reason (a listing whose heading is
 * reported only later) costs this much later hydration, no more.
 */
const GRACE_MS = 1000;

/**
 * Chromium reports no largest paint for a picture of fewer bits of file than this per pixel
 * it covers (a low-content picture, such as a small SVG drawn full width: the home's hero at
 * 1280 px, 5.6 KB over 1280 x 720 px, 0.049): the starter does not wait for such a picture
 * either. A picture whose size is not known (no Resource Timing entry, or one that gives no
 * size: from another origin, or from the memory cache) is waited for.
 */
const LOW_CONTENT_BITS_PER_PIXEL = 0.05;

/** Puts the held links and the held module script back, once. Kept small: it is in every page. */
const STARTER = `(()=>{
const held=document.querySelector('script[type="${HELD_TYPE}"]');
if(!held)return;
let started=false;
const start=(why)=>{if(started)return;started=true;
for(const link of document.querySelectorAll("link[data-rel]"))link.rel=link.dataset.rel;
const script=document.createElement("script");script.type="module";script.nonce=held.nonce;script.textContent=held.textContent;held.replaceWith(script);
performance.mark?.("hydration-start",{detail:why})};
const reported=PerformanceObserver.supportedEntryTypes?.includes("largest-contentful-paint");
let largest=0,onNext=false;
const frame=(go)=>requestAnimationFrame(()=>setTimeout(go));
const chosen=new Set(reported?document.querySelectorAll('img[fetchpriority="high"]'):[]);
const shown=(img)=>{const box=img.getBoundingClientRect();return Math.max(0,Math.min(box.right,innerWidth)-Math.max(box.left,0))*Math.max(0,Math.min(box.bottom,innerHeight)-Math.max(box.top,0))};
const bytes=(img)=>performance.getEntriesByName(img.currentSrc)[0]?.encodedBodySize??0;
const beaten=(img)=>{const area=shown(img),size=bytes(img);return area<=largest||(size>0&&size*8<area*${LOW_CONTENT_BITS_PER_PIXEL})};
const ready=()=>{for(const img of chosen)if(beaten(img))chosen.delete(img);return largest>0&&chosen.size===0};
const painted=()=>Promise.all([document.fonts.ready,...[...chosen].map((img)=>img.decode().catch(()=>{}))]).then(()=>frame(()=>frame(()=>{if(!reported||ready())start("painted");else{onNext=true;setTimeout(()=>start("grace"),${GRACE_MS})}})));
const loaded=()=>document.visibilityState==="visible"?painted():start("hidden");
if(document.readyState==="complete")loaded();else addEventListener("load",loaded,{once:true});
if(!reported)return;
new PerformanceObserver((list)=>{for(const entry of list.getEntries()){largest=Math.max(largest,entry.size);chosen.delete(entry.element)}
if(onNext&&ready())start("painted");else if(chosen.size===0)painted()}).observe({type:"largest-contentful-paint",buffered:true});
})()`.replace(/\n/g, "");

/**
 * Holds a link back until hydration starts: no fetch until then. A page that never hydrates
 * (it has no module script) never fetches it.
 */
export function holdLink(link: Element): void {
  link.setAttribute("data-rel", link.getAttribute("rel") ?? "");
  link.removeAttribute("rel");
}

/** The HTMLRewriter handlers that hold hydration back, for the page's one pass. */
export function holdHydration(cspNonce: string): [selector: string, handlers: HTMLRewriterElementContentHandlers][] {
  return [
    ['link[rel="modulepreload"]', { element: holdLink }],
    [
      'script[type="module"]',
      {
        element(script) {
          script.setAttribute("type", HELD_TYPE);
          script.after(`<script nonce="${cspNonce}">${STARTER}</script>`, { html: true });
        },
      },
    ],
  ];
}
