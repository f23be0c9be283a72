/** The localStorage key of the visitor's chosen theme ('light' or 'dark'); absent: follow the system. */
export const THEME_STORAGE_KEY = 'theme';

/**
 * The page head's inline script: it sets `data-theme` on <html> before the first paint, so a dark
 * page never flashes light. The build writes it into index.html (vite.config.ts) and the server's
 * Content-Security-Policy allows exactly this text by its SHA-256 (server/plugins/security.ts), so
 * no other inline script runs. Keep it tiny: it blocks rendering.
 */
export const THEME_SCRIPT = `(function(){var t;try{t=localStorage.getItem('${THEME_STORAGE_KEY}')}catch(e){}if(t!=='light'&&t!=='dark')t=matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light';document.documentElement.setAttribute('data-theme',t)})()`;
