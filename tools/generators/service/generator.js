// `npx nx g @atrium/generators:service <name> --port=<port> --owns="<what it owns>"`
// A new backend service the way apps/campaigns, billing and ai are: see tools/README.md.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import devkit from '@nx/devkit';
import { insertBefore, namesOf } from '../names.js';

const { generateFiles, joinPathFragments, updateJson } = devkit;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Adds the service to the files that list every app: npm start's list, the Docker bake file, the Helm values, the README. */
function listEverywhere(tree, { fileName, port, owns }) {
  const edit = (file, change) => {
    if (tree.exists(file)) tree.write(file, change(tree.read(file, 'utf-8')));
  };
  edit('tools/lib/apps.mjs', (text) =>
    insertBefore(
      text,
      /^ {2}\{ name: 'gateway'/m,
      `  { name: '${fileName}', port: ${port}, portEnv: 'HEALTH_PORT', migrates: true, replicable: true },\n`,
      'the app in tools/lib/apps.mjs',
    ),
  );
  edit('docker/docker-bake.hcl', (text) =>
    insertBefore(
      text,
      /^ {6}\{ app = "gateway"/m,
      `      { app = "${fileName}", port = "${port}", health = "/health/live" },\n`,
      'the image in docker/docker-bake.hcl',
    ),
  );
  edit('helm/atrium/values.yaml', (text) =>
    insertBefore(
      text,
      /^ {2}gateway:\n/m,
      `  ${fileName}:\n    enabled: true\n    port: ${port}\n    portEnv: HEALTH_PORT\n    migrate: true\n    database: true\n    secretEnv: []\n    env: {}\n`,
      'the app in helm/atrium/values.yaml',
    ),
  );
  edit('README.md', (text) =>
    insertBefore(text, /^\| `apps\/web` \|/m, `| \`apps/${fileName}\` | ${owns} |\n`, 'the app in the README table'),
  );
}

export default async function serviceGenerator(tree, options) {
  const names = namesOf(options.name);
  const root = joinPathFragments('apps', names.fileName);
  if (tree.exists(joinPathFragments(root, 'project.json'))) throw new Error(`${root} exists already`);
  const owns = (options.owns ?? 'its bounded context').replace(/\.$/, '');
  generateFiles(tree, path.join(here, 'files'), root, { ...names, port: options.port, owns, tmpl: '' });
  updateJson(tree, 'tsconfig.base.json', (json) => {
    json.compilerOptions.paths[`@atrium/app-${names.fileName}`] = [joinPathFragments(root, 'src', 'index.ts')];
    return json;
  });
  listEverywhere(tree, { ...names, port: options.port, owns });
  if (options.skipMigration) return undefined;
  // After the files are written: the first migration (CREATE SCHEMA) from drizzle-kit, the configuration docs from the config class.
  return () => {
    const workspace = tree.root;
    execFileSync('npx', ['drizzle-kit', 'generate', '--name=init'], { cwd: path.join(workspace, root), stdio: 'inherit' });
    execFileSync('node', ['tools/config-docs.mjs'], { cwd: workspace, stdio: 'inherit' });
  };
}
