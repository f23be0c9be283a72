// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { sanitizeMessageHtml } from './sanitize';

describe('sanitizeMessageHtml', () => {
  it('renders a mention as the avatar and name, with no link', () => {
    const html = sanitizeMessageHtml('<p>שלום <span data-mention="12">@דנה כהן</span></p>');
    const root = document.createElement('div');
    root.innerHTML = html;
    const mention = root.querySelector('span[data-mention="12"]');
    expect(mention?.className).toBe('mention');
    expect(mention?.textContent).toBe('@דנה כהן');
    expect(mention?.querySelector('img')?.getAttribute('src')).toBe('/api/avatars/12.svg');
    expect(root.querySelector('a')).toBeNull();
  });

  it('decorates only the spans that mention a user by id, each once', () => {
    const html = sanitizeMessageHtml(
      '<p><span>א</span><span data-mention="3">@דנה</span><span data-mention="x">@רון</span><span data-mention="4">@גל</span></p>',
    );
    const root = document.createElement('div');
    root.innerHTML = html;
    expect([...root.querySelectorAll('img.mention__avatar')].map((img) => img.getAttribute('src'))).toEqual([
      '/api/avatars/3.svg',
      '/api/avatars/4.svg',
    ]);
    expect(root.querySelectorAll('span.mention')).toHaveLength(2);
  });

  it('gives each block the direction of its own text, whatever dir the writer sent', () => {
    const root = document.createElement('div');
    root.innerHTML = sanitizeMessageHtml(
      '<p>Thanks, that helped.</p><p dir="ltr">Git או Python? שאלה טובה.</p><p>42 :)</p>' +
        '<blockquote><b>david88 כתב/ה:</b><br>Hello there</blockquote><div dir="rtl">npm <code>ci</code></div>' +
        '<pre><code>שלום = 1</code></pre><p>Only <script>שלום</script>English</p>',
    );
    expect([...root.children].map((block) => `${block.localName} ${block.getAttribute('dir')}`)).toEqual([
      'p ltr',
      'p rtl',
      'p null',
      'blockquote rtl',
      'div ltr',
      'pre ltr',
      'p ltr',
    ]);
  });

  it('keeps data-quote on a blockquote only, and only ids', () => {
    expect(sanitizeMessageHtml('<blockquote data-quote="5">x</blockquote>')).toContain('data-quote="5"');
    expect(sanitizeMessageHtml('<p data-quote="5">x</p>')).not.toContain('data-quote');
    expect(sanitizeMessageHtml('<p data-mention="5">x</p>')).not.toContain('data-mention');
    expect(sanitizeMessageHtml('<span data-mention="x">@a</span>')).not.toContain('data-mention');
    expect(sanitizeMessageHtml('<span data-other="1">a</span>')).not.toContain('data-other');
  });
});
