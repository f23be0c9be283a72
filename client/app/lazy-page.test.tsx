import { Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-page';

function Greeting({ name }: { name: string }) {
  return <p>שלום {name}</p>;
}

const inSuspense = (element: React.ReactNode) =>
  renderToString(<Suspense fallback={<span>טוען</span>}>{element}</Suspense>);

describe('lazyPage', () => {
  it('suspends before its chunk is in, and once preloaded renders at once, without suspending', async () => {
    let loads = 0;
    const Page = lazyPage(async () => {
      loads += 1;
      return Greeting;
    });
    expect(inSuspense(<Page name="דנה" />)).toContain('טוען');
    await Page.preload();
    expect(inSuspense(<Page name="דנה" />)).toContain('שלום <!-- -->דנה');
    expect(loads).toBe(1);
  });

  it('asks again for a chunk that failed to arrive', async () => {
    let attempts = 0;
    const Page = lazyPage(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('offline');
      return Greeting;
    });
    await expect(Page.preload()).rejects.toThrow('offline');
    await Page.preload();
    expect(inSuspense(<Page name="דנה" />)).toContain('דנה');
    expect(attempts).toBe(2);
  });
});
