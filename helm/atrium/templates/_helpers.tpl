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

{{/* An env entry read from the Secret. Optional keys may be absent from an existingSecret. */}}
{{- define "atrium.secretEnv" -}}
- name: {{ .key }}
  valueFrom:
    secretKeyRef:
      name: {{ include "atrium.secretName" .root }}
      key: {{ .key }}
      optional: {{ has .key (list "SMTP_PASS" "S3_ACCESS_KEY" "S3_SECRET_KEY") }}
{{- end -}}
