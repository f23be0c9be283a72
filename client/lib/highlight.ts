import hljs from 'highlight.js/lib/core';
import bash from 'highlight.js/lib/languages/bash';
import css from 'highlight.js/lib/languages/css';
import javascript from 'highlight.js/lib/languages/javascript';
import json from 'highlight.js/lib/languages/json';
import python from 'highlight.js/lib/languages/python';
import sql from 'highlight.js/lib/languages/sql';
import typescript from 'highlight.js/lib/languages/typescript';
import xml from 'highlight.js/lib/languages/xml';
import './highlight.css';

// A few common languages keep this chunk near 10 KB; the full build is ~300 KB (DESIGN.md).
const LANGUAGES = { bash, css, javascript, json, python, sql, typescript, xml };
for (const [name, language] of Object.entries(LANGUAGES)) hljs.registerLanguage(name, language);
hljs.registerAliases(['html'], { languageName: 'xml' });
hljs.registerAliases(['js'], { languageName: 'javascript' });
hljs.registerAliases(['ts'], { languageName: 'typescript' });
hljs.registerAliases(['sh', 'shell'], { languageName: 'bash' });

/** Highlights every code block inside `root` that has not been highlighted yet. */
export function highlightWithin(root: HTMLElement): void {
  for (const block of root.querySelectorAll<HTMLElement>('pre > code, pre:not(:has(code))')) {
    if (block.dataset.highlighted === 'yes') continue;
    const language = /language-([a-z0-9_+#-]+)/.exec(block.className)?.[1];
    if (language && !hljs.getLanguage(language)) block.className = '';
    hljs.highlightElement(block);
  }
}
