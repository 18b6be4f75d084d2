export { SandboxConfig } from './config.js';
export { startSandbox, type RunningSandbox } from './sandbox.js';
export { SandboxNetwork, derivedNumber, type StoredMessage } from './network.js';
export { DEMO_CUSTOMERS } from './demo.js';
