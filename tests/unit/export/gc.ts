import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

/** The garbage collector, so that a test can measure what is still held rather than what is not yet collected. */
export function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}
