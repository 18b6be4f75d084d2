// Edits of a Nest module file shared by the generators that add a provider to a context.

/** Adds `className` (imported from `./<file>.js`) to the `providers` of the `@Module` in `source`. */
export function addProvider(source, className, file) {
  const providers = /providers: \[([^\]]*)\]/;
  const found = providers.exec(source);
  let text;
  if (found) {
    const members = found[1]
      .split(',')
      .map((member) => member.trim())
      .filter(Boolean);
    text = source.replace(providers, `providers: [${[...members, className].join(', ')}]`);
  } else {
    text = source.replace(/@Module\(\{/, `@Module({ providers: [${className}],`);
    if (text === source) throw new Error('cannot place the provider: no @Module({ in the module file');
  }
  const lastImport = [...text.matchAll(/^import .*;$/gm)].pop();
  const at = lastImport ? lastImport.index + lastImport[0].length + 1 : 0;
  return text.slice(0, at) + `import { ${className} } from './${file}.js';\n` + text.slice(at);
}

/** The context folder's module file, or an error naming what is missing. */
export function contextModule(tree, appRoot, context) {
  const file = `${appRoot}/src/${context}/${context}.module.ts`;
  if (!tree.exists(file))
    throw new Error(`${file} is missing: give --context the folder of an existing context (nx g @atrium/generators:context)`);
  return file;
}
