import { call, eventually, sandboxUrl } from './platform-calls.js';

/** A customer on wa-sandbox writing to a business number, as the bots under test see them. */
export interface SandboxCustomer {
  /** The bodies of the messages the customer has received from the business, oldest first. */
  inbox(): Promise<string[]>;
  /** The customer writes `body` to the business. */
  says(body: string): Promise<unknown>;
  /** Waits until the customer has received at least `count` messages; answers all of them. */
  received(count: number): Promise<string[]>;
}

/** The sandbox customer `customer` writing to `businessNumber` (a bot's answers are awaited for up to 30 s). */
export function sandboxCustomer(customer: { number: string; name: string }, businessNumber: string): SandboxCustomer {
  const inbox = async () =>
    (await call<Array<{ body: string }>>(sandboxUrl(`/messages?customer=${customer.number}&business=${businessNumber}`))).map(
      (m) => m.body,
    );
  return {
    inbox,
    says: (body) => call(sandboxUrl('/messages'), { body: { from: customer.number, to: businessNumber, pushName: customer.name, body } }),
    received: (count) =>
      eventually(
        `${count} messages at ${customer.name}`,
        async () => {
          const received = await inbox();
          return received.length >= count ? received : undefined;
        },
        30_000,
      ),
  };
}
