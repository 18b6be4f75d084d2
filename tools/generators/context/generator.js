// `npx nx g @atrium/generators:context <name> --project=<service>`
// A new context inside a service, the way the tickets service's are: see tools/README.md.
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import devkit from '@nx/devkit';
import { insertBefore, namesOf, singularOf } from '../names.js';

const { generateFiles, joinPathFragments } = devkit;
const here = path.dirname(fileURLToPath(import.meta.url));

/** Makes `import { a, b } from 'module'` name every one of `names` (adding the import when missing). */
function ensureNamedImports(source, module, names) {
  const pattern = new RegExp(`import \\{([^}]*)\\} from '${module.replace(/[/.]/g, '\\$&')}';`);
  const found = pattern.exec(source);
  if (!found) {
    const lastImport = [...source.matchAll(/^import .*;$/gm)].pop();
    const line = `import { ${[...names].sort().join(', ')} } from '${module}';\n`;
    if (!lastImport) return line + source;
    const at = lastImport.index + lastImport[0].length + 1;
    return source.slice(0, at) + line + source.slice(at);
  }
  const present = found[1]
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const all = [...new Set([...present, ...names])].sort((a, b) => a.replace(/^type /, '').localeCompare(b.replace(/^type /, '')));
  const multiline = found[1].includes('\n');
  const list = multiline ? `\n${all.map((name) => `  ${name},`).join('\n')}\n` : ` ${all.join(', ')} `;
  return source.slice(0, found.index) + `import {${list}} from '${module}';` + source.slice(found.index + found[0].length);
}

/** The context's table in the service's schema: tenant-scoped, row-level security on, listed in the schema object. */
function addTable(source, { app, propertyName, snakeName }) {
  let text = ensureNamedImports(source, 'drizzle-orm/pg-core', ['integer', 'serial', 'varchar']);
  text = ensureNamedImports(text, '@atrium/database', ['tenantIsolationPolicy', 'timestamps']);
  const table = `export const ${propertyName} = ${app.propertyName}Db
  .table(
    '${snakeName}',
    {
      id: serial('id').primaryKey(),
      companyId: integer('company_id').notNull(),
      name: varchar('name', { length: 100 }).notNull(),
      ...timestamps(),
    },
    () => [tenantIsolationPolicy()],
  )
  .enableRLS();

`;
  const schemaObject = new RegExp(`export const ${app.propertyName}Schema = \\{([^}]*)\\};`);
  text = insertBefore(text, schemaObject, table, `the ${snakeName} table`);
  text = text.replace(schemaObject, (_all, body) => {
    const members = body
      .split(',')
      .map((member) => member.trim())
      .filter(Boolean);
    return `export const ${app.propertyName}Schema = {\n${[...members, propertyName].map((member) => `  ${member},`).join('\n')}\n};`;
  });
  if (!text.includes(`export type ${app.className}Schema`))
    text += `\nexport type ${app.className}Schema = typeof ${app.propertyName}Schema;\n`;
  return text;
}

/** The module among the app module's imports. */
function addToAppModule(source, { className, fileName }) {
  let text = source.replace(/(imports: \[)([\s\S]*?)(\n?\s*\],)/, (_all, open, body, close) => {
    const entries = body.trim().replace(/,$/, '');
    return `${open}\n        ${entries},\n        ${className}Module,${close.startsWith('\n') ? close : `\n      ${close.trim()}`}`;
  });
  const lastImport = [...text.matchAll(/^import .*;$/gm)].pop();
  const at = lastImport.index + lastImport[0].length + 1;
  text = text.slice(0, at) + `import { ${className}Module } from './${fileName}/${fileName}.module.js';\n` + text.slice(at);
  return text;
}

/**
 * The service's typed contract (ADR 007): `<App>Contract` maps each subject to its request and
 * reply, and joins `RpcContract`, so callers and handlers of the new subjects are type-checked.
 */
function addContractEntries(tree, folder, names) {
  const { app, singular } = names;
  const contract = joinPathFragments(folder, 'contract.ts');
  if (!tree.exists(contract)) {
    tree.write(
      contract,
      `import type { NoData, Rpc } from '../contract.js';\nimport { ${app.className}Subjects as S } from './subjects.js';\n\n/** What each ${app.fileName} subject takes and answers. */\nexport type ${app.className}Contract = {\n};\n`,
    );
    const joined = 'libs/contracts/src/rpc-contract.ts';
    let text = tree.read(joined, 'utf-8');
    text = insertBefore(
      text,
      /^\/\*\* Every service answers/m,
      `import type { ${app.className}Contract } from './${app.fileName}/contract.js';\n\n`,
      'the contract import',
    );
    // One line (`A & B & HealthContract;`) or the formatter's one member a line (`  B &\n  HealthContract;`).
    text = text.replace(/export type RpcContract = ([^;]*?)(\n(\s*))?(?:( & )?HealthContract)?;/, (_all, members, newline, indent, amp) =>
      newline !== undefined
        ? `export type RpcContract = ${members}\n${indent}${app.className}Contract &\n${indent}HealthContract;`
        : `export type RpcContract = ${members} & ${app.className}Contract${amp ? ' & HealthContract' : ''};`,
    );
    tree.write(joined, text);
  }
  let text = tree.read(contract, 'utf-8');
  text = insertBefore(
    text,
    /^import \{ \w+Subjects as S \}/m,
    `import type { Create${singular.className}Dto, ${singular.className}View } from './${names.fileName}.js';\n`,
    'the DTO import',
  );
  const entries = `  [S.${names.propertyName}List]: Rpc<NoData, ${singular.className}View[]>;\n  [S.${names.propertyName}Create]: Rpc<Create${singular.className}Dto, ${singular.className}View>;\n`;
  tree.write(contract, insertBefore(text, /^\};/m, entries, `the contract of ${names.fileName}`));
}

