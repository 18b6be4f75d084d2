/** Types of e2e-platform.mjs, for the browser tests that start a platform of their own (src/single-mode). */
import type { CaughtMail, Platform } from '../../tools/platform.mjs';

export interface E2ePlatformOptions {
  /** Default: env ATRIUM_MODE, else `multi`. */
  mode?: 'multi' | 'single';
  /** Build first (default false). */
  build?: boolean;
  /** The usual ports (3000, 8080, ...) instead of free ones. */
  defaultPorts?: boolean;
  log?: (line: string) => void;
  onMail?: (mail: CaughtMail) => void;
}

export declare function startE2ePlatform(options: E2ePlatformOptions): Promise<Platform>;
export declare function e2eEnvOf(platform: Platform, mailDir: string): Record<string, string>;
