/**
 * Upstream calls one user's route handlers have in flight in this process (the gateway, forms,
 * exports' counts): at most USER_CALLS_IN_FLIGHT (default 6); more wait their turn, first come
 * first served, behind that user's own calls only. One user's flood (a script, dozens of tabs)
 * then holds at most that many of the services' connections, and everybody else's calls go ahead
 * (docs/decisions.md, "One user's calls"). A user with MAX_WAITING calls already waiting is
 * refused at once. Page renders' calls are bounded by the render gate instead.
 */
export function userCallsInFlight(env: NodeJS.ProcessEnv = process.env): number {
  const asked = Number(env.USER_CALLS_IN_FLIGHT ?? 6);
  return Number.isInteger(asked) && asked > 0 ? asked : 6;
}

/** Calls of one user waiting for a slot; beyond this the next is refused, not queued. */
export const MAX_WAITING = 64;

interface Queue {
  running: number;
  waiting: (() => void)[];
}

export class UserCalls {
  private readonly users = new Map<string, Queue>();

  constructor(private readonly limit: number) {}

  /** A slot for one call of `user`, to give back with the function answered; null when too many already wait. */
  async enter(user: string): Promise<(() => void) | null> {
    const queue = this.users.get(user) ?? { running: 0, waiting: [] };
    this.users.set(user, queue);
    if (queue.running >= this.limit) {
      if (queue.waiting.length >= MAX_WAITING) return null;
      await new Promise<void>((resolve) => queue.waiting.push(resolve));
    } else {
      queue.running += 1;
    }
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = queue.waiting.shift();
      // The slot passes straight to the next caller; with none waiting it is free again.
      if (next) return next();
      queue.running -= 1;
      if (queue.running === 0) this.users.delete(user);
    };
  }

  /** Calls of `user` running and waiting, for tests and logs. */
  load(user: string): { running: number; waiting: number } {
    const queue = this.users.get(user);
    return { running: queue?.running ?? 0, waiting: queue?.waiting.length ?? 0 };
  }
}

const USER_CALLS = Symbol.for('portal.userCalls');

/** The process's one ledger (route handlers and pages are bundled apart). */
export function userCalls(): UserCalls {
  const global = globalThis as { [USER_CALLS]?: UserCalls };
  global[USER_CALLS] ??= new UserCalls(userCallsInFlight());
  return global[USER_CALLS];
}
