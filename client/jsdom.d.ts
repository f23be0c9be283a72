// The part of jsdom the tests use to read a rendered page (server/ssr/server-render.test.ts); the package ships no types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
