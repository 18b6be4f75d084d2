// The scenario of ../ai/webhook-integration.int-spec.ts (tickets hands a conversation to the ai
// service's runtime and back), with every service and the gateway in one process (apps/single).
import './in-single-mode.js';
import '../ai/webhook-integration.int-spec.js';
