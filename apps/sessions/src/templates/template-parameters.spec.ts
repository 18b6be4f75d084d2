import { AppError, templateText, type TemplateComponent } from '@atrium/contracts';
import { outboundTemplate } from './template-parameters.js';

const order: TemplateComponent[] = [
  { type: 'HEADER', format: 'TEXT', text: 'Order {{1}}' },
  { type: 'BODY', text: 'Hi {{1}}, your order {{2}} ships on {{3}}. Thanks, {{1}}!' },
  { type: 'FOOTER', text: 'Atrium Store' },
  {
    type: 'BUTTONS',
    buttons: [
      { type: 'QUICK_REPLY', text: 'Stop' },
      { type: 'URL', text: 'Track', url: 'https://shop.example/track/{{1}}' },
    ],
  },
];

describe('template parameters', () => {
  it('builds Meta’s header, body and URL button components, each placeholder once', () => {
    const sent = outboundTemplate(
      { name: 'order_update', language: 'pt_BR', components: order },
      { header: ['#42'], body: ['Ana', '#42', 'Monday'], buttons: ['42'] },
    );
    expect(sent).toEqual({
      name: 'order_update',
      language: 'pt_BR',
      components: [
        { type: 'header', parameters: [{ type: 'text', text: '#42' }] },
        {
          type: 'body',
          parameters: [
            { type: 'text', text: 'Ana' },
            { type: 'text', text: '#42' },
            { type: 'text', text: 'Monday' },
          ],
        },
        { type: 'button', sub_type: 'url', index: '1', parameters: [{ type: 'text', text: '42' }] },
      ],
    });
  });

  it('renders the text the conversation shows, with every occurrence of a placeholder filled', () => {
    expect(templateText(order, { header: ['#42'], body: ['Ana', '#42', 'Monday'] })).toBe(
      '*Order #42*\n\nHi Ana, your order #42 ships on Monday. Thanks, Ana!\n\nAtrium Store',
    );
  });

  it('names named parameters and takes a link for a media header', () => {
    const sent = outboundTemplate(
      {
        name: 'promo',
        language: 'en_US',
        components: [
          { type: 'HEADER', format: 'IMAGE' },
          { type: 'BODY', text: 'Hello {{first_name}}' },
        ],
      },
      { header: ['https://cdn.example/p.png'], body: ['Bo'] },
    );
    expect(sent.components).toEqual([
      { type: 'header', parameters: [{ type: 'image', image: { link: 'https://cdn.example/p.png' } }] },
      { type: 'body', parameters: [{ type: 'text', parameter_name: 'first_name', text: 'Bo' }] },
    ]);
  });

  it('refuses missing, extra or empty values, naming the part', () => {
    const refusal = (parameters: object) => {
      try {
        outboundTemplate({ name: 'order_update', language: 'pt_BR', components: order }, parameters);
      } catch (error) {
        return (error as AppError).fields?.map((field) => field.field);
      }
      return undefined;
    };
    expect(refusal({ header: ['#42'], body: ['Ana', '#42'], buttons: ['42'] })).toEqual(['template.parameters.body']);
    expect(refusal({ header: ['#42', 'x'], body: ['Ana', '#42', 'Monday'], buttons: [] })).toEqual([
      'template.parameters.header',
      'template.parameters.buttons',
    ]);
    expect(refusal({ header: [' '], body: ['Ana', '#42', 'Monday'], buttons: ['42'] })).toEqual(['template.parameters']);
  });
});
