import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** A re-export's target as a file: `./button` is `./button/index.js`, `./HomeOutlined` is `./HomeOutlined.js`. */
function moduleFile(target) {
  if (existsSync(target) && statSync(target).isDirectory()) return path.join(target, 'index.js');
  return existsSync(`${target}.js`) ? `${target}.js` : target;
}

/** `export { default as Name } from './where'` lines of a barrel file: Name → absolute path of where. */
function defaultReExports(barrelFile) {
  const exports = new Map();
  const source = readFileSync(barrelFile, 'utf8');
  for (const match of source.matchAll(/export\s*\{\s*default\s+as\s+(\w+)\s*\}\s*from\s*['"]([^'"]+)['"]/g)) {
    exports.set(match[1], moduleFile(path.resolve(path.dirname(barrelFile), match[2])));
  }
  return exports;
}

/** The barrels this app imports from, and the file of each that lists the re-exports. */
const BARRELS = [
  { name: 'antd', listing: 'antd/es/index.js' },
  { name: '@ant-design/icons', listing: '@ant-design/icons/es/icons/index.js' },
];

const NAMED_IMPORT = /import\s*\{([^}]*)\}\s*from\s*(['"])([^'"]+)\2;?/g;

/**
 * Rewrites `import { Button, Form as F } from 'antd'` into one import per component file
 * (`import Button from '<antd>/es/button/index.js'`), the same for `@ant-design/icons`. Rolldown
 * places modules in chunks by what is reachable from each entry; through a barrel, every
 * component any page uses is reachable from the entry, so the login screen would download them
 * all. Names the barrel does not re-export as a default are left on the barrel import.
 */
export function barrelImports({ root }) {
  const barrels = new Map(BARRELS.map((barrel) => [barrel.name, defaultReExports(path.join(root, 'node_modules', barrel.listing))]));
  return {
    name: 'atrium-barrel-imports',
    enforce: 'post',
    apply: 'build',
    transform(code, id) {
      if (id.includes('/node_modules/') || !/\.[jt]sx?$/.test(id.split('?')[0])) return null;
      if (![...barrels.keys()].some((name) => code.includes(name))) return null;
      let changed = false;
      const rewritten = code.replace(NAMED_IMPORT, (whole, specifiers, quote, from) => {
        const targets = barrels.get(from);
        if (!targets) return whole;
        const direct = [];
        const kept = [];
        for (const specifier of specifiers
          .split(',')
          .map((part) => part.trim())
          .filter(Boolean)) {
          const [imported, local = imported] = specifier.split(/\s+as\s+/).map((part) => part.trim());
          const file = targets.get(imported);
          if (file && !imported.startsWith('type ')) direct.push(`import ${local} from ${JSON.stringify(file)};`);
          else kept.push(specifier);
        }
        if (direct.length === 0) return whole;
        changed = true;
        // One line, so the lines below keep their numbers (source maps).
        return [...direct, ...(kept.length ? [`import { ${kept.join(', ')} } from ${quote}${from}${quote};`] : [])].join(' ');
      });
      return changed ? { code: rewritten, map: null } : null;
    },
  };
}
