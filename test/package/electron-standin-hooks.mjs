// Module hooks (node --import) that give the packaged main bundle the Electron stand-in for its
// `import … from "electron"`; CommonJS packages find the same file through NODE_PATH.
import { register } from 'node:module';

const standIn = new URL('./electron-standin.cjs', import.meta.url).href;
register(
  `data:text/javascript,${encodeURIComponent(`
    export async function resolve(specifier, context, next) {
      if (specifier === 'electron') return { url: ${JSON.stringify(standIn)}, shortCircuit: true, format: 'commonjs' };
      return next(specifier, context);
    }`)}`,
);
