// The scenarios of ../auth.int-spec.ts, with every service and the gateway in one process (apps/single).
import './in-single-mode.js';
import '../auth.int-spec.js';
