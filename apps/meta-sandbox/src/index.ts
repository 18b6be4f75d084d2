export { MetaSandboxConfig } from './config.js';
export { startMetaSandbox, type RunningMetaSandbox } from './sandbox.js';
export { MetaAccount, GRAPH_ERRORS, type SandboxNumber, type SentRecord } from './meta-account.js';
