/** Collects weighted votes with their evidence and ranks the candidates of one field. */

export interface RankedCandidate {
  value: string;
  score: number;
  /** evidence of this candidate, strongest first, without duplicates */
  evidence: string[];
}

export class Scoreboard {
  private readonly entries = new Map<string, { score: number; evidence: Map<string, number> }>();

  add(value: string, weight: number, evidence: string): void {
    if (!(weight > 0)) return;
    const entry = this.entries.get(value) ?? { score: 0, evidence: new Map<string, number>() };
    entry.score += weight;
    entry.evidence.set(evidence, (entry.evidence.get(evidence) ?? 0) + weight);
    this.entries.set(value, entry);
  }

  score(value: string): number {
    return this.entries.get(value)?.score ?? 0;
  }

  evidenceOf(value: string): string[] {
    const entry = this.entries.get(value);
    if (!entry) return [];
    return [...entry.evidence.entries()].sort((a, b) => b[1] - a[1]).map(([e]) => e);
  }

  ranked(): RankedCandidate[] {
    return [...this.entries.entries()]
      .map(([value, e]) => ({ value, score: e.score, evidence: this.evidenceOf(value) }))
      .sort((a, b) => b.score - a.score || a.value.localeCompare(b.value));
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * Confidence from the winner's score and its lead over the runner-up: strong evidence with no competitor approaches 1,
 * a close race stays near the winner's share of the vote.
 */
export function confidenceOf(top: number, second: number): number {
  if (top <= 0) return 0;
  const saturation = 1 - Math.exp(-top / 4);
  const share = top / (top + second);
  return Math.round(Math.min(0.99, saturation * share) * 100) / 100;
}
