import type { Plugin } from 'vite';

export declare function barrelImports(options: { root: string }): Plugin;
