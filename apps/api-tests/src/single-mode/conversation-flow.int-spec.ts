// The scenarios of ../tickets/conversation-flow.int-spec.ts, with every service and the gateway in one process (apps/single).
import './in-single-mode.js';
import '../tickets/conversation-flow.int-spec.js';
