// The scenarios of ../campaigns/schedules.int-spec.ts, with every service and the gateway in one process (apps/single).
import './in-single-mode.js';
import '../campaigns/schedules.int-spec.js';
