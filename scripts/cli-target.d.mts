import type { BuildOptions } from 'esbuild';
export declare const CLI_TARGET: BuildOptions & { outfile: string };
export declare const WORKER_TARGET: BuildOptions & { outfile: string };
export declare const MAIN_TARGET: BuildOptions & { outfile: string };
