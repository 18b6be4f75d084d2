/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Gateway origin baked in at build time (overridden by public/config.js at run time). */
  readonly VITE_API_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
