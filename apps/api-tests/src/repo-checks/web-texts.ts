import ts from 'typescript';

/**
 * What the web app shows its users, read from its TSX with the TypeScript compiler (not regexes):
 * the literals that bypass the locale files and the translation keys the code asks for.
 */

/** JSX props and object properties whose string a user reads (antd props, form rules, toasts, dialogs). */
export const USER_VISIBLE_NAMES = new Set([
  'title',
  'placeholder',
  'label',
  'message',
  'content',
  'okText',
  'cancelText',
  'description',
  'tooltip',
  'alt',
  'aria-label',
  'emptyText',
  'checkedChildren',
  'unCheckedChildren',
  'addonBefore',
  'addonAfter',
  'extra',
  'help',
  'subTitle',
  'subtitle',
  'text',
]);

/** Calls whose first argument is shown to the user as is. */
const USER_VISIBLE_CALLS = new Set([
  'toast.success',
  'toast.error',
  'toast.info',
  'toast.warning',
  'toastError',
  'message.success',
  'message.error',
  'message.info',
  'message.warning',
  'alert',
  'window.alert',
  'confirm',
  'window.confirm',
]);

export interface WebLiteral {
  line: number;
  text: string;
  where: string;
}

export interface TranslationUse {
  line: number;
  /** The namespaces the key may live in: the file's useTranslation ones, or the one named at the call. */
  namespaces: string[];
  key: string;
}

/** A text a person reads: it holds a letter (numbers, punctuation and masks are not words). */
function hasWords(text: string): boolean {
  return /\p{L}{2,}/u.test(text);
}

function literalText(node: ts.Node | undefined): string | undefined {
  if (!node) return undefined;
  if (ts.isParenthesizedExpression(node)) return literalText(node.expression);
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
  if (ts.isTemplateExpression(node)) return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
  if (ts.isJsxExpression(node)) return literalText(node.expression);
  if (ts.isConditionalExpression(node))
    return [literalText(node.whenTrue), literalText(node.whenFalse)].filter((part) => part !== undefined).join(' ') || undefined;
  if (
    ts.isBinaryExpression(node) &&
    (node.operatorToken.kind === ts.SyntaxKind.BarBarToken || node.operatorToken.kind === ts.SyntaxKind.QuestionQuestionToken)
  )
    return literalText(node.right);
  return undefined;
}

function propertyName(name: ts.PropertyName | ts.JsxAttributeName): string | undefined {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return undefined;
}

function calleeName(expression: ts.Expression): string | undefined {
  if (ts.isIdentifier(expression)) return expression.text;
  if (ts.isPropertyAccessExpression(expression)) {
    const owner = calleeName(expression.expression);
    return owner === undefined ? expression.name.text : `${owner}.${expression.name.text}`;
  }
  return undefined;
}

function firstStrings(node: ts.Expression | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isArrayLiteralExpression(node)) return node.elements.flatMap((element) => firstStrings(element));
  return [];
}

/** The `ns` named in a t() call's options, if any. */
function namespaceOption(options: ts.Expression | undefined): string | undefined {
  if (!options || !ts.isObjectLiteralExpression(options)) return undefined;
  for (const property of options.properties) {
    if (ts.isPropertyAssignment(property) && propertyName(property.name) === 'ns') return firstStrings(property.initializer)[0];
  }
  return undefined;
}

/** The user-visible literals of one TSX/TS source file. */
export function findLiterals(fileName: string, source: string): WebLiteral[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const found: WebLiteral[] = [];
  const report = (node: ts.Node, text: string, where: string) => {
    if (hasWords(text)) found.push({ line: file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1, text: text.trim(), where });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node)) report(node, node.text, 'JSX text');
    else if (ts.isJsxExpression(node) && node.expression && (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))) {
      const text = literalText(node.expression);
      if (text !== undefined) report(node, text, 'JSX text');
    } else if (ts.isJsxAttribute(node)) {
      const name = propertyName(node.name);
      const text = literalText(node.initializer);
      if (name !== undefined && USER_VISIBLE_NAMES.has(name) && text !== undefined) report(node, text, `prop ${name}`);
    } else if (ts.isPropertyAssignment(node)) {
      const name = propertyName(node.name);
      const text = literalText(node.initializer);
      if (name !== undefined && USER_VISIBLE_NAMES.has(name) && text !== undefined) report(node, text, `property ${name}`);
    } else if (ts.isCallExpression(node)) {
      const callee = calleeName(node.expression);
      const text = literalText(node.arguments[0]);
      if (callee !== undefined && USER_VISIBLE_CALLS.has(callee) && text !== undefined) report(node, text, `${callee}()`);
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

/** The translation keys one source file asks for with literal keys: t('key'), i18n.t('ns:key'), <Trans i18nKey="key">. */
export function findTranslationUses(fileName: string, source: string, defaultNamespace: string): TranslationUse[] {
  const file = ts.createSourceFile(
    fileName,
    source,
    ts.ScriptTarget.Latest,
    true,
    fileName.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const fileNamespaces = new Set<string>();
  const calls: Array<{ node: ts.Node; key: string; ns: string | undefined }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) {
      const callee = calleeName(node.expression);
      if (callee === 'useTranslation') {
        const named = firstStrings(node.arguments[0]);
        if (named.length === 0) fileNamespaces.add(defaultNamespace);
        for (const ns of named) fileNamespaces.add(ns);
      } else if (callee === 't' || callee?.endsWith('.t')) {
        const [keyArgument, options] = node.arguments;
        if (keyArgument && (ts.isStringLiteral(keyArgument) || ts.isNoSubstitutionTemplateLiteral(keyArgument)))
          calls.push({ node, key: keyArgument.text, ns: namespaceOption(options) });
      }
    } else if (ts.isJsxAttribute(node) && propertyName(node.name) === 'i18nKey') {
      const key = literalText(node.initializer);
      if (key !== undefined) calls.push({ node, key, ns: undefined });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  const namespaces = fileNamespaces.size > 0 ? [...fileNamespaces] : [defaultNamespace];
  return calls.map(({ node, key, ns }) => {
    const line = file.getLineAndCharacterOfPosition(node.getStart(file)).line + 1;
    const colon = key.indexOf(':');
    if (colon > 0 && !key.includes(' ')) return { line, namespaces: [key.slice(0, colon)], key: key.slice(colon + 1) };
    return { line, namespaces: ns ? [ns] : namespaces, key };
  });
}

/** Whether `key` (dotted path, i18next plural suffixes allowed) resolves to a string in `tree`. */
export function hasTranslation(tree: unknown, key: string): boolean {
  const at = (path: string): unknown =>
    path
      .split('.')
      .reduce<unknown>(
        (node, part) => (typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined),
        tree,
      );
  return [key, `${key}_one`, `${key}_other`].some((candidate) => typeof at(candidate) === 'string');
}
