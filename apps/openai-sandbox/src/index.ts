export { OpenAiSandboxConfig } from './config.js';
export { startOpenAiSandbox, type RunningOpenAiSandbox, type RecordedChat } from './sandbox.js';
export { SPOKEN_PREFIX, TRANSFER_MARKER } from './assistant-model.js';
