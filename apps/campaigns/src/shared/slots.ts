/** A counting semaphore: at most `size` holders at once, the others wait in arrival order. */
export class Slots {
  private held = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly size: number) {}

  async acquire(): Promise<void> {
    if (this.held < this.size) {
      this.held += 1;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  /** Hands the slot to the next waiter, if any. */
  release(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.held -= 1;
  }
}
