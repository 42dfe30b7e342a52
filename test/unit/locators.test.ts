// Testers find every test id in test/e2e/locators.ts (and docs/testing.md): this fails when the
// renderer gains one that the locators or the guide do not name. Ids are read with TypeScript's
// parser wherever one can be written — a `data-testid` or `testId` attribute, a `testId:` property
// (a dialog's close button), a `testId = '…'` default — and through conditionals and `??`;
// a template keeps its fixed head (`exam-choice-${letter}` → `exam-choice-`).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : /\.tsx?$/.test(path) ? [path] : [];
  });
}

const ID_NAME = /^(data-testid|testId)$/;

/** The ids an expression can evaluate to (literals, template heads), through conditionals. */
function literals(node: ts.Node | undefined): string[] {
  if (!node) return [];
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [node.text];
  if (ts.isTemplateExpression(node)) return [node.head.text];
  if (ts.isJsxExpression(node) || ts.isParenthesizedExpression(node)) return literals(node.expression);
  if (ts.isConditionalExpression(node)) return [...literals(node.whenTrue), ...literals(node.whenFalse)];
  if (ts.isBinaryExpression(node)) return [...literals(node.left), ...literals(node.right)];
  return [];
}

function nameOf(name: ts.Node): string | null {
  if (ts.isIdentifier(name) || ts.isStringLiteral(name)) return name.text;
  if (ts.isJsxNamespacedName(name)) return `${name.namespace.text}:${name.name.text}`;
  return null;
}

export function rendererIds(): Set<string> {
  const ids = new Set<string>();
  for (const file of files('renderer/src')) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      let value: ts.Node | undefined;
      if (ts.isJsxAttribute(node) && ID_NAME.test(nameOf(node.name) ?? '')) value = node.initializer;
      else if (ts.isPropertyAssignment(node) && ID_NAME.test(nameOf(node.name) ?? '')) value = node.initializer;
      else if (ts.isBindingElement(node) && ID_NAME.test(nameOf(node.name) ?? '')) value = node.initializer;
      for (const id of literals(value)) if (id) ids.add(id);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return ids;
}

describe('locators', () => {
  const ids = rendererIds();

  it('reads ids from every place one is written', () => {
    // The forms the old regex missed: a property (a dialog's close button) and a default value.
    expect(ids).toContain('build-pack-close');
    expect(ids).toContain('error');
    expect(ids.size).toBeGreaterThan(200);
  });

  it('name every test id the renderer has', () => {
    const locators = readFileSync('test/e2e/locators.ts', 'utf8');
    const guide = readFileSync('docs/testing.md', 'utf8');
    const missing = [...ids].filter((testId) => !locators.includes(`'${testId}`) && !locators.includes(`\`${testId}`));
    expect(missing).toEqual([]);
    const undocumented = [...ids].filter((testId) => !guide.includes(`\`${testId}`));
    expect(undocumented).toEqual([]);
  });
});
