import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 3400 + (process.pid % 500);

function startServer(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'forum-main-')),
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const poll = async () => {
      try {
        await fetch(`http://127.0.0.1:${PORT}/api/forums`);
        resolve(child);
      } catch {
        if (Date.now() > deadline) reject(new Error('the server did not start'));
        else setTimeout(poll, 200);
      }
    };
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
    void poll();
  });
}

/** A raw HTTP request whose body is sent in two parts, so it is in flight between them. */
function requestInTwoParts(firstPart: string, rest: string) {
  const socket = net.connect(PORT, '127.0.0.1');
  const body = firstPart + rest;
  const answer = new Promise<string>((resolve) => {
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString();
    });
    socket.on('close', () => resolve(received));
    socket.on('error', () => resolve(received));
  });
  const sent = new Promise<void>((resolve) => {
    socket.once('connect', () => {
      socket.write(
        'POST /api/analytics HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
          `Content-Length: ${Buffer.byteLength(body)}\r\nCookie: XSRF-TOKEN=t\r\nX-XSRF-TOKEN: t\r\nConnection: close\r\n\r\n` +
          firstPart,
      );
      resolve();
    });
  });
  return { sent, finish: () => socket.write(rest), answer };
}

describe('server/main.ts', () => {
  let server: ChildProcess | undefined;
  afterAll(() => {
    server?.kill('SIGKILL');
  });

  it('finishes a request in flight on SIGTERM, then exits cleanly', async () => {
    server = await startServer();
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    const request = requestInTwoParts('{"kind":', '"not-a-kind"}');
    await request.sent;
    await new Promise((resolve) => setTimeout(resolve, 300));
    server.kill('SIGTERM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    request.finish();
    const answer = await request.answer;
    // The request that was already under way got its real answer (a validation 400), not a reset.
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toContain('"error":"validation"');
    expect(await exited).toBe(0);
  });

  it('ends an open event stream with a retry delay on SIGTERM instead of waiting for it', async () => {
    server = await startServer();
    const exited = new Promise<number | null>((resolve) => server?.once('exit', resolve));
    const stream = await new Promise<http.IncomingMessage>((resolve, reject) => {
      http.get(`http://127.0.0.1:${PORT}/api/events?home=1`, { agent: false }, resolve).on('error', reject);
    });
    expect(stream.statusCode).toBe(200);
    let received = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      received += chunk;
    });
    const ended = new Promise<void>((resolve) => stream.on('close', resolve));
    await new Promise((resolve) => setTimeout(resolve, 200));
    const signalledAt = Date.now();
    server.kill('SIGTERM');
    await ended;
    // The last frame tells the browser when to reconnect (to another instance, behind a balancer).
    expect(received).toMatch(/retry: \d+\n\n$/);
    // Exit 0 is the graceful path; a shutdown stuck on the stream is killed with 1 after 10 s.
    expect(await exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(5_000);
  });
});
