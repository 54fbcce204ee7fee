// The part of pngjs (a dependency, without bundled types) the evaluator app's icons use.
declare module 'pngjs' {
  export class PNG {
    constructor(opts?: { width?: number; height?: number });
    width: number;
    height: number;
    data: Buffer;
    static sync: {
      read(buffer: Buffer): PNG;
      write(png: PNG, opts?: { colorType?: number }): Buffer;
    };
  }
}
