// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { createRandom, messageBody } from '../../bench/text';
import { sanitizeMessage } from '../../server/modules/markup/markup';
import { XSS_VECTORS } from '../../server/modules/markup/xss-vectors.fixture';
import { EMOJI, emojiPath } from '../../shared/emoji';
import { ALLOWED_TAGS } from '../../shared/markup-rules';
import { sanitizeMessageHtml } from './sanitize';
import { sanitizeMessageHtmlOnServer } from './sanitize-on-server';

/** Messages of the bench's datasets, made by the same generator. */
function benchMessages(count: number): string[] {
  const random = createRandom(20261123);
  return Array.from({ length: count }, (_, i) => messageBody(random, { rare: i % 50 === 0 }).html);
}

/** The markup a writer or the server can store, and what an old or hand-edited row might hold. */
const MESSAGES = [
  '<p>שלום <b>עולם</b> <i>נטוי</i> <u>קו</u> <em>הדגשה</em> <strong>חזק</strong></p>',
  '<p>שלום <span data-mention="12">@דנה כהן</span></p>',
  '<p><span>א</span><span data-mention="3">@דנה</span><span data-mention="x">@רון</span><span data-mention="4">@גל</span></p>',
  '<span data-mention="012">@אפס</span><span data-mention="5" class="x" dir="rtl">@חמש</span>',
  '<blockquote data-quote="5">ציטוט</blockquote><p data-quote="5">x</p><p data-mention="5">x</p>',
  '<blockquote data-quote="x">ציטוט</blockquote><blockquote data-quote=" 7 ">רווח</blockquote>',
  '<span data-other="1">a</span><p data-x="1" aria-label="y">b</p>',
  '<pre><code class="language-typescript">const a = 1 &lt; 2;\n  return a;</code></pre>',
  '<pre><code class="language-c++">int main() {}</code></pre><code class="hljs language-py">x</code>',
  '<pre>\n\nשורה</pre><pre>\r\nשורה</pre><pre dir="rtl" tabindex="-1" class="x">y</pre>',
  '<p dir="rtl">א</p><code dir="rtl">b</code><div dir="auto">c</div>',
  '<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">קישור</a>',
  '<a href="mailto:a@example.com">מייל</a><a href="  https://example.com/ ">רווח</a><a>בלי</a>',
  '<a href="/relative">יחסי</a><a href="//evil.example/">פרוטוקול</a><a href="tel:123">טלפון</a>',
  '<a href="https://example.com/-->">x</a><img src="https://example.com/a.png" alt="--!>">',
  ...EMOJI.slice(0, 20).map((emoji) => `<p>א<img src="${emojiPath(emoji.code)}" alt="${emoji.label}">ב</p>`),
  '<img src="/emoji/not-ours.png"><img src="https://example.com/a.png" width="5" loading="eager">',
  '<img src="data:image/png;base64,AAAA"><img><img src=""><img src="  https://example.com/b.png  ">',
  '<p loading="lazy" decoding="sync" alt="a" src="https://x.example/" href="https://y.example/">x</p>',
  '<b href="javascript:alert(1)" target="x" rel="y">b</b>',
  '1 < 2 & 3 > 2 &amp; &lt;b&gt; &copy &notin; &#0; &#x1F600; &nbsp;x\u00A0y',
  'שלום 😀 עולם 👍🏽 ‏RTL‎ mark',
  '  \n  רווח בהתחלה<br><br/></br>',
  '<p>פסקה<p>בלי סגירה<div>בלוק</div></p>',
  '<a href="https://a.example/">1<a href="https://b.example/">2</a></a>',
  '<blockquote><blockquote>מקונן</blockquote><p>ציטוט</p></blockquote>',
  '<!-- הערה --><p>אחרי<!-- <b>x</b> --></p><b>&lt;x<!--y--></b><!doctype html><?xml x?>',
  '<p>&lt;script&gt;alert(1)&lt;/script&gt;</p>',
  '<p>Thanks, that helped.</p><p dir="ltr">Git או Python? שאלה טובה.</p><p>42 :)</p>',
  '<blockquote><b>david88 כתב/ה:</b><br>Hello there</blockquote><div dir="rtl">npm <code>ci</code></div>',
  '<p>Only <script>שלום</script><style>א</style><template>ב</template>English<!-- עברית --></p>',
  '<div><p>English</p>עברית <span data-mention="4">@גל</span></div><p><font>ש</font>x</p>',
  '<unknown>ידוע</unknown><font color="red">גופן</font><center>מרכז</center>',
  '<script>alert(1)</script>אחרי<style>p{}</style><template><b>x</b></template>',
  '<textarea><b>x</b></textarea><title>כותרת</title><noscript><p>x</p></noscript>',
  '<xmp><img src=x onerror=alert(1)></xmp><iframe src="https://x.example/"></iframe>',
  '<div onclick="alert(1)" style="color:red" id="x" name="y" title="t">אירועים</div>',
  `${'<p>'.repeat(30)}עמוק${'</p>'.repeat(30)}`,
  `${'<b>'.repeat(30)}עמוק${'</b>'.repeat(30)}`,
  '<ul><li>רשימה</li></ul><h1>כותרת</h1><table><tr><td>תא</td></tr></table>',
  '<img src="https://example.com/a.png" onerror="alert(1)" alt=\'"><script>x</script>\'>',
  '<a href="java\nscript:alert(1)">x</a><a href="&#106;avascript:alert(1)">y</a><a href="JAVASCRIPT:1">z</a>',
];

