import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { measureClientWeight } from './client-weight';

/** A built client of one entry and the three route chunks, each importing a shared chunk. */
function fakeClient(withTwins: boolean) {
  const dir = mkdtempSync(path.join(tmpdir(), 'client-weight-'));
  mkdirSync(path.join(dir, 'assets'));
  mkdirSync(path.join(dir, '.vite'));
  const big = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))};\n`;
  const files: Record<string, string> = {
    'assets/entry.js': big,
    'assets/shared.js': 'export const x = 1;\n',
    'assets/page.js': 'import "./shared.js";\n',
    'assets/lazy.js': big.replace('words', 'later'),
    'assets/entry.css': 'body { color: black }\n',
  };
  for (const [file, body] of Object.entries(files)) {
    writeFileSync(path.join(dir, file), body);
    if (withTwins && body.length >= 1024) writeFileSync(path.join(dir, `${file}.br`), 'x'.repeat(100));
  }
  writeFileSync(
    path.join(dir, 'index.html'),
    '<script type="module" src="/assets/entry.js"></script><link rel="stylesheet" href="/assets/entry.css">',
  );
  const page = { file: 'assets/page.js', imports: ['shared'], dynamicImports: ['lazy'] };
  writeFileSync(
    path.join(dir, '.vite', 'manifest.json'),
    JSON.stringify({
      'main.tsx': { file: 'assets/entry.js', isEntry: true, css: ['assets/entry.css'] },
      shared: { file: 'assets/shared.js' },
      lazy: { file: 'assets/lazy.js', isDynamicEntry: true },
      'app/pages/home-page.tsx': page,
      'app/pages/forum-page.tsx': page,
      'app/pages/topic-page.tsx': page,
    }),
  );
  return { dir, files };
}

describe('measureClientWeight', () => {
  it('counts brotli as served: the build twin, or the file itself when too small for one', () => {
    const { dir, files } = fakeClient(true);
    const { topic } = measureClientWeight(dir);
    const small = (file: string) => Buffer.byteLength(files[file] ?? '');
    expect(topic.jsBrotli).toBe(100 + small('assets/shared.js') + small('assets/page.js'));
    expect(topic.cssBrotli).toBe(small('assets/entry.css'));
    expect(topic.lazyJsBrotli).toBe(100);
    expect(topic.files).toEqual([
      'assets/entry.css',
      'assets/entry.js',
      'assets/page.js',
      'assets/shared.js',
    ]);
  });

  it('compresses a large file itself when the build wrote no twin', () => {
    const { dir, files } = fakeClient(false);
    const { topic } = measureClientWeight(dir);
    const entry = files['assets/entry.js'] ?? '';
    const small =
      Buffer.byteLength(files['assets/shared.js'] ?? '') + Buffer.byteLength(files['assets/page.js'] ?? '');
    // Node's default brotli quality is the best (11), as the build's.
    expect(topic.jsBrotli).toBe(brotliCompressSync(entry).length + small);
    expect(topic.jsBrotli).toBeLessThan(Buffer.byteLength(entry));
  });
});
