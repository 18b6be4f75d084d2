import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';
import { AiConfig } from '@atrium/app-ai';
import { BillingConfig } from '@atrium/app-billing';
import { CampaignsConfig } from '@atrium/app-campaigns';
import { GatewayConfig } from '@atrium/app-gateway';
import { IdentityConfig } from '@atrium/app-identity';
import { SessionsConfig } from '@atrium/app-sessions';
import { TicketsConfig } from '@atrium/app-tickets';
import { developmentDefaultsOf } from '@atrium/config';
import { unknownFields, validateKubernetesObject } from './kubernetes-schemas.js';
import { coalesceValues, readYamlFile, renderChart, REPO_ROOT, type Manifest, type RenderOptions } from './render-chart.js';

/**
 * helm/atrium rendered as `helm template` would (go-template.ts: the Go template and sprig subset
 * the chart keeps to) with values.yaml and deploy/values-large.yaml, and every object checked:
 * what each app gets, pod security, probes, autoscaling, disruption budgets, network policies,
 * the migration hook, the monitoring objects. deploy/README.md says what an operator runs with helm.
 */

const chartDir = path.join(REPO_ROOT, 'helm', 'atrium');
const REQUIRED = { secrets: { jwtSecret: 'j'.repeat(32), adminEmail: 'admin@example.com', adminPassword: 'change-me-now' } };
const MONITORING_API = 'monitoring.coreos.com/v1';
const defaults = readYamlFile(path.join(chartDir, 'values.yaml')) as unknown as ChartValues;
const large = readYamlFile(path.join(REPO_ROOT, 'deploy', 'values-large.yaml'));

interface AppValues {
  enabled: boolean;
  port: number;
  migrate: boolean;
  database: boolean;
  sandbox?: boolean;
  storage?: unknown;
}
interface ChartValues {
  apps: Record<string, AppValues>;
  networkPolicy: Record<string, { to?: unknown[] }> & { ingressFrom: unknown[]; metricsFrom: unknown[] };
}

const render = (values: Record<string, unknown>[], options: Omit<RenderOptions, 'values'> = {}): Manifest[] => renderChart(chartDir, { ...options, values }).manifests;
const find = (manifests: Manifest[], kind: string, name: string): Manifest | undefined => manifests.find((entry) => entry.kind === kind && entry.name === name);
const named = (manifests: Manifest[], kind: string, name: string): Manifest => {
  const manifest = find(manifests, kind, name);
  if (!manifest) throw new Error(`no ${kind} ${name} among ${manifests.map((entry) => `${entry.kind}/${entry.name}`).join(', ')}`);
  return manifest;
};
const backendApps = Object.entries(defaults.apps)
  .filter(([, app]) => app.enabled)
  .map(([name]) => name)
  .sort();
const labelsOf = (app: string): Record<string, string> => ({ 'app.kubernetes.io/name': 'atrium', 'app.kubernetes.io/instance': 'atrium', 'app.kubernetes.io/component': app });

