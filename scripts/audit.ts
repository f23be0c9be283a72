/**
 * `npm audit --omit=dev`, failing on a high or critical advisory in what production installs. npm
 * exits 1 both for "vulnerabilities found" and for "the registry's audit endpoint answered an
 * error" (a mirror without it answers 405), so the JSON decides which happened: an unreachable
 * audit is said loudly and fails only when REQUIRE_AUDIT=1, the way REQUIRE_POSTGRES works.
 */
import { spawnSync } from 'node:child_process';

interface AuditReport {
  metadata?: { vulnerabilities?: Record<string, number> };
  vulnerabilities?: Record<string, { severity: string; via: unknown[] }>;
  message?: string;
  error?: { summary?: string };
}

const run = spawnSync('npm', ['audit', '--omit=dev', '--json'], { encoding: 'utf8', timeout: 120_000 });
let report: AuditReport | undefined;
try {
  report = JSON.parse(run.stdout) as AuditReport;
} catch {
  report = undefined;
}

const counts = report?.metadata?.vulnerabilities;
if (!counts) {
  const reason = report?.message ?? report?.error?.summary ?? run.error?.message ?? run.stderr.trim();
  console.log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
  console.log('!! npm audit could NOT run: the registry gave no audit report.');
  console.log(`!! ${reason || 'no answer'}`);
  console.log('!! Production dependencies are NOT checked for advisories in this run.');
  console.log('!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!');
  process.exit(process.env.REQUIRE_AUDIT === '1' ? 1 : 0);
}

const serious = Object.entries(report?.vulnerabilities ?? {}).filter(([, v]) =>
  ['high', 'critical'].includes(v.severity),
);
console.log(
  `npm audit (production): ${Object.entries(counts)
    .map(([level, n]) => `${level} ${n}`)
    .join(', ')}`,
);
if (serious.length > 0) {
  for (const [name, v] of serious) console.log(`  ${v.severity}: ${name}`);
  console.log('High or critical advisories in production dependencies: run `npm audit --omit=dev`.');
  process.exit(1);
}
