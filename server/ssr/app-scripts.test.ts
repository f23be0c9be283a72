import { describe, expect, it } from 'vitest';
import { APP_LOADER_SCRIPT, APP_SCRIPTS_ID } from '../../shared/app-loader-script';
import { appScriptsElements, takeAppScripts } from './app-scripts';

describe("the built head's scripts, moved behind the first paint", () => {
  it('takes the module script and its modulepreloads out of the head, whatever their other attributes', () => {
    const head = [
      '<meta charset="UTF-8" />',
      '<script type="module" fetchpriority="low" crossorigin src="/assets/index-A1.js"></script>',
      '<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/react-B2.js">',
      '<link rel="modulepreload" crossorigin href="/assets/query-C3.js">',
      '<link rel="stylesheet" href="/assets/index-D4.css">',
    ].join('\n    ');
    const taken = takeAppScripts(head);
    expect(taken.scripts).toEqual({
      entry: '/assets/index-A1.js',
      preload: ['/assets/react-B2.js', '/assets/query-C3.js'],
    });
    expect(taken.head).not.toMatch(/script|modulepreload/);
    expect(taken.head).toContain('<link rel="stylesheet" href="/assets/index-D4.css">');
  });

  it('leaves a head without a module script as it is', () => {
    const head = '<meta charset="UTF-8" /><link rel="modulepreload" href="/assets/a.js">';
    expect(takeAppScripts(head)).toEqual({ head, scripts: null });
  });

  it('lists the scripts as JSON no address can break out of, followed by the loader', () => {
    const elements = appScriptsElements({ entry: '/assets/index-A1.js', preload: ['/assets/</script>.js'] });
    expect(elements).toBe(
      `<script type="application/json" id="${APP_SCRIPTS_ID}">` +
        '{"entry":"/assets/index-A1.js","preload":["/assets/\\u003c/script\\u003e.js"]}</script>' +
        `<script>${APP_LOADER_SCRIPT}</script>`,
    );
  });
});
