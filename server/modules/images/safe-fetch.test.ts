import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy';
import { startImageServer, type ImageServer } from './image-server.fixture';
import { DEFAULT_FETCH_LIMITS, type SafeFetchOptions, safeFetch } from './safe-fetch';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '127.8.9.10',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '198.18.0.1',
    '192.0.2.1',
    '::',
    '::1',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::ffff:169.254.169.254',
    '0:0:0:0:0:ffff:c0a8:0101',
    '::127.0.0.1',
    '64:ff9b::a00:1',
    '2002:7f00:1::',
    '2001:db8::1',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each([
    '8.8.8.8',
    '1.1.1.1',
    '93.184.216.34',
    '172.32.0.1',
    '2606:4700:4700::1111',
    '2a00:1450:4001:81c::200e',
    '::ffff:8.8.8.8',
  ])('allows the public address %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('safeFetch', () => {
  let server: ImageServer;
  beforeAll(async () => {
    server = await startImageServer();
  });
  afterAll(async () => {
    await server.close();
  });

  /** Lets the test server's own address through, and nothing else that is private. */
  const onlyTestServer: SafeFetchOptions = {
    ...DEFAULT_FETCH_LIMITS,
    allowAddress: (address) => address === '127.0.0.1' || isPublicAddress(address),
  };

  it('downloads an allowed address', async () => {
    const bytes = await safeFetch(server.url('/red.png'), onlyTestServer);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses loopback with the production guard, before connecting', async () => {
    const before = server.requests.length;
    await expect(
      safeFetch(server.url('/red.png'), { ...DEFAULT_FETCH_LIMITS, allowAddress: isPublicAddress }),
    ).rejects.toThrow('address not allowed');
    await expect(
      safeFetch(server.url('/red.png').replace('127.0.0.1', '[::ffff:127.0.0.1]'), {
        ...DEFAULT_FETCH_LIMITS,
        allowAddress: isPublicAddress,
      }),
    ).rejects.toThrow('address not allowed');
    const port = new URL(server.url('/')).port;
    // Other spellings of loopback: a decimal IPv4 number and a name that resolves to it.
    for (const url of [`http://2130706433:${port}/red.png`, `http://localhost:${port}/red.png`]) {
      await expect(
        safeFetch(url, { ...DEFAULT_FETCH_LIMITS, allowAddress: isPublicAddress }),
      ).rejects.toThrow('address not allowed');
    }
    expect(server.requests.length).toBe(before);
  });

  it('refuses a host name when any address it resolves to is private', async () => {
    const resolve = async () => [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.5', family: 4 },
    ];
    await expect(
      safeFetch('http://mixed.example/x.png', {
        ...DEFAULT_FETCH_LIMITS,
        allowAddress: isPublicAddress,
        resolve,
      }),
    ).rejects.toThrow('address not allowed');
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let lookups = 0;
    const port = new URL(server.url('/')).port;
    const resolve = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    // "pinned.example" exists in no DNS: the download only works if the checked address is used.
    const bytes = await safeFetch(`http://pinned.example:${port}/red.png`, { ...onlyTestServer, resolve });
    expect(bytes.length).toBeGreaterThan(100);
    expect(lookups).toBe(1);
  });

  it('follows a redirect and checks its target', async () => {
    const bytes = await safeFetch(server.url('/redirect'), onlyTestServer);
    expect(bytes.subarray(1, 4).toString()).toBe('PNG');
  });

  it('refuses a redirect to a private address', async () => {
    await expect(safeFetch(server.url('/redirect-private'), onlyTestServer)).rejects.toThrow(
      'address not allowed',
    );
  });

  it('refuses a redirect to another scheme', async () => {
    await expect(safeFetch(server.url('/redirect-file'), onlyTestServer)).rejects.toThrow(
      'scheme not allowed',
    );
  });

  it('stops after a few redirects', async () => {
    const before = server.requests.length;
    await expect(safeFetch(server.url('/loop'), onlyTestServer)).rejects.toThrow('too many redirects');
    expect(server.requests.length - before).toBe(DEFAULT_FETCH_LIMITS.maxRedirects + 1);
  });

  it('refuses a body over the size limit, declared or streamed', async () => {
    await expect(safeFetch(server.url('/huge-declared'), onlyTestServer)).rejects.toThrow('too large');
    await expect(safeFetch(server.url('/huge-chunked'), onlyTestServer)).rejects.toThrow('too large');
  });

  it('gives up at the time limit', async () => {
    const started = Date.now();
    await expect(safeFetch(server.url('/slow'), { ...onlyTestServer, timeoutMs: 300 })).rejects.toThrow(
      'timed out',
    );
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('refuses schemes other than http and https, and error statuses', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://127.0.0.1/x.png',
      'data:image/png;base64,AAAA',
      'gopher://x',
    ]) {
      await expect(safeFetch(url, onlyTestServer)).rejects.toThrow('scheme not allowed');
    }
    await expect(safeFetch(server.url('/missing'), onlyTestServer)).rejects.toThrow('status 404');
  });
});
