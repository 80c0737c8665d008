import { wallClock } from '../lib/format/date';

/**
 * The services' clock. Tests move it forward (POST /dev/clock, test mode only) to expire reset
 * links and lockouts without waiting.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /** Business wall-clock time, "yyyy-MM-dd HH:mm:ss", as stored in the database. */
  timestamp(plusMinutes = 0): string {
    return wallClock(new Date(this.now().getTime() + plusMinutes * 60_000)).time;
  }

  advance(ms: number) {
    this.offsetMs += ms;
  }

  reset() {
    this.offsetMs = 0;
  }
}
