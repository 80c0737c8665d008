import { wallClock } from '../lib/format/date';

/**
 * The services' clock. Tests move it forward (POST /dev/clock, test mode only) to expire reset
 * links and lockouts without waiting, or set it to a wall-clock time (the dashboard just after midnight).
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

  /** Sets the clock to a business wall-clock time, "yyyy-MM-dd HH:mm:ss" (just after midnight, say). */
  setTo(wall: string) {
    const asUtc = Date.parse(`${wall.replace(' ', 'T')}Z`);
    // The zone's offset at that moment: what the wall clock shows for it, less the moment itself.
    const shown = Date.parse(`${wallClock(new Date(asUtc)).time.replace(' ', 'T')}Z`);
    this.offsetMs = asUtc - (shown - asUtc) - Date.now();
  }

  reset() {
    this.offsetMs = 0;
  }
}
