import { fillVariables, greetingOf, signed } from './message-variables.js';

describe('message variables', () => {
  const context = { contactName: 'Maria  da Silva', ticketId: 42, now: new Date('2025-05-06T13:04:05Z'), timeZone: 'America/Sao_Paulo' };

  it('fills firstName, name, ms, protocol and hora in the company’s time zone', () => {
    const text = fillVariables('{{ms}} {{firstName}} ({{name}}), protocolo {{protocol}} às {{ hora }}', context);
    expect(text).toBe('Bom dia Maria (Maria  da Silva), protocolo 2025050610040542 às 10:04:05');
  });

  it('leaves unknown variables and plain braces alone', () => {
    expect(fillVariables('{{unknown}} {name} {{name}}', context)).toBe('{{unknown}} {name} Maria  da Silva');
  });

  it('greets by the hour', () => {
    expect([0, 6, 11, 12, 17, 18, 23].map(greetingOf)).toEqual([
      'Boa madrugada',
      'Bom dia',
      'Bom dia',
      'Boa tarde',
      'Boa tarde',
      'Boa noite',
      'Boa noite',
    ]);
  });

  it('signs with the agent’s name in bold on its own line', () => {
    expect(signed('Olá', 'Ana')).toBe('*Ana:*\nOlá');
  });
});
