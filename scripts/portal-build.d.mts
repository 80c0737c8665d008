// The types of portal-build.mjs, for the TypeScript scripts and tests that build first.
export declare const ROOT: string;
export declare const STANDALONE: string;
export declare function ensureBuild(options?: { force?: boolean }): boolean;
