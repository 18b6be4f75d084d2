// `npx nx g @atrium/generators:consumer <name> --project=<service> --context=<folder> --event=<integration event>`
// A service's handler of one durable integration event, named `<name>.consumer.ts` (docs/adr/008): see tools/README.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import devkit from '@nx/devkit';
import { namesOf } from '../names.js';
import { addProvider, contextModule } from '../nest-module.js';

const { generateFiles, joinPathFragments } = devkit;
const here = path.dirname(fileURLToPath(import.meta.url));
const EVENT_MAP = 'libs/contracts/src/integration/integration-events.ts';

/**
 * An example payload of the event for the consumer's test: `{ userId: 1 }` when the map declares the payload inline with
 * numbers, strings and booleans; otherwise an empty object typed as the payload, to fill in.
 */
function examplePayloadOf(eventMap, event) {
  const declared = new RegExp(`^  '${event.replace('.', '\\.')}': \\{([^}]*)\\};`, 'm').exec(eventMap);
  const sample = { number: '1', string: "'x'", boolean: 'false' };
  const fields = declared?.[1]
    .split(';')
    .map((field) => field.trim())
    .filter(Boolean)
    .map((field) => /^(\w+): (number|string|boolean)$/.exec(field));
  if (!fields || fields.some((field) => !field)) return `({} as IntegrationEventMap['${event}'])`;
  return `{ ${fields.map(([, name, type]) => `${name}: ${sample[type]}`).join(', ')} }`;
}

export default async function consumerGenerator(tree, options) {
  const app = namesOf(options.project);
  const appRoot = joinPathFragments('apps', app.fileName);
  if (!tree.exists(joinPathFragments(appRoot, 'src', 'app.module.ts')))
    throw new Error(`${appRoot} is not a service (no src/app.module.ts)`);
  const module = contextModule(tree, appRoot, options.context);
  const eventMap = tree.read(EVENT_MAP, 'utf-8');
  if (!eventMap.includes(`  '${options.event}': `))
    throw new Error(`${options.event} is not an integration event (a key of IntegrationEventMap in ${EVENT_MAP})`);
  const names = { ...namesOf(options.name), app, event: options.event, examplePayload: examplePayloadOf(eventMap, options.event) };
  const consumer = joinPathFragments(appRoot, 'src', options.context, `${names.fileName}.consumer.ts`);
  if (tree.exists(consumer)) throw new Error(`${consumer} exists already`);

  generateFiles(tree, path.join(here, 'files'), joinPathFragments(appRoot, 'src', options.context), { ...names, tmpl: '' });
  tree.write(module, addProvider(tree.read(module, 'utf-8'), `${names.className}Consumer`, `${names.fileName}.consumer`));
}