describe.each([
  ['values.yaml', [REQUIRED]],
  ['deploy/values-large.yaml', [large]],
])('helm/atrium rendered with %s', (_file, values) => {
  const manifests = render(values);

  it('renders valid Kubernetes objects (their API schemas), each named once', () => {
    expect(manifests.length).toBeGreaterThan(40);
    for (const manifest of manifests) {
      expect({ source: manifest.source, apiVersion: typeof manifest.object.apiVersion, kind: typeof manifest.object.kind, name: manifest.name }).toEqual({
        source: manifest.source,
        apiVersion: 'string',
        kind: 'string',
        name: expect.stringMatching(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/),
      });
    }
    for (const manifest of manifests) {
      let error = '';
      try {
        validateKubernetesObject(manifest.object);
      } catch (failure) {
        error = (failure as Error).message;
      }
      const unknown = unknownFields(manifest.object);
      expect({ object: `${manifest.kind}/${manifest.name}`, error, unknown }).toEqual({ object: `${manifest.kind}/${manifest.name}`, error: '', unknown: [] });
    }
    const keys = manifests.map((entry) => `${entry.kind}/${entry.name}`);
    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
    expect(JSON.stringify(manifests)).not.toContain('<no value>');
  });

  it.each([...backendApps, 'web'])('gives %s a Deployment, Service, PodDisruptionBudget, HorizontalPodAutoscaler and NetworkPolicy', (app) => {
    const name = `atrium-${app}`;
    const deployment = named(manifests, 'Deployment', name).object;
    expect(deployment.spec.selector.matchLabels).toEqual(labelsOf(app));
    expect(named(manifests, 'Service', name).object.spec.selector).toEqual(labelsOf(app));
    expect(named(manifests, 'PodDisruptionBudget', name).object.spec.selector.matchLabels).toEqual(labelsOf(app));
    expect(named(manifests, 'NetworkPolicy', name).object.spec.podSelector.matchLabels).toEqual(labelsOf(app));
    const hpa = named(manifests, 'HorizontalPodAutoscaler', name).object;
    expect(hpa.spec.scaleTargetRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name });
    expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
    expect(hpa.spec.maxReplicas).toBeGreaterThanOrEqual(hpa.spec.minReplicas);
    // The autoscaler owns the count: a release must not reset it.
    expect(deployment.spec.replicas).toBeUndefined();
  });

  it.each([...backendApps, 'web'])('runs %s non-root, read-only, without capabilities, under seccomp, spread over zones and nodes', (app) => {
    const pod = named(manifests, 'Deployment', `atrium-${app}`).object.spec.template.spec;
    expect(pod.securityContext).toMatchObject({ runAsNonRoot: true, seccompProfile: { type: 'RuntimeDefault' } });
    expect(pod.securityContext.runAsUser).toBeGreaterThan(0);
    expect(pod.initContainers).toBeUndefined();
    for (const container of pod.containers) {
      expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, allowPrivilegeEscalation: false, capabilities: { drop: ['ALL'] } });
      const tmp = container.volumeMounts.find((mount: { mountPath: string }) => mount.mountPath === '/tmp');
      expect(pod.volumes.find((volume: { name: string }) => volume.name === tmp?.name)).toMatchObject({ emptyDir: {} });
      expect(container.resources.requests).toEqual({ cpu: expect.anything(), memory: expect.anything() });
      expect(container.resources.limits.memory).toBeDefined();
    }
    expect(pod.topologySpreadConstraints.map((constraint: { topologyKey: string }) => constraint.topologyKey)).toEqual(['topology.kubernetes.io/zone', 'kubernetes.io/hostname']);
    for (const constraint of pod.topologySpreadConstraints) expect(constraint.labelSelector.matchLabels).toEqual(labelsOf(app));
  });

  it.each(backendApps)('probes %s on its health endpoints, on the port it listens on', (app) => {
    const [container] = named(manifests, 'Deployment', `atrium-${app}`).object.spec.template.spec.containers;
    const port = container.ports.find((entry: { name: string }) => entry.name === 'http');
    expect(port.containerPort).toBe(defaults.apps[app]!.port);
    expect(container.env).toContainEqual({ name: defaults.apps[app]!.port === 8080 ? 'PORT' : 'HEALTH_PORT', value: String(port.containerPort) });
    expect(container.livenessProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    expect(container.readinessProbe.httpGet).toEqual({ path: '/health/ready', port: 'http' });
    expect(container.startupProbe.httpGet).toEqual({ path: '/health/live', port: 'http' });
    // Where media go without S3: a volume, the root filesystem being read-only.
    if (defaults.apps[app]!.storage !== undefined) expect(container.volumeMounts).toContainEqual({ name: 'data', mountPath: '/data' });
  });

  it('scales the stateless apps on CPU, sessions on sessions per replica and tickets on inbound lag', () => {
    const metrics = (app: string): { type: string; resource?: { name: string }; pods?: { metric: { name: string } } }[] =>
      named(manifests, 'HorizontalPodAutoscaler', `atrium-${app}`).object.spec.metrics;
    for (const app of ['gateway', 'identity', 'campaigns', 'billing', 'ai', 'web']) {
      expect(metrics(app)).toContainEqual({ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } } });
    }
    expect(metrics('sessions')).toEqual([{ type: 'Pods', pods: { metric: { name: 'atrium_sessions_per_replica' }, target: { type: 'AverageValue', averageValue: expect.any(String) } } }]);
    expect(metrics('tickets').map((metric) => metric.pods?.metric.name ?? metric.resource?.name)).toEqual(['cpu', 'atrium_inbound_lag_seconds']);
    // Sessions leave one at a time: each replica hands its sessions over.
    expect(named(manifests, 'HorizontalPodAutoscaler', 'atrium-sessions').object.spec.behavior.scaleDown.policies).toEqual([{ type: 'Pods', value: 1, periodSeconds: 300 }]);
  });

  it('runs every migration once per release, in a pre-install/pre-upgrade hook Job, and no replica migrates', () => {
    const job = named(manifests, 'Job', 'atrium-migrate').object;
    expect(job.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-weight': '0' });
    const pod = job.spec.template.spec;
    expect(pod.restartPolicy).toBe('Never');
    const containers = [...(pod.initContainers ?? []), ...pod.containers];
    const migrating = backendApps.filter((app) => defaults.apps[app]!.migrate);
    expect(containers.map((container: { name: string }) => container.name)).toEqual(migrating.map((name) => `migrate-${name}`));
    expect(pod.containers).toHaveLength(1);
    for (const [index, container] of containers.entries()) {
      expect(container).toMatchObject({ image: expect.stringContaining(`/${migrating[index]}:`), command: ['node', 'dist/main.js', 'migrate'] });
      expect(container.securityContext).toMatchObject({ readOnlyRootFilesystem: true, capabilities: { drop: ['ALL'] } });
      expect(container.env.map((entry: { name: string }) => entry.name)).toEqual(expect.arrayContaining(['DATABASE_URL', 'DATABASE_MIGRATION_URL']));
    }
    // The hook runs before the release's own ConfigMap and Secret exist: it reads hook copies made first.
    const configName = containers[0].envFrom[0].configMapRef.name;
    const hookConfig = named(manifests, 'ConfigMap', configName).object;
    expect(Number(hookConfig.metadata.annotations['helm.sh/hook-weight'])).toBeLessThan(0);
    expect(hookConfig.data).toEqual(named(manifests, 'ConfigMap', 'atrium-config').object.data);
    const secretName = containers[0].env.find((entry: { name: string }) => entry.name === 'DATABASE_MIGRATION_URL').valueFrom.secretKeyRef.name;
    const existing = (values[0] as { secrets?: { existingSecret?: string } }).secrets?.existingSecret;
    if (existing) {
      expect(secretName).toBe(existing);
      expect(find(manifests, 'Secret', 'atrium-migrate')).toBeUndefined();
    } else {
      const hookSecret = named(manifests, 'Secret', secretName).object;
      expect(hookSecret.metadata.annotations).toMatchObject({ 'helm.sh/hook': 'pre-install,pre-upgrade', 'helm.sh/hook-delete-policy': 'before-hook-creation,hook-succeeded' });
      expect(hookSecret.stringData).toEqual(named(manifests, 'Secret', 'atrium-secrets').object.stringData);
    }
    for (const deployment of manifests.filter((entry) => entry.kind === 'Deployment')) {
      expect({ deployment: deployment.name, migrates: JSON.stringify(deployment.object.spec.template.spec).includes('"migrate"') }).toEqual({ deployment: deployment.name, migrates: false });
    }
  });

  it('lets only the gateway (and the static web app) in from the ingress controller, and the services out only to their servers', () => {
    const policy = ([defaults as unknown as Record<string, unknown>, ...values].reduce(coalesceValues) as unknown as ChartValues).networkPolicy;
    for (const app of backendApps) {
      const spec = named(manifests, 'NetworkPolicy', `atrium-${app}`).object.spec;
      expect(spec.policyTypes).toEqual(['Ingress', 'Egress']);
      const sources = spec.ingress.map((rule: { from: unknown[] }) => rule.from);
      expect({ app, fromIngress: sources.some((from: unknown) => JSON.stringify(from) === JSON.stringify(policy.ingressFrom)) }).toEqual({ app, fromIngress: app === 'gateway' });
      expect(sources).toContainEqual(policy.metricsFrom);
      for (const rule of spec.ingress) expect(rule.ports).toEqual([{ port: defaults.apps[app]!.port, protocol: 'TCP' }]);
      const destinations = spec.egress.filter((rule: { to?: unknown }) => rule.to).map((rule: { to: unknown[] }) => JSON.stringify(rule.to));
      const allowed = (['dns', 'postgres', 'redis', 'nats', 'storage'] as const).map((server) => JSON.stringify(policy[server]!.to));
      expect({ app, others: destinations.filter((to: string) => !allowed.includes(to)) }).toEqual({ app, others: [] });
      expect(destinations.includes(JSON.stringify(policy.postgres!.to))).toBe(defaults.apps[app]!.database);
      expect(destinations.includes(JSON.stringify(policy.storage!.to))).toBe(defaults.apps[app]!.storage !== undefined);
    }
    const web = named(manifests, 'NetworkPolicy', 'atrium-web').object.spec;
    expect(web.ingress.map((rule: { from: unknown[] }) => rule.from)).toEqual([policy.ingressFrom]);
    expect(web.egress).toEqual([]);
    const migrate = named(manifests, 'NetworkPolicy', 'atrium-migrate').object.spec;
    expect(migrate.podSelector.matchLabels).toEqual(named(manifests, 'Job', 'atrium-migrate').object.spec.template.metadata.labels);
    expect(migrate.egress.map((rule: { to: unknown[] }) => JSON.stringify(rule.to))).toEqual([JSON.stringify(policy.dns!.to), JSON.stringify(policy.postgres!.to)]);
  });

  it('creates or names every Secret key the pods read', () => {
    const read = new Set<string>();
    JSON.stringify(manifests, (key, value: { secretKeyRef?: { name: string; key: string; optional: boolean } }) => {
      if (key === 'valueFrom' && value.secretKeyRef && !value.secretKeyRef.optional) read.add(`${value.secretKeyRef.name}/${value.secretKeyRef.key}`);
      return value;
    });
    expect(read.size).toBeGreaterThan(3);
    const created = manifests.filter((entry) => entry.kind === 'Secret').flatMap((entry) => Object.keys(entry.object.stringData).map((key) => `${entry.name}/${key}`));
    const existing = (values[0] as { secrets?: { existingSecret?: string } }).secrets?.existingSecret;
    expect([...read].filter((key) => !created.includes(key) && !(existing && key.startsWith(`${existing}/`)))).toEqual([]);
  });

  it('gives each service every secret whose development default production refuses, from the Secret', () => {
    const configs: Record<string, new () => object> = { ai: AiConfig, billing: BillingConfig, campaigns: CampaignsConfig, gateway: GatewayConfig, identity: IdentityConfig, sessions: SessionsConfig, tickets: TicketsConfig };
    for (const [app, configClass] of Object.entries(configs)) {
      const deployment = named(manifests, 'Deployment', `atrium-${app}`).object as { spec: { template: { spec: { containers: Array<{ env?: Array<{ name: string; valueFrom?: { secretKeyRef?: unknown } }> }> } } } };
      const fromSecret = deployment.spec.template.spec.containers.flatMap((container) => container.env ?? []).filter((entry) => entry.valueFrom?.secretKeyRef).map((entry) => entry.name);
      const needed = [...developmentDefaultsOf(configClass).keys()];
      expect({ app, missing: needed.filter((name) => !fromSecret.includes(name)) }).toEqual({ app, missing: [] });
    }
  });
});

