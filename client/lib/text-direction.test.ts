import { describe, expect, it } from 'vitest';
import { markupDirection, textDirection } from './text-direction';

describe('textDirection', () => {
  it.each([
    ['מה עושים עם אימוץ כלב?', 'rtl'],
    // dir="auto" would take these left to right: their first letter is Latin.
    ['Git או Python לפרויקט חדש?', 'rtl'],
    ['SQLite או TypeScript לפרויקט חדש?', 'rtl'],
    ['david88 הגיב/ה לנושא שלך', 'rtl'],
    ['שָׁלוֹם', 'rtl'],
    ['مرحبا بالعالم', 'rtl'],
    ['How do I learn Git?', 'ltr'],
    ['david88', 'ltr'],
    ['Ελληνικά', 'ltr'],
    ['2026 :) 42!', undefined],
    ['', undefined],
  ] as const)('%s → %s', (text, direction) => {
    expect(textDirection(text)).toBe(direction);
  });
});

describe('markupDirection', () => {
  it.each([
    ['<blockquote><b>david88 כתב/ה:</b><br>לא בטוח שהבנתי</blockquote><p>תוסיף אימון</p>', 'rtl'],
    ['<p>npm install</p><pre><code>git log --oneline</code></pre><p>ככה זה עובד</p>', 'rtl'],
    ['<p>Hello there</p>', 'ltr'],
    // The names of tags and entities are not text: a message of digits and signs keeps the page's.
    ['<p>42 &amp; 7 &#8362;</p><img src="/a.webp" alt="">', undefined],
  ] as const)('%s → %s', (html, direction) => {
    expect(markupDirection(html)).toBe(direction);
  });
});
