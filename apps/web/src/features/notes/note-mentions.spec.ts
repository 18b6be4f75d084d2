import { mentionedIn, splitMentions } from './note-mentions';

describe('note mentions', () => {
  const lia = { id: 9, name: 'Lia' };
  const liana = { id: 10, name: 'Lia Souza' };

  it('keeps only the picked colleagues still named in the text, once each', () => {
    expect(mentionedIn('@Lia veja com @Lia', [lia, { id: 8, name: 'Rui' }])).toEqual([9]);
    expect(mentionedIn('sem ninguém', [lia])).toEqual([]);
  });

  it('highlights the longest name that follows an @', () => {
    expect(splitMentions('Oi @Lia Souza e @Lia!', ['Lia', 'Lia Souza'])).toEqual([
      { text: 'Oi ', mention: false },
      { text: '@Lia Souza', mention: true },
      { text: ' e ', mention: false },
      { text: '@Lia', mention: true },
      { text: '!', mention: false },
    ]);
    expect(splitMentions('email@x.com', [liana.name])).toEqual([{ text: 'email@x.com', mention: false }]);
  });
});
