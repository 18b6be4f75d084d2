export declare const COMPRESSIBLE: ReadonlySet<string>;
export declare function brotliBytes(buffer: Uint8Array): Promise<Buffer>;
export declare function gzipBytes(buffer: Uint8Array): Promise<Buffer>;
export declare function precompressFolder(root: string): Promise<{ file: string; bytes: number; original: number }[]>;
