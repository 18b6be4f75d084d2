import { chatInputProblem, isOwner, unreadsOf } from './chat-rules';

describe('chat rules', () => {
  const chat = {
    ownerId: 7,
    users: [
      { chatId: 1, userId: 7, unreads: 0, user: { id: 7, name: 'Maria' } },
      { chatId: 1, userId: 8, unreads: 4, user: { id: 8, name: 'Rui' } },
    ],
  };

  it("reads the user's own unread count, 0 for a non-member", () => {
    expect(unreadsOf(chat, 8)).toBe(4);
    expect(unreadsOf(chat, 7)).toBe(0);
    expect(unreadsOf(chat, 99)).toBe(0);
  });

  it('lets only the owner edit and delete', () => {
    expect(isOwner(chat, 7)).toBe(true);
    expect(isOwner(chat, 8)).toBe(false);
  });

  it('asks for a title first, then for at least one user', () => {
    expect(chatInputProblem('  ', [])).toBe('titleRequired');
    expect(chatInputProblem('Plantão', [])).toBe('usersRequired');
    expect(chatInputProblem('Plantão', [8])).toBeNull();
  });
});
