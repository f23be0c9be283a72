import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { EMOJI, emojiPath } from '../../../shared/emoji';
import { ALLOWED_TAGS, LINK_REL } from '../../../shared/markup-rules';
import { VALIDATION_MESSAGES } from '../../../shared/validation-messages';
import { HttpError } from '../../http-error';
import {
  ALLOWED_ATTRIBUTES,
  isEmptyMessage,
  messagePlainText,
  prepareMessageContent,
  previewText,
  sanitizeMessage,
} from './markup';
import { XSS_VECTORS } from './xss-vectors.fixture';

/** Every element of some HTML with its attributes, as an HTML parser sees them. */
function elements(html: string) {
  const found: { tag: string; attribs: Record<string, string> }[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    allowVulnerableTags: true,
    onOpenTag: (tag, attribs) => found.push({ tag, attribs }),
  });
  return found;
}

/** Fails unless `html` holds only allowlisted tags, attributes and URLs. */
function expectHarmless(html: string) {
  for (const { tag, attribs } of elements(html)) {
    expect(ALLOWED_TAGS as readonly string[]).toContain(tag);
    for (const [name, value] of Object.entries(attribs)) {
      expect(ALLOWED_ATTRIBUTES[tag] ?? []).toContain(name);
      if (name === 'href') expect(value).toMatch(/^(https?:\/\/|mailto:)/i);
      if (name === 'src') expect(value).toMatch(/^(https?:\/\/|\/emoji\/[0-9a-f]+\.svg$)/i);
      if (name === 'class') expect(value).toMatch(/^language-[a-z0-9_+#-]+$/);
    }
    if (tag === 'a') expect(attribs).toMatchObject({ target: '_blank', rel: LINK_REL });
  }
  // Attribute values are quoted and escaped; outside them no dangerous tag or handler may appear.
  const outsideValues = html.replace(/="[^"]*"/g, '=""');
  expect(outsideValues).not.toMatch(/<script|<style|<iframe|<svg|<math|\son\w+=|\sstyle=/i);
}

describe('sanitizeMessage against known XSS vectors', () => {
  it('has a corpus of at least 50 vectors', () => {
    expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
  });

  it.each(XSS_VECTORS.map((vector) => [vector]))('neutralises %s', (vector) => {
    const clean = sanitizeMessage(vector);
    expectHarmless(clean);
    // Sanitising is stable: what we store sanitises to itself, so nothing hides for a second pass.
    expect(sanitizeMessage(clean)).toBe(clean);
  });

  it('keeps the text of a refused link but not the link', () => {
    expect(sanitizeMessage('<a href="javascript:alert(1)">לחצו כאן</a>')).toBe('לחצו כאן');
  });

  it('drops an image without an allowed source entirely', () => {
    expect(sanitizeMessage('לפני<img src="data:image/png;base64,AAAA">אחרי')).toBe('לפניאחרי');
    expect(sanitizeMessage('<img src="/emoji/not-ours.svg">')).toBe('');
    expect(sanitizeMessage('<img src="//evil.example/a.png">')).toBe('');
  });

  it('refuses URLs longer than the spec allows', () => {
    const long = `https://example.com/${'a'.repeat(300)}`;
    expect(sanitizeMessage(`<a href="${long}">x</a>`)).toBe('x');
    expect(sanitizeMessage(`<img src="${long}">`)).toBe('');
  });
});

describe('sanitizeMessage keeps the allowed markup', () => {
  it.each([
    ['<b>מודגש</b> <strong>חזק</strong>'],
    ['<i>נטוי</i> <em>הדגשה</em> <u>קו תחתון</u>'],
    ['<pre><code class="language-typescript">const a = 1 &lt; 2 &amp;&amp; b;</code></pre>'],
    ['<code>inline</code>'],
    ['<blockquote>ציטוט <b>חשוב</b></blockquote>'],
    ['<p>פסקה</p><div>שורה<br />שורה שנייה</div>'],
    ['<img src="https://example.com/pic.png" alt="תמונה" />'],
    [`<img src="${emojiPath('1f600')}" alt="חיוך" />`],
  ])('%s', (html) => {
    expect(sanitizeMessage(html)).toBe(html);
  });

  it('makes every link open in a new tab with a safe rel, whatever was sent', () => {
    expect(
      sanitizeMessage('<a href="https://example.com/a?b=1&amp;c=2" target="_self" rel="opener">קישור</a>'),
    ).toBe(`<a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="${LINK_REL}">קישור</a>`);
    expect(sanitizeMessage('<a href="mailto:a@example.com">מייל</a>')).toBe(
      `<a href="mailto:a@example.com" target="_blank" rel="${LINK_REL}">מייל</a>`,
    );
  });

  it('lets all 14 emoji images through with their Hebrew label', () => {
    expect(EMOJI).toHaveLength(14);
    for (const emoji of EMOJI) {
      expect(sanitizeMessage(`<img src="${emojiPath(emoji.code)}">`)).toBe(
        `<img src="${emojiPath(emoji.code)}" alt="${emoji.label}" />`,
      );
    }
  });

  it('keeps only a language class on code', () => {
    expect(sanitizeMessage('<code class="hljs language-Python evil">x</code>')).toBe(
      '<code class="language-python">x</code>',
    );
    expect(sanitizeMessage('<code class="evil">x</code>')).toBe('<code>x</code>');
  });

  it('escapes angle brackets and ampersands in text', () => {
    expect(sanitizeMessage('1 < 2 & 3 > 2')).toBe('1 &lt; 2 &amp; 3 &gt; 2');
  });

  it('removes unknown tags but keeps their text, and removes script text', () => {
    expect(sanitizeMessage('<span style="color:red">שלום</span><script>alert(1)</script>')).toBe('שלום');
  });
});

describe('plain text, previews and the empty check', () => {
  it('reads sanitised HTML as text, emoji as characters and blocks as spaces', () => {
    const html = sanitizeMessage(
      `<p>שָׁלוֹם&nbsp;<b>עולם</b></p><div>1 &lt; 2 &amp; "x"</div><img src="${emojiPath('1f44d')}">`,
    );
    expect(messagePlainText(html)).toBe('שָׁלוֹם עולם 1 < 2 & "x" 👍');
  });

  it('cuts previews near 200 characters at a word boundary', () => {
    const text = 'מילה '.repeat(100).trim();
    const preview = previewText(text);
    expect(preview.length).toBeLessThanOrEqual(200);
    expect(preview.endsWith('מילה…')).toBe(true);
    expect(previewText('קצר')).toBe('קצר');
  });

  it.each([
    [''],
    ['   '],
    ['<br><br>'],
    ['<p> </p><div><br /></div>'],
    ['<p>&nbsp;</p>'],
    ['<b> </b>'],
    ['<script>alert(1)</script>'],
    ['<img src="javascript:alert(1)">'],
  ])('counts %j as empty', (html) => {
    expect(isEmptyMessage(sanitizeMessage(html))).toBe(true);
  });

  it('counts text or an image as content', () => {
    expect(isEmptyMessage(sanitizeMessage('<p>א</p>'))).toBe(false);
    expect(isEmptyMessage(sanitizeMessage(`<img src="${emojiPath('1f600')}">`))).toBe(false);
  });

  it('prepares stored content with search text and preview', () => {
    expect(prepareMessageContent('<p>שָׁלוֹם <b>World</b></p><script>x</script>')).toEqual({
      content: '<p>שָׁלוֹם <b>World</b></p>',
      contentSearch: 'שלום world',
      preview: 'שָׁלוֹם World',
    });
  });

  it('refuses an empty or too long message with the spec messages', () => {
    const refusal = (html: string) => {
      try {
        prepareMessageContent(html);
      } catch (error) {
        return error instanceof HttpError ? [error.statusCode, error.message] : error;
      }
      return null;
    };
    expect(refusal('<p><br></p>')).toEqual([400, VALIDATION_MESSAGES.emptyMessage]);
    expect(refusal('א'.repeat(10_001))).toEqual([400, VALIDATION_MESSAGES.messageTooLong]);
    expect(refusal('א'.repeat(10_000))).toBeNull();
  });
});
