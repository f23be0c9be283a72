import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { cpuShareText } from './load-generator';
import type { DatasetRun } from './run';

/**
 * The README's table of a bench run (`npm run bench:table -- bench/results/<file>.json`): every row of
 * the large dataset with its ratios, the client's CPU and, on PostgreSQL, the database's CPU, beside
 * the small dataset's p99 and CPU for the same row. Written by hand before, a column at a time.
 */

/** What a results file of `npm run bench` holds that the table shows. */
export interface BenchResults {
  database: 'sqlite' | 'postgres';
  datasets: Pick<DatasetRun, 'name' | 'hello' | 'endpoints'>[];
}

const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '' : value.toFixed(digits);

export function readmeTable(results: BenchResults): string {
  const postgres = results.database === 'postgres';
  const large = results.datasets.find((dataset) => dataset.name === 'large');
  if (!large) throw new Error('the results hold no large dataset');
  const small = results.datasets.find((dataset) => dataset.name === 'small');
  const smallRows = new Map((small ? [small.hello, ...small.endpoints] : []).map((row) => [row.name, row]));
  const columns = [
    'req/s',
    'p50 ms',
    'p99 ms',
    'errors',
    '× hello',
    'CPU ms/req',
    '× hello (CPU)',
    '× same bytes',
    'client CPU',
    ...(postgres ? ['PostgreSQL CPU ms/req'] : []),
    'p99 ms, 20,000 msgs',
    'CPU ms/req, 20,000 msgs',
  ];
  const title = `endpoint (${postgres ? 'PostgreSQL, one instance' : 'SQLite'}, 1,000,000 messages)`;
  const lines = [`| ${title} | ${columns.join(' | ')} |`, `|---|${columns.map(() => '---:').join('|')}|`];
  for (const row of [large.hello, ...large.endpoints]) {
    const smallRow = smallRows.get(row.name);
    const cells = [
      String(row.requestsPerSecond),
      String(row.p50Ms),
      String(row.p99Ms),
      String(row.errors),
      fixed(row.ratio, 2),
      fixed(row.cpuMsPerRequest, 3),
      fixed(row.cpuRatio, 2),
      fixed(row.sameSizeRatio, 2),
      cpuShareText(row.clientCpuShare),
      ...(postgres ? [fixed(row.databaseCpuMsPerRequest, 3)] : []),
      smallRow ? String(smallRow.p99Ms) : '',
      fixed(smallRow?.cpuMsPerRequest, 3),
    ];
    lines.push(`| ${row.name} | ${cells.join(' | ')} |`);
  }
  return lines.join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const files = process.argv.slice(2);
  if (files.length === 0) {
    console.error('usage: npm run bench:table -- bench/results/<date>-<database>.json …');
    process.exit(2);
  }
  for (const file of files) {
    console.log(`${readmeTable(JSON.parse(readFileSync(file, 'utf8')) as BenchResults)}\n`);
  }
}
