/** One sample of a Prometheus exposition. */
export interface MetricSample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the text format (comments skipped). */
export function parseMetrics(text: string): MetricSample[] {
  const samples: MetricSample[] = [];
  for (const line of text.split('\n')) {
    const match = SAMPLE.exec(line);
    if (!match || line.startsWith('#')) continue;
    const labels: Record<string, string> = {};
    for (const [, key, value] of (match[2] ?? '').matchAll(LABEL)) labels[key!] = value!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** GET <url>/metrics, parsed; throws on any status but 200. */
export async function scrapeMetrics(baseUrl: string, token?: string): Promise<MetricSample[]> {
  const response = await fetch(`${baseUrl}/metrics`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (response.status !== 200) throw new Error(`GET ${baseUrl}/metrics answered ${response.status}`);
  return parseMetrics(await response.text());
}

/** The samples of a family (or a series name such as `x_count`) whose labels include `labels`. */
export function samplesOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}): MetricSample[] {
  return samples.filter((sample) => sample.name === name && Object.entries(labels).every(([key, value]) => sample.labels[key] === value));
}

/** The sum of those samples' values (0 when none). */
export function sumOf(samples: MetricSample[], name: string, labels: Record<string, string> = {}): number {
  return samplesOf(samples, name, labels).reduce((total, sample) => total + sample.value, 0);
}
