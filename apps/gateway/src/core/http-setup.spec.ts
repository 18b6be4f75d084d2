import { loggableUrl } from './http-setup.js';

describe('loggableUrl', () => {
  it('hides the e-mail, code and password of the password-reset paths', () => {
    expect(loggableUrl('/forgetpassword/ana@example.com')).toBe('/forgetpassword/[redacted]');
    expect(loggableUrl('/resetpasswords/ana@example.com/123456/S3cretPass')).toBe('/resetpasswords/[redacted]');
  });

  it('hides them under every spelling the router accepts (letter case, double slashes)', () => {
    expect(loggableUrl('/FORGETPASSWORD/ana@example.com')).toBe('/forgetpassword/[redacted]');
    expect(loggableUrl('//ResetPasswords/ana@example.com/123456/S3cretPass')).toBe('/resetpasswords/[redacted]');
  });

  it('keeps other paths as they are', () => {
    expect(loggableUrl('/users?searchParam=ana')).toBe('/users?searchParam=ana');
  });
});
