import { callNoticeBody, parseCallNotice } from './call-notice.js';

describe('call notices', () => {
  it('reads back every call it writes', () => {
    for (const isVideo of [false, true]) {
      for (const status of ['offer', 'missed', 'rejected', 'accepted'] as const) {
        expect(parseCallNotice(callNoticeBody({ isVideo, status, time: '09:41' }))).toEqual({ isVideo, status, time: '09:41' });
      }
    }
    expect(callNoticeBody({ isVideo: false, status: 'missed', time: '12:05' })).toBe('Chamada de voz perdida às 12:05');
  });

  it('answers null for any other text', () => {
    expect(parseCallNotice('Chamada de voz esquecida às 12:05')).toBeNull();
    expect(parseCallNotice('Oi, me liga?')).toBeNull();
  });
});
