// The scenarios of ../realtime.int-spec.ts, with every service and the gateway in one process (apps/single).
import './in-single-mode.js';
import '../realtime.int-spec.js';
