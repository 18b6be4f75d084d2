import { randomInt } from 'node:crypto';
import type { SandboxNetwork } from './network.js';

/** The simulated customers of demo mode. */
export const DEMO_CUSTOMERS = [
  { number: '5511900000001', name: 'Ana Souza' },
  { number: '5511900000002', name: 'Bruno Lima' },
  { number: '5521900000003', name: 'Carla Mendes' },
  { number: '5531900000004', name: 'Diego Rocha' },
  { number: '5541900000005', name: 'Elisa Martins' },
] as const;

const OPENERS = [
  'Olá! Vocês abrem no sábado?',
  'Bom dia, gostaria de saber o status do meu pedido.',
  'Oi, preciso de ajuda com a minha conta.',
  'Qual o prazo de entrega para São Paulo?',
  'Vocês aceitam Pix?',
  'Boa tarde! Quero falar com um atendente.',
];
const REPLIES = ['Obrigado!', 'Perfeito, obrigada.', 'Entendi 👍', 'Certo, aguardo.'];

const pick = <T>(items: readonly T[]): T => items[randomInt(0, items.length)]!;

/**
 * Demo mode: now and then one simulated customer writes to a connected business number; the
 * customers read what the business answers and sometimes thank it.
 * Returns a stop function.
 */
export function startDemo(network: SandboxNetwork, intervalMs: number): () => void {
  const timers = new Set<NodeJS.Timeout>();
  const later = (ms: number, work: () => void) => {
    const timer = setTimeout(() => {
      timers.delete(timer);
      work();
    }, ms);
    timers.add(timer);
  };
  const customers = new Set<string>(DEMO_CUSTOMERS.map((c) => c.number));

  network.onBusinessMessage((message) => {
    if (!customers.has(message.customer)) return;
    later(2000, () => network.customerReads(message.id));
    if (randomInt(0, 2) === 0) {
      const customer = DEMO_CUSTOMERS.find((c) => c.number === message.customer)!;
      later(4000, () =>
        network.customerSends({ from: customer.number, to: message.business, pushName: customer.name, body: pick(REPLIES) }),
      );
    }
  });

  const tick = setInterval(() => {
    const numbers = network.connectedNumbers();
    if (numbers.length === 0) return;
    const customer = pick(DEMO_CUSTOMERS);
    network.customerSends({ from: customer.number, to: pick(numbers), pushName: customer.name, body: pick(OPENERS) });
  }, intervalMs);

  return () => {
    clearInterval(tick);
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
  };
}