describe('helm/atrium monitoring objects', () => {
  const serviceMonitors = (manifests: Manifest[]): string[] => manifests.filter((entry) => entry.kind === 'ServiceMonitor').map((entry) => entry.name);
  const rules = (manifests: Manifest[]): Manifest[] => manifests.filter((entry) => entry.kind === 'PrometheusRule');
  const monitored = backendApps.filter((app) => !defaults.apps[app]!.sandbox).map((app) => `atrium-${app}`);

  const plain = render([REQUIRED]);

  it('renders ServiceMonitors and the PrometheusRule only where the Prometheus operator is present, or when asked', () => {
    const without = plain;
    expect(serviceMonitors(without)).toEqual([]);
    expect(rules(without)).toEqual([]);
    const withOperator = render([REQUIRED], { apiVersions: [MONITORING_API] });
    expect(serviceMonitors(withOperator)).toEqual(monitored);
    expect(rules(withOperator)).toHaveLength(1);
    const off = { monitoring: { serviceMonitor: { enabled: false }, prometheusRule: { enabled: false } } };
    expect(serviceMonitors(render([REQUIRED, off], { apiVersions: [MONITORING_API] }))).toEqual([]);
    const on = { monitoring: { serviceMonitor: { enabled: true, labels: { release: 'prom' } } } };
    const forced = render([REQUIRED, on]);
    expect(serviceMonitors(forced)).toEqual(monitored);
    expect(named(forced, 'ServiceMonitor', 'atrium-tickets').object).toMatchObject({
      metadata: { labels: { release: 'prom' } },
      spec: { selector: { matchLabels: labelsOf('tickets') }, endpoints: [{ port: 'http', path: '/metrics' }] },
    });
  });

  it('puts deploy/prometheus/alerts.yaml in the PrometheusRule and deploy/grafana/atrium.json in the dashboard ConfigMap', () => {
    const manifests = render([large]);
    const alerts = parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yaml'), 'utf8')) as { groups: unknown[] };
    expect(rules(manifests)[0]!.object.spec).toEqual(alerts);
    const dashboard = named(manifests, 'ConfigMap', 'atrium-dashboard').object;
    expect(dashboard.metadata.labels.grafana_dashboard).toBe('1');
    expect(JSON.parse(dashboard.data['atrium.json'])).toEqual(JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'grafana', 'atrium.json'), 'utf8')));
  });

  it('renders the sandboxes without autoscaling or metrics, reachable from the release', () => {
    const sandboxes = Object.keys(defaults.apps).filter((app) => defaults.apps[app]!.sandbox);
    const manifests = render([REQUIRED, { apps: Object.fromEntries(sandboxes.map((app) => [app, { enabled: true }])), monitoring: { serviceMonitor: { enabled: true } } }]);
    for (const app of sandboxes) {
      const name = `atrium-${app}`;
      expect(named(manifests, 'Deployment', name).object.spec.replicas).toBe(1);
      expect(find(manifests, 'HorizontalPodAutoscaler', name)).toBeUndefined();
      expect(find(manifests, 'ServiceMonitor', name)).toBeUndefined();
      expect(named(manifests, 'NetworkPolicy', name).object.spec.ingress[0].from).toEqual([{ podSelector: { matchLabels: { 'app.kubernetes.io/instance': 'atrium' } } }]);
    }
    const toSandboxes = { podSelector: { matchExpressions: expect.arrayContaining([expect.objectContaining({ values: sandboxes.sort() })]) } };
    expect(named(manifests, 'NetworkPolicy', 'atrium-sessions').object.spec.egress).toContainEqual({ to: [toSandboxes] });
    // Their callbacks (webhooks) reach the gateway, not the services.
    expect(named(manifests, 'NetworkPolicy', 'atrium-gateway').object.spec.ingress).toContainEqual({ from: [toSandboxes], ports: [{ port: 8080, protocol: 'TCP' }] });
    expect(named(manifests, 'NetworkPolicy', 'atrium-tickets').object.spec.ingress).toHaveLength(1);
  });

  it('reports values that render objects breaking their schema', () => {
    const [hpa] = render([REQUIRED, { apps: { gateway: { autoscaling: { minReplicas: 'two' } } } }]).filter((entry) => entry.name === 'atrium-gateway' && entry.kind === 'HorizontalPodAutoscaler');
    expect(() => validateKubernetesObject(hpa!.object)).toThrow(/minReplicas must be integer/);
    expect(() => validateKubernetesObject({ apiVersion: 'v1', kind: 'Pod' })).toThrow(/no schema/);
    // Fields the kind does not have, as kubeconform -strict reports them (maps such as labels take any key).
    const deployment = structuredClone(named(plain, 'Deployment', 'atrium-tickets').object);
    deployment.spec.replica = 2;
    deployment.spec.template.spec.containers[0].securityContext.readOnlyRootFS = true;
    deployment.spec.template.metadata.labels.anything = 'x';
    expect(unknownFields(deployment).sort()).toEqual(['Deployment.spec.replica', 'Deployment.spec.template.spec.containers[0].securityContext.readOnlyRootFS']);
  });

  it('refuses a release without the required secrets, as helm does', () => {
    expect(() => render([])).toThrow(/secrets.jwtSecret is required/);
  });
});

