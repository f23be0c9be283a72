import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';

/** A solid red PNG: a downloaded picture is told apart from a generated cover by its colour. */
export function redPng(width = 640, height = 480): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
    .png()
    .toBuffer();
}

export interface ImageServer {
  url: (path: string) => string;
  /** Every path requested, in order, to show what was (not) fetched. */
  requests: string[];
  close: () => Promise<void>;
}

/**
 * A local HTTP server on 127.0.0.1 with the answers an image download meets: a picture, redirects
 * (to itself, in a loop, to a private address), something that is not an image, a body over the
 * size limit with and without a declared length, and one that never answers.
 */
export async function startImageServer(): Promise<ImageServer> {
  const png = await redPng();
  const requests: string[] = [];
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    switch (path) {
      case '/red.png':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': png.length });
        response.end(png);
        return;
      case '/redirect':
        response.writeHead(302, { location: '/red.png' });
        response.end();
        return;
      case '/redirect-private':
        response.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' });
        response.end();
        return;
      case '/redirect-file':
        response.writeHead(302, { location: 'file:///etc/passwd' });
        response.end();
        return;
      case '/loop':
        response.writeHead(302, { location: '/loop' });
        response.end();
        return;
      case '/image.svg':
        response.writeHead(200, { 'content-type': 'image/svg+xml' });
        response.end(
          '<svg xmlns="http://www.w3.org/2000/svg" width="640" height="480"><rect width="640" height="480" fill="#ff0000"/></svg>',
        );
        return;
      case '/not-image':
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end('<html>this is not a picture</html>');
        return;
      case '/huge-declared':
        response.writeHead(200, { 'content-type': 'image/png', 'content-length': 6 * 1024 * 1024 });
        response.end();
        return;
      case '/huge-chunked': {
        response.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(256 * 1024, 1);
        let sent = 0;
        const pump = () => {
          while (sent < 24 && !response.destroyed) {
            sent += 1;
            if (!response.write(chunk)) return void response.once('drain', pump);
          }
          response.end();
        };
        pump();
        return;
      }
      case '/slow':
        hanging.add(response);
        return;
      default:
        response.writeHead(404);
        response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: (path) => `http://127.0.0.1:${port}${path}`,
    requests,
    close: async () => {
      for (const response of hanging) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
