/**
 * A queue that runs at most `atOnce` sends at a time, in the order the items were added; an item sent again (after a
 * failure) goes to the back. A send that throws frees its place like one that succeeds: the caller records failures.
 */
export function createUploadQueue<T>(options: { atOnce: number; send: (item: T) => Promise<void> }) {
  const waiting: T[] = [];
  let running = 0;

  function pump(): void {
    while (running < options.atOnce && waiting.length > 0) {
      const next = waiting.shift()!;
      running += 1;
      void options
        .send(next)
        .catch(() => undefined)
        .finally(() => {
          running -= 1;
          pump();
        });
    }
  }

  return {
    add(items: readonly T[]): void {
      waiting.push(...items);
      pump();
    },
    /** how many sends are under way and how many wait */
    get state() {
      return { running, waiting: waiting.length };
    },
  };
}
