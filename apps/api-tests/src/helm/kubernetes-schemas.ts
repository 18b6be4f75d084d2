import { PrometheusRule, ServiceMonitor } from '@kubernetes-models/prometheus-operator/monitoring.coreos.com/v1';
import { Deployment } from 'kubernetes-models/apps/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { Job } from 'kubernetes-models/batch/v1';
import { Ingress, NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { ConfigMap, Secret, Service } from 'kubernetes-models/v1';

/**
 * The Kubernetes (and Prometheus operator) OpenAPI schemas of the objects the chart renders, as
 * kubernetes-models compiles them: what `kubeconform` checks where it runs (types, required
 * fields, enums; unknown fields are not reported, kubeconform -strict does that).
 */
const MODELS = [Deployment, Service, ConfigMap, Secret, Job, HorizontalPodAutoscaler, PodDisruptionBudget, NetworkPolicy, Ingress, ServiceMonitor, PrometheusRule];

/** Throws when the object breaks its kind's schema, or is of a kind this chart should not render. */
export function validateKubernetesObject(object: Record<string, unknown>): void {
  const Model = MODELS.find((model) => model.apiVersion === object.apiVersion && model.kind === object.kind);
  if (!Model) throw new Error(`no schema for ${String(object.apiVersion)} ${String(object.kind)}`);
  // Each model's constructor takes its own typed shape; the rendered object is checked at run time.
  new Model(object as never).validate();
}
