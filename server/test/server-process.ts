import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';

/** A free port in this project's range for test servers. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt += 1) {
    const port = 3450 + Math.floor(Math.random() * 50);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error('no free port in 3450–3499');
}

/**
 * Starts a real server process (by default `server/main.ts` from the sources) and resolves once
 * `/api/forums` answers 200, i.e. migrated and listening.
 */
export function startServer(
  env: Record<string, string>,
  port: number,
  args: string[] = ['--import', 'tsx', 'server/main.ts'],
): Promise<ChildProcess> {
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + 60_000;
    const onExit = (code: number | null) => reject(new Error(`the server exited with ${code}`));
    child.once('exit', onExit);
    const poll = async () => {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/api/forums`);
        if (response.ok) {
          child.off('exit', onExit);
          resolve(child);
          return;
        }
      } catch {}
      if (Date.now() > deadline) reject(new Error('the server did not start'));
      else setTimeout(poll, 100);
    };
    void poll();
  });
}
