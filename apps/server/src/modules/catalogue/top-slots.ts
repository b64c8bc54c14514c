/**
 * A search's page (search-index.ts): the best `offset + limit` of the products offered, ranked by
 * score, then display order, then id, as in lists. A heap keeps them with their scores (the worst
 * on top), so the matches need no sorting, and a word in most names costs little: each product
 * offered is compared with the worst kept, and only a better one goes into the heap.
 */
export class TopSlots {
  private readonly slots: number[] = [];
  private readonly scores: number[] = [];

  /** How many are kept: the page and every place before it. */
  private readonly k: number;

  constructor(
    private readonly window: { offset: number; limit: number },
    private readonly order: readonly number[],
    private readonly ids: readonly number[],
  ) {
    this.k = window.offset + window.limit;
  }

  /** Slot `a` (scored `sa`) ranks before slot `b` (scored `sb`). */
  private before(a: number, sa: number, b: number, sb: number): boolean {
    if (sa !== sb) return sa > sb;
    const oa = this.order[a] ?? 0;
    const ob = this.order[b] ?? 0;
    if (oa !== ob) return oa < ob;
    return (this.ids[a] ?? 0) < (this.ids[b] ?? 0);
  }

  /** Heap entry `i` ranks before entry `j` (so it belongs lower in the heap). */
  private better(i: number, j: number): boolean {
    return this.before(this.slots[i] ?? 0, this.scores[i] ?? 0, this.slots[j] ?? 0, this.scores[j] ?? 0);
  }

  private swap(i: number, j: number) {
    const { slots, scores } = this;
    const slot = slots[i] ?? 0;
    const score = scores[i] ?? 0;
    slots[i] = slots[j] ?? 0;
    scores[i] = scores[j] ?? 0;
    slots[j] = slot;
    scores[j] = score;
  }

  offer(slot: number, score: number) {
    const { slots, scores } = this;
    if (slots.length < this.k) {
      slots.push(slot);
      scores.push(score);
      let i = slots.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.better(parent, i)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    if (this.k === 0 || !this.before(slot, score, slots[0] ?? 0, scores[0] ?? 0)) return;
    slots[0] = slot;
    scores[0] = score;
    for (let i = 0; ; ) {
      const l = 2 * i + 1;
      const r = l + 1;
      let worst = i;
      if (l < slots.length && this.better(worst, l)) worst = l;
      if (r < slots.length && this.better(worst, r)) worst = r;
      if (worst === i) return;
      this.swap(i, worst);
      i = worst;
    }
  }

  /** The page's slots, best first. */
  ranked(): number[] {
    const entries = this.slots.map((slot, i) => ({ slot, score: this.scores[i] ?? 0 }));
    entries.sort((a, b) => (this.before(a.slot, a.score, b.slot, b.score) ? -1 : 1));
    return entries.slice(this.window.offset).map((e) => e.slot);
  }
}
