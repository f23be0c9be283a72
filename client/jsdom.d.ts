// The part of jsdom the server render uses (client/entry-server.tsx); the package ships no types.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
