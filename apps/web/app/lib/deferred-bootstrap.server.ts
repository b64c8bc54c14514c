/**
 * Starts the page's JavaScript after the first paint instead of alongside it.
 *
 * React Router's <Scripts> writes `<link rel="modulepreload">` hints into <head> and one inline
 * `<script type="module" async>` that imports the route modules and starts hydration. The hints
 * make the browser fetch every script (~135 KB on home) at high priority together with the
 * stylesheets and the banner images, so on a slow phone link they share the bandwidth and six
 * connections with what the first screen needs, and the first paint waits for that contention.
 *
 * This rewrites the document as it streams out: the hints are dropped, and the module script
 * becomes a small classic script that, once the first frame has been painted
 * (requestAnimationFrame, then a task), adds the same hints and the same module script. Nothing
 * else changes: the server-rendered page is complete and links work without JavaScript, and what
 * a shopper types or clicks before hydration is kept (lib/early-input.ts). A hidden tab paints no
 * frames, so there it starts at once.
 *
 * Measured with Lighthouse mobile on 2026-11-24 (ADR 0006): FCP 2.2 s → 1.1 s, LCP 2.7–3.1 s →
 * 1.6–1.7 s on home, with total blocking time still under 100 ms because hydration runs in
 * React's 5 ms time slices.
 *
 * The rewriter works on the stream chunk by chunk and holds back only a possible partial tag, so
 * the page still streams. If a future React Router writes these tags differently nothing matches
 * and the page loads the old way (the e2e test `static-assets.spec.ts` notices).
 */

const PRELOAD_TAG = '<link rel="modulepreload"';
const SCRIPT_END = '</script>';

/** React Router's module script tag; with a nonce, React writes the nonce attribute first. */
function moduleScriptTag(nonce: string | undefined): string {
  return nonce ? `<script nonce="${nonce}" type="module" async="">` : '<script type="module" async="">';
}

/** JSON that is safe inside an inline <script> (no `</script>` or `<!--` can appear). */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c');
}

/**
 * The classic script that replaces React Router's module script (plain ES5: runs anywhere). With
 * the document's content-security-policy nonce, it carries the nonce and gives it to the module
 * script it adds, which the policy would otherwise refuse as an inline script.
 */
export function deferredLoaderScript(preloads: string[], moduleCode: string, nonce?: string): string {
  return (
    `<script${nonce ? ` nonce="${nonce}"` : ''}>(function(){` +
    `var p=${scriptJson(preloads)},c=${scriptJson(moduleCode)},n=${scriptJson(nonce ?? '')};` +
    'function go(){' +
    'for(var i=0;i<p.length;i++){var l=document.createElement("link");l.rel="modulepreload";l.href=p[i];document.head.appendChild(l)}' +
    'var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=c;document.body.appendChild(s)}' +
    'if(document.visibilityState==="hidden")go();else requestAnimationFrame(function(){setTimeout(go,0)})' +
    '})()</script>'
  );
}

function attribute(tag: string, name: string): string | undefined {
  const value = new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];
  return value?.replace(/&amp;/g, '&');
}

/** Length of the longest end of `text` that could be the start of one of `markers`. */
function partialMarkerLength(text: string, markers: readonly string[]): number {
  const longest = Math.max(...markers.map((marker) => marker.length));
  for (let length = Math.min(text.length, longest - 1); length > 0; length--) {
    const tail = text.slice(text.length - length);
    if (markers.some((marker) => marker.startsWith(tail))) return length;
  }
  return 0;
}

/**
 * Rewrites an HTML document given in pieces; `push` each piece, then `end`. `nonce` is the
 * document's content-security-policy nonce, which React Router also put on its scripts.
 */
export class BootstrapDeferrer {
  private pending = '';
  private readonly preloads: string[] = [];
  private readonly moduleScriptTag: string;
  private readonly markers: readonly string[];

  constructor(private readonly nonce?: string) {
    this.moduleScriptTag = moduleScriptTag(nonce);
    this.markers = [PRELOAD_TAG, this.moduleScriptTag];
  }

  push(text: string): string {
    this.pending += text;
    let out = '';
    for (;;) {
      const starts = this.markers.map((marker) => this.pending.indexOf(marker)).filter((i) => i >= 0);
      if (starts.length === 0) {
        const keep = partialMarkerLength(this.pending, this.markers);
        out += this.pending.slice(0, this.pending.length - keep);
        this.pending = this.pending.slice(this.pending.length - keep);
        return out;
      }
      const start = Math.min(...starts);
      out += this.pending.slice(0, start);
      this.pending = this.pending.slice(start);
      if (this.pending.startsWith(PRELOAD_TAG)) {
        const end = this.pending.indexOf('>');
        if (end < 0) return out;
        const href = attribute(this.pending.slice(0, end + 1), 'href');
        if (href && !this.preloads.includes(href)) this.preloads.push(href);
        this.pending = this.pending.slice(end + 1);
      } else {
        const codeStart = this.moduleScriptTag.length;
        const end = this.pending.indexOf(SCRIPT_END, codeStart);
        if (end < 0) return out;
        out += deferredLoaderScript(this.preloads, this.pending.slice(codeStart, end), this.nonce);
        this.pending = this.pending.slice(end + SCRIPT_END.length);
      }
    }
  }

  end(): string {
    const rest = this.pending;
    this.pending = '';
    return rest;
  }
}
