import { canonicalParams, parseForm } from './form-params.js';
import { StripeError } from './stripe-error.js';

describe('parseForm', () => {
  it('nests bracketed keys, makes arrays of indexes and of [], decodes values', () => {
    const form = parseForm(
      'amount=4990&metadata[invoiceId]=inv%2042&payment_method_options[pix][expires_after_seconds]=3600&allowed_payment_method_types[0]=pix&expand[]=latest_charge&expand[]=payment_method&description=a+b',
    );
    expect(form).toEqual({
      amount: '4990',
      metadata: { invoiceId: 'inv 42' },
      payment_method_options: { pix: { expires_after_seconds: '3600' } },
      allowed_payment_method_types: ['pix'],
      expand: ['latest_charge', 'payment_method'],
      description: 'a b',
    });
  });

  it('reads what the SDK sends for arrays of hashes and encoded brackets', () => {
    expect(parseForm('items[0][price]=a&items[1][price]=b')).toEqual({ items: [{ price: 'a' }, { price: 'b' }] });
    expect(parseForm('metadata%5Bk%5D=v')).toEqual({ metadata: { k: 'v' } });
  });

  it('refuses a key given both as a value and as a hash, and malformed names', () => {
    expect(() => parseForm('metadata=x&metadata[k]=v')).toThrow(StripeError);
    expect(() => parseForm('a]=1')).toThrow(StripeError);
    expect(() => parseForm('a=%E0%A4%A')).toThrow(StripeError);
  });

  it('gives one canonical text for the same parameters in any order', () => {
    expect(canonicalParams(parseForm('b=2&a[y]=1&a[x]=0'))).toBe(canonicalParams(parseForm('a[x]=0&b=2&a[y]=1')));
    expect(canonicalParams(parseForm('a=1'))).not.toBe(canonicalParams(parseForm('a=2')));
  });
});
