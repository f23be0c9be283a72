import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The client's import rule (docs/architecture.md): app → features → components, lib, session →
 * shared, and features never import each other. Biome enforces it through overrides in biome.json;
 * a file importing across the layers must fail `biome check`, whatever the depth of the file.
 */
const root = path.resolve(import.meta.dirname, '..');
const made: string[] = [];

function lintImport(file: string, specifier: string, name = 'x'): string {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, `import { ${name} } from '${specifier}';\nexport const y = ${name};\n`);
  made.push(full);
  try {
    execFileSync('npx', ['biome', 'lint', '--max-diagnostics=5', file], { cwd: root, stdio: 'pipe' });
    return '';
  } catch (error) {
    const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
    return `${stdout ?? ''}${stderr ?? ''}`;
  } finally {
    rmSync(full, { force: true });
  }
}

afterAll(() => {
  for (const file of made) rmSync(file, { force: true });
  rmSync(path.join(root, 'client/features/layer-probe'), { recursive: true, force: true });
});

describe('the client layers', () => {
  it.each([
    ['client/features/layer-probe/probe.ts', '../../app/routes'],
    ['client/features/layer-probe/probe.ts', '../search/search-form'],
    ['client/features/layer-probe/probe.ts', '../../features/search/search-form'],
    ['client/features/layer-probe/api/probe.ts', '../../../app/routes'],
    ['client/features/layer-probe/api/probe.ts', '../../search/search-form'],
    ['client/features/layer-probe/api/probe.ts', '../../../features/search/search-form'],
    ['client/components/layer-probe.ts', '../features/search/search-form'],
    ['client/components/form/layer-probe.ts', '../../app/routes'],
    ['client/lib/layer-probe.ts', '../features/search/search-form'],
    ['client/session/layer-probe.ts', '../app/routes'],
  ])(
    '%s may not import %s',
    (file, specifier) => {
      expect(lintImport(file, specifier)).toContain('noRestrictedImports');
    },
    60_000,
  );

  it.each([
    ['client/features/layer-probe/probe.ts', '../../lib/api-client'],
    ['client/features/layer-probe/api/probe.ts', '../probe-sibling'],
    ['client/features/layer-probe/api/probe.ts', '../../../components/avatar'],
    ['client/app/layer-probe.ts', '../features/search/search-form'],
  ])(
    '%s may import %s',
    (file, specifier) => {
      expect(lintImport(file, specifier)).not.toContain('noRestrictedImports');
    },
    60_000,
  );

  it.each([
    ['client/app/layer-probe.ts', 'Link'],
    ['client/components/layer-probe.ts', 'NavLink'],
    ['client/features/layer-probe/probe.ts', 'Link'],
    ['client/features/layer-probe/api/probe.ts', 'NavLink'],
  ])(
    '%s links to pages with AppLink, not React Router’s %s',
    (file, name) => {
      expect(lintImport(file, 'react-router', name)).toContain('noRestrictedImports');
      expect(lintImport(file, 'react-router', 'useParams')).not.toContain('noRestrictedImports');
    },
    60_000,
  );
});
