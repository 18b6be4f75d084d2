/**
 * Work on one company's items done in batches without a timer: an item added while none of the
 * company's batches runs starts one once the current turn of the event loop ends (with the items
 * added in that same turn; alone, when the rate is low); the items added while a batch runs wait
 * and form the company's next batch. So under load one transaction of a few
 * statements serves many items, whatever their number. `work` answers each item's result, in the
 * batch's order; when it throws, every item of that batch gets the error.
 */
export class CompanyBatches<Item, Result> {
  /** Per company, the items waiting for the next batch (present while the company's batches run). */
  private readonly waiting = new Map<number, Array<{ item: Item; resolve: (result: Result) => void; reject: (error: unknown) => void }>>();

  constructor(private readonly work: (companyId: number, items: Item[]) => Promise<Result[]>) {}

  add(companyId: number, item: Item): Promise<Result> {
    return new Promise((resolve, reject) => {
      const queue = this.waiting.get(companyId);
      const entry = { item, resolve, reject };
      if (queue) queue.push(entry);
      else {
        this.waiting.set(companyId, [entry]);
        setImmediate(() => void this.run(companyId));
      }
    });
  }

  private async run(companyId: number): Promise<void> {
    for (let batch = this.waiting.get(companyId); batch && batch.length > 0; batch = this.waiting.get(companyId)) {
      this.waiting.set(companyId, []);
      try {
        const results = await this.work(
          companyId,
          batch.map((entry) => entry.item),
        );
        for (const [i, entry] of batch.entries()) entry.resolve(results[i]!);
      } catch (error) {
        for (const entry of batch) entry.reject(error);
      }
    }
    this.waiting.delete(companyId);
  }
}
