// The types keep the key in main (docs/security.md): every function or method in main that returns
// one of the renderer's types (preload/contract.ts) takes a question only as visibility.ts hands it
// out (`Cleared` or `Public`), never a bare keyed one (a type with a `correctId`). A new mapper
// that takes `SnapshotQuestion` or `StoredQuestion` fails here, before any attack test runs.
import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const CONTRACT = resolve('preload/contract.ts');
/** The renderer's types: the contract's index and its capability modules (preload/contract/). */
const CONTRACT_DIR = resolve('preload/contract');
const inContract = (file: string) => resolve(file) === CONTRACT || resolve(file).startsWith(`${CONTRACT_DIR}/`);
const VISIBILITY = resolve('main/core/exams/visibility.ts');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return files(path);
    return name.endsWith('.ts') && !name.endsWith('.d.ts') ? [resolve(path)] : [];
  });
}

function program(): ts.Program {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve('tsconfig.json'),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      },
    },
  );
  if (!config) throw new Error('tsconfig.json unreadable');
  return ts.createProgram({ rootNames: files('main'), options: config.options });
}

/** The renderer-facing type a return type is (through promises, arrays, unions), if any. */
function contractTypeOf(checker: ts.TypeChecker, type: ts.Type, seen = new Set<ts.Type>()): string | null {
  if (seen.has(type)) return null;
  seen.add(type);
  if (type.isUnion()) {
    for (const member of type.types) {
      const found = contractTypeOf(checker, member, seen);
      if (found) return found;
    }
    return null;
  }
  const symbol = type.aliasSymbol ?? type.getSymbol();
  if (symbol?.declarations?.some((d) => inContract(d.getSourceFile().fileName))) return symbol.getName();
  if (symbol?.getName() === 'Promise' || checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const element of checker.getTypeArguments(type as ts.TypeReference)) {
      const found = contractTypeOf(checker, element, seen);
      if (found) return found;
    }
  }
  return null;
}

/** A keyed question type, bare: it has a `correctId` that can hold a key and no clearance mark. */
function bareKeyed(checker: ts.TypeChecker, type: ts.Type, seen = new Set<ts.Type>()): string | null {
  if (seen.has(type)) return null;
  seen.add(type);
  if (type.isUnion() || type.isIntersection()) {
    if (type.isIntersection() && isCleared(type)) return null;
    for (const member of type.types) {
      const found = bareKeyed(checker, member, seen);
      if (found) return found;
    }
    return null;
  }
  if (checker.isArrayType(type) || checker.isTupleType(type)) {
    for (const element of checker.getTypeArguments(type as ts.TypeReference)) {
      const found = bareKeyed(checker, element, seen);
      if (found) return found;
    }
    return null;
  }
  const key = type.getProperty('correctId');
  if (!key || isCleared(type)) return null;
  const keyType = checker.getTypeOfSymbol(key);
  const holdsKey = !(keyType.flags & (ts.TypeFlags.Never | ts.TypeFlags.Undefined));
  return holdsKey ? checker.typeToString(type) : null;
}

function isCleared(type: ts.Type): boolean {
  return type.getProperties().some((p) => p.getName().startsWith('__@clearedMark'));
}

interface Finding {
  where: string;
  returns: string;
  parameter: string;
  type: string;
}

function findings(): { mappers: number; found: Finding[] } {
  const built = program();
  const checker = built.getTypeChecker();
  const found: Finding[] = [];
  let mappers = 0;
  for (const source of built.getSourceFiles()) {
    const file = resolve(source.fileName);
    if (!file.startsWith(resolve('main')) || file === VISIBILITY) continue;
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && node.parameters.length > 0) {
        const signature = checker.getSignatureFromDeclaration(node);
        const returns = signature && contractTypeOf(checker, checker.getReturnTypeOfSignature(signature));
        if (signature && returns) {
          mappers += 1;
          for (const parameter of node.parameters) {
            const type = bareKeyed(checker, checker.getTypeAtLocation(parameter));
            if (type) {
              const { line } = source.getLineAndCharacterOfPosition(node.getStart());
              found.push({
                where: `${file.slice(resolve('.').length + 1)}:${line + 1}`,
                returns,
                parameter: parameter.name.getText(),
                type,
              });
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { mappers, found };
}

describe('renderer-facing mappers and keyed questions', () => {
  const result = findings();

  it('finds the mappers it guards (results, exam state, feedback, the library)', () => {
    // A scan that found none would pass whatever the code did.
    expect(result.mappers).toBeGreaterThan(20);
  });

  it('no function returning a renderer type takes a bare keyed question', () => {
    expect(result.found).toEqual([]);
  });
});
