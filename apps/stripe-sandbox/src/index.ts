export { StripeSandboxConfig } from './config.js';
export { startStripeSandbox, type RunningStripeSandbox } from './sandbox.js';
export { signatureHeader } from './webhook-dispatcher.js';
export { readBrCode } from './br-code.js';
