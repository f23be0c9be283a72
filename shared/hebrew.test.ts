import { describe, expect, it } from 'vitest';
import { normalizeForSearch } from './hebrew';

describe('normalizeForSearch', () => {
  it('strips niqqud and cantillation', () => {
    expect(normalizeForSearch('שָׁלוֹם')).toBe('שלום');
    expect(normalizeForSearch('בְּרֵאשִׁ֖ית')).toBe('בראשית');
  });
  it('lower-cases Latin, folds white space and applies NFKC', () => {
    expect(normalizeForSearch('  Hello\n\tWORLD ')).toBe('hello world');
    expect(normalizeForSearch('ﬁle')).toBe('file');
  });
});
