// The types of the portal's server entry (portal-server.cjs), for the tests that load it.
export declare const DRAIN: symbol;
export declare const DRAIN_CHECKS: number;
export declare const LINGER_MS: number;
export declare const PEER_HEADER: string;
export declare function installRequestGuards(): void;
export declare function repairUrl(url: string): string;
