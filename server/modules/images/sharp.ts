import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

/**
 * sharp (the libvips binding, about 30 MB of memory and a long load) is needed only when a topic's
 * image or cover is made: it loads on the first one, not at start.
 */
export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then((module) => module.default);
  return loading;
}
