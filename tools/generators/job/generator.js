// `npx nx g @atrium/generators:job <name> --project=<service> --context=<folder> [--actsOn=<row>]`
// A BullMQ job through @atrium/jobs keyed by the row it acts on (docs/adr/020): see tools/README.md.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import devkit from '@nx/devkit';
import { insertBefore, namesOf, singularOf } from '../names.js';
import { addProvider, contextModule } from '../nest-module.js';

const { generateFiles, joinPathFragments } = devkit;
const here = path.dirname(fileURLToPath(import.meta.url));
const JOB_NAMES = 'libs/jobs/src/job-names.ts';

/** The job's name in the one enum and its payload (the company and the row's id) in JobPayloads. */
function addJobName(source, { className, jobValue, app, fileName, actsOn }) {
  if (new RegExp(`^\\s*${className} = '`, 'm').test(source)) throw new Error(`JobName.${className} exists already`);
  const payloads = source.indexOf('export interface JobPayloads');
  if (payloads < 0) throw new Error(`cannot place the payload: no JobPayloads in ${JOB_NAMES}`);
  const enumPart = insertBefore(
    source.slice(0, payloads),
    /^\}/m,
    `  /** ${app.fileName}: ${fileName.replace(/-/g, ' ')} of one ${actsOn.fileName.replace(/-/g, ' ')}. */\n  ${className} = '${jobValue}',\n`,
    'the job name',
  );
  const payloadPart = insertBefore(
    source.slice(payloads),
    /^\}/m,
    `  [JobName.${className}]: { companyId: number; ${actsOn.propertyName}Id: number };\n`,
    'the job payload',
  );
  return enumPart + payloadPart;
}

/** The service's job queue: `JobsModule.forRoot()` among the app module's imports, once. */
function ensureJobsModule(source) {
  if (source.includes('JobsModule.forRoot(')) return source;
  let text = source.replace(/^(\s*CoreModule\.forRoot\(.*\),\n)/m, '$1        JobsModule.forRoot(),\n');
  if (text === source) throw new Error('cannot place JobsModule.forRoot(): no CoreModule.forRoot(...) line in the app module');
  const jobsImport = /^import \{([^}]*)\} from '@atrium\/jobs';$/m;
  if (jobsImport.test(text))
    return text.replace(jobsImport, (_all, names) => `import {${names.replace(/\s*$/, '')}, JobsModule } from '@atrium/jobs';`);
  const lastImport = [...text.matchAll(/^import .*;$/gm)].pop();
  const at = lastImport.index + lastImport[0].length + 1;
  text = text.slice(0, at) + "import { JobsModule } from '@atrium/jobs';\n" + text.slice(at);
  return text;
}

export default async function jobGenerator(tree, options) {
  const app = namesOf(options.project);
  const appRoot = joinPathFragments('apps', app.fileName);
  const appModule = joinPathFragments(appRoot, 'src', 'app.module.ts');
  if (!tree.exists(appModule)) throw new Error(`${appRoot} is not a service (no src/app.module.ts)`);
  const module = contextModule(tree, appRoot, options.context);
  const names = {
    ...namesOf(options.name),
    app,
    actsOn: namesOf(options.actsOn ?? singularOf(options.context)),
    jobValue: `${app.fileName}.${options.name}`,
  };
  const processor = joinPathFragments(appRoot, 'src', options.context, `${names.fileName}.processor.ts`);
  if (tree.exists(processor)) throw new Error(`${processor} exists already`);

  tree.write(JOB_NAMES, addJobName(tree.read(JOB_NAMES, 'utf-8'), names));
  generateFiles(tree, path.join(here, 'files'), joinPathFragments(appRoot, 'src', options.context), { ...names, tmpl: '' });
  tree.write(module, addProvider(tree.read(module, 'utf-8'), `${names.className}Processor`, `${names.fileName}.processor`));
  tree.write(appModule, ensureJobsModule(tree.read(appModule, 'utf-8')));
}
