/** One webhook as a gateway sends it. */
export interface WebhookDelivery {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** Sends a delivery and resolves the HTTP status (throws on a network failure). */
export type DeliverWebhook = (delivery: WebhookDelivery) => Promise<number>;

export const fetchDeliver: DeliverWebhook = async (delivery) => {
  const response = await fetch(delivery.url, {
    method: 'POST',
    headers: delivery.headers,
    body: delivery.body,
  });
  await response.arrayBuffer();
  return response.status;
};

/**
 * Delivers webhooks in the background and retries non-2xx answers, as the gateways do
 * (they retry for hours; the simulator a few times, quickly). Tests await `idle()`.
 */
export class WebhookSender {
  readonly sent: Array<WebhookDelivery & { status: number | 'error' }> = [];
  private pending = new Set<Promise<void>>();
  private held: WebhookDelivery[] | null = null;

  constructor(
    private readonly deliver: DeliverWebhook = fetchDeliver,
    private readonly retryDelaysMs: number[] = [250, 1000, 3000],
  ) {}

  send(delivery: WebhookDelivery): void {
    if (this.held) {
      this.held.push(delivery);
      return;
    }
    const job = this.run(delivery).finally(() => this.pending.delete(job));
    this.pending.add(job);
  }

  /** Holds deliveries until `resume()` (tests choose whether the browser or the webhook comes first). */
  pause(): void {
    this.held ??= [];
  }

  resume(): void {
    const held = this.held ?? [];
    this.held = null;
    for (const delivery of held) this.send(delivery);
  }

  /** Resolves once every queued delivery (with retries) has finished. */
  async idle(): Promise<void> {
    while (this.pending.size > 0) await Promise.all([...this.pending]);
  }

  private async run(delivery: WebhookDelivery): Promise<void> {
    for (let attempt = 0; ; attempt++) {
      let status: number | 'error';
      try {
        status = await this.deliver(delivery);
      } catch {
        status = 'error';
      }
      this.sent.push({ ...delivery, status });
      if (typeof status === 'number' && status >= 200 && status < 300) return;
      const delay = this.retryDelaysMs[attempt];
      if (delay === undefined) return;
      await new Promise((resolve) => setTimeout(resolve, delay));
    }
  }
}
