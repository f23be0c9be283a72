// @vitest-environment jsdom
import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { quoteMarkup, quoteTaken, requestQuote, useQuoteRequest } from './quote-requests';

describe('quoting a message', () => {
  it('quotes its text with its source and the author’s name, without the quotes inside it', () => {
    const html = quoteMarkup(
      {
        id: 42,
        content:
          '<blockquote data-quote="7"><p>ציטוט ישן</p></blockquote><p>מה <b>שחשוב</b></p><pre><code>x &lt; 1</code></pre>',
      },
      'דני <b>&',
    );
    expect(html).toBe(
      '<blockquote data-quote="42"><p><strong>דני &#60;b&#62;&#38; כתב/ה:</strong></p>' +
        '<p>מה <b>שחשוב</b></p><pre><code>x &lt; 1</code></pre></blockquote><p></p>',
    );
  });

  it('reaches the writer of its topic once', () => {
    const { result, rerender } = renderHook(({ topicId }) => useQuoteRequest(topicId), {
      initialProps: { topicId: 5 },
    });
    expect(result.current).toBeNull();
    act(() => requestQuote(5, '<p>א</p>'));
    const first = result.current;
    expect(first?.html).toBe('<p>א</p>');
    // Another topic's writer does not take it.
    rerender({ topicId: 6 });
    expect(result.current).toBeNull();
    rerender({ topicId: 5 });
    act(() => requestQuote(5, '<p>ב</p>'));
    expect(result.current?.id).not.toBe(first?.id);
    // An old request taken late leaves the newer one.
    act(() => quoteTaken(first?.id ?? 0));
    expect(result.current?.html).toBe('<p>ב</p>');
    act(() => quoteTaken(result.current?.id ?? 0));
    expect(result.current).toBeNull();
  });
});