describe('deploy/ alerts and dashboard', () => {
  // The metric names every app serves (the README's metric list; prom-client's defaults add nodejs_* and process_*).
  const METRICS = [
    'http_request_duration_seconds',
    'nats_request_duration_seconds',
    'inbound_stream_pending_messages',
    'inbound_stream_lag_seconds',
    'bullmq_queue_jobs',
    'bullmq_job_duration_seconds',
    'sessions_by_status',
    'sessions_lease_handovers_total',
    'gateway_sockets',
    'gateway_fanout_duration_seconds',
    'gateway_socket_dropped_total',
    'pg_pool_connections',
  ];
  const known = (name: string): boolean =>
    METRICS.some((metric) => name === metric || name === `${metric}_bucket` || name === `${metric}_count` || name === `${metric}_sum`) || /^(nodejs|process)_/.test(name);
  const PROMQL_WORDS = new Set(['sum', 'max', 'min', 'by', 'and', 'or', 'unless', 'rate', 'increase', 'delta', 'deriv', 'histogram_quantile', 'clamp_min', 'le', 'without']);
  const metricsIn = (expr: string): string[] =>
    [...expr.replace(/\{[^}]*\}/g, '').replace(/\[[^\]]*\]/g, '').matchAll(/\b([a-z_][a-z0-9_]*)\b/g)]
      .map((match) => match[1]!)
      .filter((word) => !PROMQL_WORDS.has(word) && /_/.test(word) && !/^(namespace|app|pod|route|method|status|subject|outcome|stream|consumer|queue|state|reason)$/.test(word));

  interface Rule {
    alert: string;
    expr: string;
    for?: string;
    labels: { severity: string };
    annotations: { summary: string };
  }
  const alerts = parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'prometheus', 'alerts.yaml'), 'utf8')) as { groups: { name: string; rules: Rule[] }[] };
  const dashboard = JSON.parse(readFileSync(path.join(REPO_ROOT, 'deploy', 'grafana', 'atrium.json'), 'utf8')) as {
    uid: string;
    panels: { id: number; type: string; title: string; targets?: { expr: string }[]; gridPos: { x: number; y: number; w: number; h: number } }[];
  };

  it('alerts on inbound lag, disconnected sessions, queue backlog and the 5xx rate, over metrics the apps serve', () => {
    const all = alerts.groups.flatMap((group) => group.rules);
    expect(all.map((rule) => rule.alert)).toEqual(expect.arrayContaining(['AtriumInboundLagGrowing', 'AtriumSessionsDisconnected', 'AtriumQueueBacklog', 'AtriumHttp5xxRate']));
    for (const rule of all) {
      expect({ alert: rule.alert, severity: rule.labels.severity, summary: typeof rule.annotations.summary }).toEqual({
        alert: rule.alert,
        severity: expect.stringMatching(/^(info|warning|critical)$/),
        summary: 'string',
      });
      expect({ alert: rule.alert, unknown: metricsIn(rule.expr).filter((name) => !known(name)) }).toEqual({ alert: rule.alert, unknown: [] });
    }
    expect(new Set(all.map((rule) => rule.alert)).size).toBe(all.length);
  });

  it('charts every metric the apps serve, in panels that do not overlap', () => {
    const panels = dashboard.panels.filter((panel) => panel.type !== 'row');
    const exprs = panels.flatMap((panel) => panel.targets!.map((target) => target.expr));
    const used = new Set(exprs.flatMap(metricsIn));
    expect([...used].filter((name) => !known(name))).toEqual([]);
    expect(METRICS.filter((metric) => ![...used].some((name) => name.startsWith(metric)))).toEqual([]);
    expect([...used]).toEqual(expect.arrayContaining(['nodejs_eventloop_lag_p99_seconds', 'process_resident_memory_bytes']));
    const cells = new Set<string>();
    for (const panel of dashboard.panels) {
      for (let y = panel.gridPos.y; y < panel.gridPos.y + panel.gridPos.h; y += 1) {
        for (let x = panel.gridPos.x; x < panel.gridPos.x + panel.gridPos.w; x += 1) {
          expect({ panel: panel.title, overlaps: cells.has(`${x},${y}`), inside: x < 24 }).toEqual({ panel: panel.title, overlaps: false, inside: true });
          cells.add(`${x},${y}`);
        }
      }
    }
    expect(new Set(dashboard.panels.map((panel) => panel.id)).size).toBe(dashboard.panels.length);
  });
});
