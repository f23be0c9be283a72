/**
 * A server-rendered page is read before the app's scripts run: they only make it interactive. So
 * its scripts are not in the head, where a phone would fetch ~100 KB of them beside the fonts and
 * the lead picture its first screen waits for, and would run React's start before that screen is
 * painted; the page lists them in a `<script type="application/json" id="app-scripts">` at the
 * end of its body instead, and this inline script asks for them once that screen has been painted
 * (the browser's first contentful paint: a hidden tab paints, and so loads them, when shown). On
 * this machine's Lighthouse runs that took the largest contentful paint of the topic, forum and
 * home pages from 2.4–2.5 s to 1.2–1.4 s (README, "Guest pages"). The app shell (pages the browser
 * renders itself) keeps its scripts in the head. The Content-Security-Policy allows exactly this
 * text by its SHA-256 (server/plugins/security.ts), as the theme script.
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

/** Set on `#root` by the app once its first commit is done (client/main.tsx). */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

/**
 * What the loader does, in order:
 * - Holds a click on a button the server rendered until React has hydrated that button, then
 *   clicks it again: before, it is dead HTML, and React 19 drops a click on a part of the page it
 *   has not hydrated yet (it replays no discrete event), so a tap while the scripts load or while
 *   React works through the page's Suspense boundaries would be lost. A hydrated element carries
 *   React's `__reactProps$…` key, but it is set while React renders, before the commit: the button
 *   counts as live once it has the key and the app has marked the root (`data-hydrated`, after its
 *   first commit; later Suspense boundaries commit as they finish), and the click comes two frames
 *   later, after the effects that start some parts (the slider's carousel). Only `type="button"`
 *   buttons: links and a form's submit button work without the app, and are left alone.
 * - Once the first contentful paint is reported (with no paint timing: on `load`) and two more
 *   frames have passed (a streamed page may have painted its top before the loader was parsed),
 *   asks for the entry; then for its and the route's modules four at a time, a task each: starting
 *   a fetch costs the page ~0.5 ms (measured in Chromium here), and twenty in one go made a task
 *   long enough to count as blocking on a throttled phone.
 */
export const APP_LOADER_SCRIPT =
  '(function(){' +
  `var d=document,e=d.getElementById('${APP_SCRIPTS_ID}');if(!e)return;` +
  "var a=JSON.parse(e.textContent),i=0,held=[],served=new WeakSet(d.querySelectorAll('button[type=button]'));" +
  `var root=d.getElementById('root');function live(b){return root.hasAttribute('${HYDRATED_ATTRIBUTE}')&&` +
  "Object.keys(b).some(function(k){return k.indexOf('__reactProps$')===0})}" +
  "function hold(v){var b=v.target instanceof Element&&v.target.closest('button');" +
  'if(b&&served.has(b)&&!live(b)){v.preventDefault();v.stopPropagation();if(held.push(b)===1)requestAnimationFrame(replay)}}' +
  'var frames=2;function replay(){while(held.length){var b=held[0];' +
  'if(b.isConnected){if(!live(b))break;if(frames>0){frames--;break}b.click()}held.shift();frames=2}' +
  'if(held.length)requestAnimationFrame(replay)}' +
  "d.addEventListener('click',hold,true);" +
  "function add(h){var l=d.createElement('link');l.rel='modulepreload';l.href=h;d.head.appendChild(l)}" +
  'function more(){a.preload.slice(i,i+=4).forEach(add);if(i<a.preload.length)setTimeout(more)}' +
  "function load(){var s=d.createElement('script');s.type='module';s.src=a.entry;d.head.appendChild(s);setTimeout(more)}" +
  'var started=0;function start(){if(!started){started=1;requestAnimationFrame(function(){requestAnimationFrame(load)})}}' +
  "var P=window.PerformanceObserver;if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf('paint')>=0)" +
  "new P(function(l){if(l.getEntriesByName('first-contentful-paint').length)start()}).observe({type:'paint',buffered:true});" +
  "else addEventListener('load',start);" +
  '})()';
