/** Where the domain gets the time: tests pass a fixed or stepping clock, production the system clock. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
