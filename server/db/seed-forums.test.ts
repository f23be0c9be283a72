import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_FORUMS, forumsFileOption, forumsToSeed, readForumsFile } from './seed-forums';

describe('the forums a first start seeds', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'forums-file-'));
  const file = (name: string, content: unknown) => {
    const target = path.join(dir, name);
    writeFileSync(target, typeof content === 'string' ? content : JSON.stringify(content));
    return target;
  };

  it('reads a list of forums in order, numbering them from 1', () => {
    const forums = readForumsFile(
      file('ok.json', [
        { name: ' א ', icon: '🎲' },
        { name: 'ב', icon: '💬', description: 'תיאור' },
      ]),
    );
    expect(forums).toEqual([
      { id: 1, name: 'א', icon: '🎲' },
      { id: 2, name: 'ב', icon: '💬', description: 'תיאור' },
    ]);
  });

  it('stops with a clear line for a bad file', () => {
    expect(() => readForumsFile(file('bad.json', '{'))).toThrow(/bad\.json/);
    expect(() => readForumsFile(file('empty.json', []))).toThrow(/no forum/);
    expect(() => readForumsFile(file('icon.json', [{ name: 'א', icon: 'abc' }]))).toThrow(/0\.icon/);
  });

  it('takes --forums FILE before FORUMS_FILE, and the defaults when neither is given', () => {
    expect(forumsFileOption(['--forums', 'a.json'], 'b.json')).toBe('a.json');
    expect(forumsFileOption(['--port', '1'], 'b.json')).toBe('b.json');
    expect(forumsFileOption([], undefined)).toBeUndefined();
    expect(forumsToSeed(undefined)).toBe(DEFAULT_FORUMS);
  });
});
