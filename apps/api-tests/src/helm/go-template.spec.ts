import { TemplateSet, TemplateError, type Value } from './go-template.js';

/** The renderer follows Go's text/template and sprig on what the chart uses (outputs as `helm template` prints them). */
function render(source: string, data: Value = {}, defines = ''): string {
  const templates = new TemplateSet();
  if (defines) templates.add('_helpers.tpl', defines);
  templates.add('t.yaml', source);
  return templates.render('t.yaml', data);
}

describe('go-template', () => {
  it('trims whitespace at {{- and -}} and drops comments', () => {
    expect(render('a  \n  {{- "b" -}}  \n c{{/* note */}}d {{- /* trimmed */ -}} e')).toBe('abcde');
    expect(render('x {{ 1 }} y')).toBe('x 1 y');
  });

  it('passes a pipeline value as the last argument, and reads fields of maps, variables and groups', () => {
    const data = { Values: { name: 'gateway', port: 8080, nested: { list: [1, 2] } } };
    expect(render('{{ .Values.name | printf "%s-%d" "atrium" | quote }}', { Values: { name: 7 } })).toBe('"atrium-7"');
    expect(render('{{ $v := .Values }}{{ $v.nested.list }} {{ (dict "a" .Values.port).a }}', data)).toBe('[1 2] 8080');
    expect(render('[{{ .Values.missing }}]', data)).toBe('[]');
  });

  it('fails on a field of nothing and on functions outside the subset, as helm does', () => {
    expect(() => render('{{ .Values.missing.field }}', { Values: {} })).toThrow(TemplateError);
    expect(() => render('{{ lookup "v1" "Secret" "ns" "name" }}')).toThrow(/outside the supported subset/);
    expect(() => render('{{ if true }}open')).toThrow(/unclosed if/);
  });

  it('walks maps in key order, scopes variables to their block and lets = assign outer ones', () => {
    expect(render('{{ range $k, $v := . }}{{ $k }}={{ $v }};{{ end }}', { b: 2, a: 1, c: 3 })).toBe('a=1;b=2;c=3;');
    expect(render('{{ range $i, $v := . }}{{ $i }}{{ . }}{{ else }}none{{ end }}', ['x', 'y'])).toBe('0x1y');
    expect(render('{{ range . }}{{ . }}{{ else }}none{{ end }}', [])).toBe('none');
    expect(render('{{ $l := list }}{{ range . }}{{ $l = append $l . }}{{ end }}{{ len $l }}', [1, 2, 3])).toBe('3');
    expect(() => render('{{ if true }}{{ $x := 1 }}{{ end }}{{ $x }}')).toThrow(/undefined variable/);
  });

  it('chains else if, and with sets the dot', () => {
    const chain = '{{ if eq . "a" }}A{{ else if eq . "b" }}B{{ else }}C{{ end }}';
    expect(['a', 'b', 'z'].map((value) => render(chain, value))).toEqual(['A', 'B', 'C']);
    expect(render('{{ with .x }}{{ . }}{{ else }}empty{{ end }}', { x: '' })).toBe('empty');
    expect(render('{{ with .x }}{{ .y }}{{ end }}', { x: { y: 'inner' } })).toBe('inner');
  });

  it('includes defined templates with nindent and toYaml (keys sorted, as helm prints them)', () => {
    const defines = '{{- define "labels" -}}\nname: {{ .name }}\nsize: {{ .size }}\n{{- end -}}';
    expect(render('labels:\n  {{- include "labels" (dict "name" "x" "size" 2) | nindent 2 }}', {}, defines)).toBe('labels:\n  name: x\n  size: 2');
    expect(render('{{ toYaml . }}', { b: [1], a: { c: true } })).toBe('a:\n  c: true\nb:\n  - 1');
  });

  it('mergeOverwrite merges maps deeply and lets false and lists replace (sprig semantics)', () => {
    const data = { defaults: { pdb: { enabled: true, max: 1 }, egress: [1, 2] }, app: { pdb: { enabled: false }, egress: [3] } };
    expect(render('{{ $m := mergeOverwrite (deepCopy .defaults) .app }}{{ $m.pdb.enabled }} {{ $m.pdb.max }} {{ $m.egress }} {{ .defaults.pdb.enabled }}', data)).toBe(
      'false 1 [3] true',
    );
  });

  it('prints numbers as Go prints the float64s of helm values', () => {
    expect(render('{{ .a }} {{ .b }} {{ .c }}', { a: 8080, b: 0.5, c: 1000000 })).toBe('8080 0.5 1e+06');
  });

  it('evaluates and/or lazily and calls methods of the data', () => {
    expect(render('{{ if and .x .x.y }}yes{{ else }}no{{ end }}', { x: null })).toBe('no');
    const data = { Capabilities: { APIVersions: { Has: (api: unknown) => api === 'monitoring.coreos.com/v1' } } };
    expect(render('{{ .Capabilities.APIVersions.Has "monitoring.coreos.com/v1" }} {{ .Capabilities.APIVersions.Has "x/v1" }}', data)).toBe('true false');
  });
});
