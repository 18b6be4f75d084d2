// The house's file-name roles (docs/adr/008): `<name>.<role>.ts` in kebab-case, and a class named
// `<Name><Role>` lives in a file of that role. A local ESLint plugin, loaded by eslint.config.js.
import path from 'node:path';

/** Class roles: a class `FooService` lives in `foo.service.ts`, and `x.service.ts` declares a `...Service`. */
export const CLASS_ROLES = [
  'service',
  'repository',
  'controller',
  'module',
  'gateway',
  'consumer',
  'events',
  'processor',
  'guard',
  'strategy',
  'middleware',
];

/**
 * Roles the house spells one way only (issue 25): a class that handles other services' events, durable or live, is a
 * `…Consumer` in `<name>.consumer.ts` (as the generator's consumer template writes it), never a `…Subscriber`.
 */
const RETIRED_CLASS_ROLES = { Subscriber: 'consumer' };

/** Nest decorators that fix the role of the class they decorate. */
const DECORATOR_ROLES = { Module: 'module', Controller: 'controller', WebSocketGateway: 'gateway' };

/** Other spellings of a role that the house does not use (one spelling per role). */
const WRONG_SPELLINGS =
  /[.-](services|repo|repos|repositories|controllers|modules|subscribers?|gateways|consumers|guards|svc|ctrl)\.tsx?$|-(service|repository|controller|module|gateway|consumer|guard)\.tsx?$/;

const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)*$/;

const capitalised = (role) => role[0].toUpperCase() + role.slice(1);
const roleOfClass = (name) => CLASS_ROLES.find((role) => name.endsWith(capitalised(role)) && name !== capitalised(role));
const roleOfFile = (base) => CLASS_ROLES.find((role) => base.endsWith(`.${role}`));

/** `foo-bar.service` for `src/foo-bar.service.ts`; null for declaration files and config files outside src. */
function baseName(filename) {
  const name = path.basename(filename);
  if (name.endsWith('.d.ts') || !/\.tsx?$/.test(name)) return null;
  return name.replace(/\.(spec|int-spec)\.tsx?$/, '').replace(/\.tsx?$/, '');
}

function decoratorName(decorator) {
  const expression = decorator.expression.type === 'CallExpression' ? decorator.expression.callee : decorator.expression;
  return expression.type === 'Identifier' ? expression.name : null;
}

export const fileRoleRule = {
  meta: {
    type: 'suggestion',
    docs: { description: 'file names `<name>.<role>.ts` in kebab-case, with classes `<Name><Role>` in files of their role' },
    schema: [],
    messages: {
      kebab: 'File name "{{name}}" is not kebab-case with dotted roles (`<name>.<role>.ts`).',
      spelling:
        'File name "{{name}}" spells a role another way: use `.service`, `.repository`, `.controller`, `.module`, `.gateway`, `.consumer` (not `.subscriber`), `.events`, `.guard`.',
      retiredRole: 'Class {{className}} spells its role {{retired}}: the house calls it {{Role}} (`<name>.{{role}}.ts`).',
      classInFile: 'Class {{className}} is a {{role}}: its file is `<name>.{{role}}.ts`, not "{{name}}".',
      decorated: 'Class {{className}} is decorated @{{decorator}}: its name ends in {{Role}} and its file in `.{{role}}.ts`.',
      fileWithoutClass: 'File "{{name}}" is a {{role}} file but declares no class ending in {{Role}}.',
    },
  },
  create(context) {
    const filename = context.filename ?? context.getFilename();
    const base = baseName(filename);
    if (base === null) return {};
    const testFile = /\.(spec|int-spec)\.tsx?$/.test(filename);
    const name = path.basename(filename);
    const fileRole = roleOfFile(base);
    let declaresRoleClass = false;
    return {
      Program(node) {
        if (!KEBAB.test(base)) context.report({ node, messageId: 'kebab', data: { name } });
        else if (WRONG_SPELLINGS.test(name)) context.report({ node, messageId: 'spelling', data: { name } });
      },
      ClassDeclaration(node) {
        if (!node.id || testFile) return;
        const className = node.id.name;
        const role = roleOfClass(className);
        const retired = Object.keys(RETIRED_CLASS_ROLES).find((suffix) => className.endsWith(suffix));
        if (retired) {
          const renamed = RETIRED_CLASS_ROLES[retired];
          context.report({
            node: node.id,
            messageId: 'retiredRole',
            data: { className, retired, role: renamed, Role: capitalised(renamed) },
          });
        }
        if (role && role === fileRole) declaresRoleClass = true;
        if (role && role !== fileRole) context.report({ node: node.id, messageId: 'classInFile', data: { className, role, name } });
        for (const decorator of node.decorators ?? []) {
          const decorator_ = decoratorName(decorator);
          const expected = decorator_ && DECORATOR_ROLES[decorator_];
          if (expected && (role !== expected || fileRole !== expected)) {
            context.report({
              node: node.id,
              messageId: 'decorated',
              data: { className, decorator: decorator_, role: expected, Role: capitalised(expected) },
            });
          }
        }
      },
      'Program:exit'(node) {
        if (fileRole && !testFile && !declaresRoleClass) {
          context.report({ node, messageId: 'fileWithoutClass', data: { name, role: fileRole, Role: capitalised(fileRole) } });
        }
      },
    };
  },
};

export default { meta: { name: 'atrium' }, rules: { 'file-role': fileRoleRule } };
