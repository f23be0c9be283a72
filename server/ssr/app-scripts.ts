import { APP_LOADER_SCRIPT, APP_SCRIPTS_ID, type AppScripts } from '../../shared/app-loader-script';
import { jsonForScript } from '../../shared/server-render';

const MODULE_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/g;
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g;

/**
 * The built head's module script and its modulepreloads, taken out for a server-rendered page,
 * which asks for them after its first paint (shared/app-loader-script.ts). Null when the head has
 * no module script (it is left as it is).
 */
export function takeAppScripts(head: string): { head: string; scripts: AppScripts | null } {
  const entry = [...head.matchAll(MODULE_SCRIPT)].map((match) => match[1] ?? '');
  if (entry.length !== 1 || !entry[0]) return { head, scripts: null };
  const preload = [...head.matchAll(MODULE_PRELOAD)].map((match) => match[1] ?? '');
  return {
    head: head.replace(MODULE_SCRIPT, '').replace(MODULE_PRELOAD, ''),
    scripts: { entry: entry[0], preload },
  };
}

/** The end of a rendered page's body: the list of its scripts and the inline script that loads them. */
export function appScriptsElements(scripts: AppScripts): string {
  return (
    `<script type="application/json" id="${APP_SCRIPTS_ID}">${jsonForScript(scripts)}</script>` +
    `<script>${APP_LOADER_SCRIPT}</script>`
  );
}
