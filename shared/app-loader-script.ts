/**
 * A server-rendered page is read before the app's scripts run: they only make it interactive. So
 * its scripts are not in the head, where a phone would fetch ~100 KB of them beside the fonts and
 * the lead picture its first screen waits for, and would run React's start before that screen is
 * painted; the page lists them in a `<script type="application/json" id="app-scripts">` at the
 * end of its body instead, and this inline script asks for them once that screen has been painted
 * (the second animation frame after the body was parsed). On this machine's Lighthouse runs that
 * took the largest contentful paint of the topic, forum and home pages from 2.4–2.6 s to 1.2–1.7 s
 * (README, "Guest pages"). The app shell (pages the browser renders itself) keeps its scripts in
 * the head. The Content-Security-Policy allows exactly this text by its SHA-256
 * (server/plugins/security.ts), as the theme script.
 */

/** The id of the element that lists the page's scripts: JSON of `AppScripts`. */
export const APP_SCRIPTS_ID = 'app-scripts';

/** The scripts a server-rendered page loads after its first paint (addresses under /assets/). */
export interface AppScripts {
  /** The entry module (client/main.tsx, built). */
  entry: string;
  /** The modules it and the page's route import, fetched beside it rather than one after another. */
  preload: string[];
}

/**
 * The entry first; then its and the route's modules four at a time, a task each: starting a fetch
 * costs the page ~0.5 ms (measured in Chromium here), and twenty in one go made a task long enough
 * to count as blocking on a throttled phone.
 */
export const APP_LOADER_SCRIPT = `(function(){var d=document,e=d.getElementById('${APP_SCRIPTS_ID}');if(!e)return;var a=JSON.parse(e.textContent),i=0;function add(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)}function more(){a.preload.slice(i,i+=4).forEach(add);if(i<a.preload.length)setTimeout(more)}function load(){var s=d.createElement('script');s.type='module';s.src=a.entry;d.head.appendChild(s);setTimeout(more)}requestAnimationFrame(function(){requestAnimationFrame(load)})})()`;
