import type { BuildOptions } from 'esbuild';
export declare const CLI_TARGET: BuildOptions & { outfile: string };
