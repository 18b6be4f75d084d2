// The scenario of ../tickets.e2e-spec.ts (log in, a WhatsApp conversation served live, realtime
// over websocket and long polling) with every service and the gateway in one process (apps/single).
import './on-single-platform.js';
import '../tickets.e2e-spec.js';
