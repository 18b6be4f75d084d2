export { BotProvidersSandboxConfig } from './config.js';
export { startBotProvidersSandbox, type RunningBotProvidersSandbox } from './sandbox.js';
export type { SandboxFlow, SandboxGroup } from './typebot-simulator.js';
export type { SandboxIntent } from './dialogflow-simulator.js';
export type { ScriptedReply, ReceivedCall } from './webhook-receiver.js';
