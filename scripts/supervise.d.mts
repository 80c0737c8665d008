// The types of supervise.mjs, for the fleet (scripts/cluster.ts).
import type { ChildProcess, StdioOptions } from 'node:child_process';

export interface ManagedProcess {
  readonly name: string;
  readonly process: ChildProcess;
  start(): Promise<void>;
  stop(signal?: NodeJS.Signals): Promise<void>;
}

export declare function managedProcess(
  name: string,
  command: string,
  args: string[],
  options?: { cwd?: string; env?: Record<string, string | undefined>; stdio?: StdioOptions; restart?: boolean; firstDelayMs?: number; maxDelayMs?: number; log?: (line: string) => void },
): ManagedProcess;