/** Subjects `<app>.<context>.list|create` in the service's one subjects map, its DTO and view exported from libs/contracts. */
function addContracts(tree, options, names) {
  const { app } = names;
  const folder = joinPathFragments('libs/contracts/src', app.fileName);
  generateFiles(tree, path.join(here, 'contracts-files'), folder, { ...names, tmpl: '' });
  const subjects = joinPathFragments(folder, 'subjects.ts');
  if (!tree.exists(subjects)) {
    tree.write(
      subjects,
      `/** NATS request/reply subjects served by the ${app.fileName} service. */\nexport const ${app.className}Subjects = {\n} as const;\n`,
    );
  }
  const entries = `  ${names.propertyName}List: '${app.fileName}.${names.fileName}.list',\n  ${names.propertyName}Create: '${app.fileName}.${names.fileName}.create',\n`;
  tree.write(subjects, insertBefore(tree.read(subjects, 'utf-8'), /^\} as const;/m, entries, `the subjects of ${names.fileName}`));
  addContractEntries(tree, folder, names);
  const index = joinPathFragments(folder, 'index.ts');
  let current = tree.exists(index) ? tree.read(index, 'utf-8') : "export * from './subjects.js';\n";
  if (!current.includes("'./contract.js'")) current += "export * from './contract.js';\n";
  tree.write(index, `${current}export * from './${names.fileName}.js';\n`);
  const root = 'libs/contracts/src/index.ts';
  const line = `export * from './${app.fileName}/index.js';`;
  const rootText = tree.read(root, 'utf-8');
  if (!rootText.includes(line)) tree.write(root, `${rootText}${line}\n`);
}

function addReadmeRow(tree, appRoot, { fileName, className }) {
  const readme = joinPathFragments(appRoot, 'README.md');
  if (!tree.exists(readme)) return;
  let text = tree.read(readme, 'utf-8');
  if (!text.includes('## Contexts')) text = `${text.trimEnd()}\n\n## Contexts\n\n| folder | what |\n|---|---|\n`;
  tree.write(
    readme,
    `${text.trimEnd()}\n| \`${fileName}/\` | ${className}: \`${fileName}.module.ts\` and its controller (NATS \`${fileName}.list\`, \`${fileName}.create\`), service, repository and table \`${fileName.replace(/-/g, '_')}\`. |\n`,
  );
}

export default async function contextGenerator(tree, options) {
  const app = namesOf(options.project);
  const appRoot = joinPathFragments('apps', app.fileName);
  const names = { ...namesOf(options.name), app, singular: namesOf(singularOf(options.name)), singularFileName: singularOf(options.name) };
  const folder = joinPathFragments(appRoot, 'src', names.fileName);
  if (!tree.exists(joinPathFragments(appRoot, 'src', 'app.module.ts')))
    throw new Error(`${appRoot} is not a service (no src/app.module.ts)`);
  if (tree.exists(folder)) throw new Error(`${folder} exists already`);

  generateFiles(tree, path.join(here, 'files'), joinPathFragments(appRoot, 'src'), { ...names, tmpl: '' });
  const database = joinPathFragments(appRoot, 'src', 'shared', `${app.fileName}-database.ts`);
  if (!tree.exists(database)) {
    tree.write(
      database,
      `import type { Database, Tx } from '@atrium/database';\nimport type { ${app.className}Schema } from '../db/schema.js';\n\n/** The ${app.fileName} service's connection (inject with the DATABASE token of @atrium/service-kit). */\nexport type ${app.className}Database = Database<${app.className}Schema>;\nexport type ${app.className}Tx = Tx<${app.className}Schema>;\n`,
    );
  }
  const schema = joinPathFragments(appRoot, 'src', 'db', 'schema.ts');
  tree.write(schema, addTable(tree.read(schema, 'utf-8'), names));
  const appModule = joinPathFragments(appRoot, 'src', 'app.module.ts');
  tree.write(appModule, addToAppModule(tree.read(appModule, 'utf-8'), names));
  addContracts(tree, options, names);
  addReadmeRow(tree, appRoot, names);
  if (options.skipMigration) return undefined;
  // After the files are written: the table's migration from drizzle-kit (libs built first, as db-generate does).
  return () => {
    execFileSync('npx', ['nx', 'run', `${app.fileName}:db-generate`, '--output-style=static', '--', `--name=${names.snakeName}`], {
      cwd: tree.root,
      stdio: 'inherit',
    });
  };
}
