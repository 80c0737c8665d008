import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

/** Installs Debian's packages with apt-get (the caller runs as root), one installer at a time (apt-install.sh). */
export function installDebianPackages(...packages: string[]): void {
  spawnSync('bash', [join(__dirname, 'apt-install.sh'), ...packages], { stdio: 'inherit' });
}
