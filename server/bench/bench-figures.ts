/** Small helpers the benchmarks print their figures with. */
import os from 'node:os';

/** the p-th percentile (nearest rank) of the values; 0 for none */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** the machine's 1, 5 and 15 minute load averages, as printed beside every timing */
export function loadAverage(): string {
  return os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
}
