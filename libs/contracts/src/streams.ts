/**
 * The durable JetStream streams (ARCHITECTURE rule 4), each defined once here: whoever touches a
 * stream first (publisher or consumer) creates it from this definition (libs/messaging
 * `ensureStream`), so retention has one source.
 */
export interface StreamDefinition {
  /** Base name; see streamName for the name under a subject prefix. */
  name: string;
  /** Every subject of the stream starts with this (before the NATS subject prefix). */
  subjectRoot: string;
  /** Events stay this long whether consumed or not (limits retention). */
  maxAgeSeconds: number;
  /** Re-publishes with the same `Nats-Msg-Id` inside this window are dropped by JetStream. */
  duplicateWindowSeconds: number;
}

function sanitise(prefix: string): string {
  return prefix.replace(/[^A-Za-z0-9_-]/g, '_');
}

/** A stream's name for a NATS subject prefix (test suites and environments each get their own). */
export function streamName(stream: StreamDefinition, subjectPrefix = ''): string {
  return `${sanitise(subjectPrefix)}${stream.name}`;
}