/**
 * Raw markup the two parsers build different trees for: the browser's reopens an `<i>` that `</b>`
 * closed around the text after it, and puts a `<noscript>` that opens a document in its head, where
 * a `<p>` closes it. Harmless either way, and never in a stored row: the write sanitiser stores
 * them as htmlparser2 reads them, well nested (checked below).
 */
const PARSED_APART = [
  '<b><i>שזורים</b> עדיין</i>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
];

const parse = (html: string) => {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
};

/** Both sanitisers' HTML as the browser reads it: the DOM hydration keeps against the one the browser would make. */
function differences(inputs: readonly string[]) {
  return inputs.flatMap((input) => {
    const browser = sanitizeMessageHtml(input);
    const server = sanitizeMessageHtmlOnServer(input);
    return parse(browser).isEqualNode(parse(server)) ? [] : [{ input, browser, server }];
  });
}

describe('sanitizeMessageHtmlOnServer', () => {
  it('makes the DOM the browser sanitiser makes, for the bench generator messages', () => {
    expect(differences(benchMessages(1000))).toEqual([]);
  });

  it('makes the DOM the browser sanitiser makes, for stored markup and hostile rows', () => {
    expect(
      differences([...MESSAGES, ...XSS_VECTORS.filter((input) => !PARSED_APART.includes(input))]),
    ).toEqual([]);
  });

  it('makes the DOM the browser sanitiser makes, for whatever the write sanitiser stores', () => {
    expect(differences([...MESSAGES, ...XSS_VECTORS, ...PARSED_APART].map(sanitizeMessage))).toEqual([]);
  });

  it('leaves no script, handler or unsafe address in XSS vectors as they are', () => {
    for (const input of XSS_VECTORS) {
      const dom = parse(sanitizeMessageHtmlOnServer(input));
      for (const element of dom.querySelectorAll('*')) {
        expect(ALLOWED_TAGS).toContain(element.localName);
        for (const attribute of element.attributes) {
          expect(attribute.name, input).not.toMatch(/^on/i);
          expect(attribute.value, input).not.toMatch(/^\s*(?:javascript|data|vbscript):/i);
        }
      }
    }
  });

  it('renders a mention as the avatar and name, with no link', () => {
    const dom = parse(sanitizeMessageHtmlOnServer('<p>שלום <span data-mention="12">@דנה כהן</span></p>'));
    const mention = dom.querySelector('span[data-mention="12"]');
    expect(mention?.className).toBe('mention');
    expect(mention?.textContent).toBe('@דנה כהן');
    expect(mention?.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/12.svg');
    expect(dom.querySelector('a')).toBeNull();
  });
});
