import { describe, expect, it } from 'vitest';
import { type BenchResults, readmeTable } from './readme-table';
import type { EndpointResult } from './run';

const row = (name: string, fields: Partial<EndpointResult>): EndpointResult => ({
  name,
  kind: 'page',
  example: '/',
  requestsPerSecond: 1000,
  p50Ms: 1,
  p99Ms: 5,
  errors: 0,
  statusCodes: { 200: 5000 },
  ratio: 0.1,
  ...fields,
});

function results(database: BenchResults['database']): BenchResults {
  return {
    database,
    datasets: [
      {
        name: 'small',
        hello: row('bare Fastify hello', { p99Ms: 0, cpuMsPerRequest: 0.0214 }),
        endpoints: [row('home', { p99Ms: 7, cpuMsPerRequest: 0.3011 })],
      },
      {
        name: 'large',
        hello: row('bare Fastify hello', {
          requestsPerSecond: 41189,
          p50Ms: 0,
          p99Ms: 0,
          ratio: 1,
          cpuMsPerRequest: 0.022,
          cpuRatio: 1,
          clientCpuShare: 0.94,
        }),
        endpoints: [
          row('home', {
            requestsPerSecond: 4188,
            ratio: 0.1,
            cpuMsPerRequest: 0.2414,
            cpuRatio: 0.09,
            clientCpuShare: 0.3,
            databaseCpuMsPerRequest: 0.2016,
          }),
          row('topic page rendered (cached)', { ratio: 0.41, sameSizeRatio: 0.812, clientCpuShare: 0.97 }),
        ],
      },
    ],
  };
}

describe('the README table of a bench run', () => {
  it('shows the large dataset’s rows beside the small one’s p99 and CPU', () => {
    expect(readmeTable(results('sqlite')).split('\n')).toEqual([
      '| endpoint (SQLite, 1,000,000 messages) | req/s | p50 ms | p99 ms | errors | × hello | CPU ms/req | × hello (CPU) | × same bytes | client CPU | p99 ms, 20,000 msgs | CPU ms/req, 20,000 msgs |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
      '| bare Fastify hello | 41189 | 0 | 0 | 0 | 1.00 | 0.022 | 1.00 |  | 94 % | 0 | 0.021 |',
      '| home | 4188 | 1 | 5 | 0 | 0.10 | 0.241 | 0.09 |  | 30 % | 7 | 0.301 |',
      '| topic page rendered (cached) | 1000 | 1 | 5 | 0 | 0.41 |  |  | 0.81 | 97 % |  |  |',
    ]);
  });

  it('adds PostgreSQL’s own CPU on a PostgreSQL run', () => {
    const lines = readmeTable(results('postgres')).split('\n');
    expect(lines[0]).toContain('| endpoint (PostgreSQL, one instance, 1,000,000 messages) |');
    expect(lines[0]).toContain('| client CPU | PostgreSQL CPU ms/req | p99 ms, 20,000 msgs |');
    expect(lines[3]).toBe('| home | 4188 | 1 | 5 | 0 | 0.10 | 0.241 | 0.09 |  | 30 % | 0.202 | 7 | 0.301 |');
  });

  it('refuses results without the large dataset', () => {
    const smallOnly = { ...results('sqlite'), datasets: results('sqlite').datasets.slice(0, 1) };
    expect(() => readmeTable(smallOnly)).toThrow('no large dataset');
  });
});
