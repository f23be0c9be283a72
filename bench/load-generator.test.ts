import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keepNoAnswerBodies, measuringClient } from './load-generator';

const ANSWER = Buffer.from('ש'.repeat(6000));

describe('the bench load generator', () => {
  let server: http.Server;
  let url: string;

  beforeAll(async () => {
    server = http.createServer((_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/plain; charset=utf-8',
        'content-length': ANSWER.length,
      });
      response.end(ANSWER);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('keeps no answer body, and still counts every answer and its bytes', async () => {
    keepNoAnswerBodies();
    const require = createRequire(import.meta.url);
    const { prototype } = require('autocannon/lib/pipelinedRequestsQueue.js') as {
      prototype: { addBody(this: { peek(): { body: string } }, data: Buffer): void };
    };
    const pending = { body: '' };
    prototype.addBody.call({ peek: () => pending }, ANSWER);
    expect(pending.body).toBe('');

    const { raw, clientCpuShare } = await measuringClient(() =>
      autocannon({ url, connections: 2, amount: 200 }),
    );
    expect(raw.requests.total).toBe(200);
    expect(raw.errors + raw.non2xx).toBe(0);
    // Each answer's bytes, headers included, are counted although its body is not kept.
    expect(raw.throughput.total).toBeGreaterThan(200 * ANSWER.length);
    expect(clientCpuShare).toBeGreaterThan(0);
  });
});
