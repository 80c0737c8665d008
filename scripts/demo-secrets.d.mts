// The types of demo-secrets.mjs.
export declare function demoSecrets(dataDir: string): { PAYLOAD_KEY: string; SESSION_SECRET: string; METRICS_TOKEN: string; FACTOR_KEY: string };
