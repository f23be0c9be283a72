import { createRequire } from 'node:module';
import type autocannon from 'autocannon';

interface PipelinedRequestsQueue {
  prototype: { addBody(data: Buffer): void };
}

/**
 * autocannon keeps each answer's body as a string, for an `onResponse` hook or an `expectBody` the
 * bench never sets. Decoding the bytes was 71 % of autocannon's CPU under a 15 KB page (profile of
 * `autocannon -c 10` against the guest cache), so on a 2-core machine its one thread, not the
 * server, set the throughput of every row with a large answer. The bench reads statuses and bytes,
 * which autocannon counts apart from the body (`addByteCount`), so the body is not kept at all.
 */
export function keepNoAnswerBodies(): void {
  const require = createRequire(import.meta.url);
  const queue = require('autocannon/lib/pipelinedRequestsQueue.js') as PipelinedRequestsQueue;
  queue.prototype.addBody = () => {};
}

/**
 * Runs a load and notes the bench process's CPU time over it as a share of one core: near 1, the
 * load generator (one thread) rather than the server set the throughput.
 */
export async function measuringClient(
  run: () => Promise<autocannon.Result>,
): Promise<{ raw: autocannon.Result; clientCpuShare: number }> {
  const cpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const raw = await run();
  const used = process.cpuUsage(cpuBefore);
  const wallMs = Math.max(1, performance.now() - startedAt);
  return { raw, clientCpuShare: Math.round((used.user + used.system) / 10 / wallMs) / 100 };
}

/** A clientCpuShare as the bench's tables print it ("94 %"); empty for a row measured without it. */
export const cpuShareText = (share: number | undefined) =>
  share === undefined ? '' : `${Math.round(share * 100)} %`;
