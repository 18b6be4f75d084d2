{{/* Release-scoped base name, at most 63 characters. */}}
{{- define "atrium.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* Name of one app's objects. Call with (dict "root" $ "component" "identity"). */}}
{{- define "atrium.componentName" -}}
{{- printf "%s-%s" (include "atrium.fullname" .root) .component | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "atrium.selectorLabels" -}}
app.kubernetes.io/name: {{ default .root.Chart.Name .root.Values.nameOverride }}
app.kubernetes.io/instance: {{ .root.Release.Name }}
app.kubernetes.io/component: {{ .component }}
{{- end -}}

{{- define "atrium.labels" -}}
helm.sh/chart: {{ printf "%s-%s" .root.Chart.Name .root.Chart.Version | replace "+" "_" }}
app.kubernetes.io/managed-by: {{ .root.Release.Service }}
app.kubernetes.io/version: {{ .root.Chart.AppVersion | quote }}
app.kubernetes.io/part-of: atrium
{{ include "atrium.selectorLabels" . }}
{{- end -}}

{{/* <registry>/<name>:<tag>. Call with (dict "root" $ "name" "identity"). */}}
{{- define "atrium.image" -}}
{{- printf "%s/%s:%s" .root.Values.image.registry .name (default .root.Chart.AppVersion .root.Values.image.tag) -}}
{{- end -}}

{{- define "atrium.secretName" -}}
{{- default (printf "%s-secrets" (include "atrium.fullname" .)) .Values.secrets.existingSecret -}}
{{- end -}}

{{- define "atrium.configMapName" -}}
{{- printf "%s-config" (include "atrium.fullname" .) -}}
{{- end -}}

{{/* postgres://user[:password]@host:port/name[?options]. Call with (dict "db" .Values.database "user" ... "password" ...). */}}
{{- define "atrium.databaseUrl" -}}
{{- $auth := .user -}}
{{- if .password -}}{{- $auth = printf "%s:%s" .user (.password | urlquery) -}}{{- end -}}
{{- $url := printf "postgres://%s@%s:%v/%s" $auth .db.host .db.port .db.name -}}
{{- if .db.options -}}{{- $url = printf "%s?%s" $url .db.options -}}{{- end -}}
{{- $url -}}
{{- end -}}

{{/* An env entry read from the Secret (or .secretName). Optional keys may be absent from an existingSecret. */}}
{{- define "atrium.secretEnv" -}}
- name: {{ .key }}
  valueFrom:
    secretKeyRef:
      name: {{ .secretName | default (include "atrium.secretName" .root) }}
      key: {{ .key }}
      optional: {{ has .key (list "SMTP_PASS" "S3_ACCESS_KEY" "S3_SECRET_KEY") }}
{{- end -}}

{{/* The variables of one backend app's container (the Deployment's and the migration Job's).
     Call with (dict "root" $ "name" $name "app" $app "secretName" <Secret to read>). */}}
{{- define "atrium.appEnv" -}}
- name: {{ .app.portEnv }}
  value: {{ .app.port | quote }}
{{- if .app.database }}
{{ include "atrium.secretEnv" (dict "root" .root "key" "DATABASE_URL" "secretName" .secretName) }}
{{- end }}
{{- range .app.secretEnv }}
{{ include "atrium.secretEnv" (dict "root" $.root "key" . "secretName" $.secretName) }}
{{- end }}
{{- range $key, $value := .app.env }}
- name: {{ $key }}
  value: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The shared environment (the ConfigMap's data). */}}
{{- define "atrium.configData" -}}
{{- range $key, $value := .Values.config }}
{{ $key }}: {{ $value | toString | quote }}
{{- end }}
{{- end -}}

{{/* The Secret's keys (the release's Secret and the migration hook's copy). */}}
{{- define "atrium.secretData" -}}
{{- $secrets := .Values.secrets -}}
{{- $db := .Values.database -}}
JWT_SECRET: {{ required "secrets.jwtSecret is required (32+ characters, shared by identity and the gateway)" $secrets.jwtSecret | quote }}
ADMIN_EMAIL: {{ required "secrets.adminEmail is required (the super user seeded on first start)" $secrets.adminEmail | quote }}
ADMIN_PASSWORD: {{ required "secrets.adminPassword is required (8+ characters)" $secrets.adminPassword | quote }}
DATABASE_URL: {{ include "atrium.databaseUrl" (dict "db" $db "user" $db.appUser "password" $secrets.databaseAppPassword) | quote }}
DATABASE_MIGRATION_URL: {{ include "atrium.databaseUrl" (dict "db" $db "user" $db.ownerUser "password" $secrets.databaseOwnerPassword) | quote }}
SMTP_PASS: {{ $secrets.smtpPassword | default "" | quote }}
S3_ACCESS_KEY: {{ $secrets.s3AccessKey | default "" | quote }}
S3_SECRET_KEY: {{ $secrets.s3SecretKey | default "" | quote }}
STRIPE_SECRET_KEY: {{ $secrets.stripeSecretKey | default "" | quote }}
STRIPE_WEBHOOK_SECRET: {{ $secrets.stripeWebhookSecret | default "" | quote }}
AI_SECRETS_KEY: {{ $secrets.aiSecretsKey | default "" | quote }}
SESSIONS_SECRETS_KEY: {{ $secrets.sessionsSecretsKey | default "" | quote }}
IDENTITY_SECRETS_KEY: {{ $secrets.identitySecretsKey | default "" | quote }}
{{- end -}}

{{/* "true" when a monitoring object is wanted: `enabled: true`, or `auto` and the cluster serves
     the Prometheus operator's API. Call with (dict "root" $ "enabled" .Values.monitoring.x.enabled). */}}
{{- define "atrium.monitoringEnabled" -}}
{{- $enabled := toString .enabled -}}
{{- if or (eq $enabled "true") (and (eq $enabled "auto") (.root.Capabilities.APIVersions.Has "monitoring.coreos.com/v1")) -}}
true
{{- end -}}
{{- end -}}

{{/* topologySpreadConstraints over the app's own pods. Call with (dict "root" $ "component" $name "spread" $app.topologySpread). */}}
{{- define "atrium.topologySpread" -}}
{{- range .spread }}
- maxSkew: {{ .maxSkew }}
  topologyKey: {{ .topologyKey }}
  whenUnsatisfiable: {{ .whenUnsatisfiable }}
  labelSelector:
    matchLabels:
      {{- include "atrium.selectorLabels" $ | nindent 6 }}
{{- end }}
{{- end -}}

{{/* A HorizontalPodAutoscaler of one Deployment. Call with (dict "root" $ "component" $name "autoscaling" $app.autoscaling). */}}
{{- define "atrium.hpa" -}}
{{- $scaling := .autoscaling -}}
{{- if not (or $scaling.targetCPUUtilizationPercentage $scaling.metrics) -}}
{{- fail (printf "apps.%s.autoscaling needs targetCPUUtilizationPercentage or metrics" .component) -}}
{{- end -}}
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ include "atrium.componentName" . }}
  labels:
    {{- include "atrium.labels" . | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ include "atrium.componentName" . }}
  minReplicas: {{ $scaling.minReplicas }}
  maxReplicas: {{ $scaling.maxReplicas }}
  metrics:
    {{- if $scaling.targetCPUUtilizationPercentage }}
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ $scaling.targetCPUUtilizationPercentage }}
    {{- end }}
    {{- with $scaling.metrics }}
    {{- toYaml . | nindent 4 }}
    {{- end }}
  {{- with $scaling.behavior }}
  behavior:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}

{{/* One NetworkPolicy egress rule from a `networkPolicy` entry ({ to, ports }). Call with (dict "policy" $policy "rule" $policy.redis). */}}
{{- define "atrium.egress" -}}
- to:
    {{- toYaml .rule.to | nindent 4 }}
  ports:
    {{- toYaml .rule.ports | nindent 4 }}
{{- end -}}

{{/* matchExpressions selecting the release's enabled simulators. Call with (dict "root" $ "sandboxes" $sandboxes). */}}
{{- define "atrium.sandboxMatch" -}}
- { key: app.kubernetes.io/instance, operator: In, values: [{{ .root.Release.Name | quote }}] }
- key: app.kubernetes.io/component
  operator: In
  values:
    {{- toYaml .sandboxes | nindent 4 }}
{{- end -}}
