import { describe, expect, it } from 'vitest';
import { iamAccountLabel, maskEmail, maskIamAccountLabel, maskName, maskPhone, maskUserCode } from './personal-data.ts';

describe('masked personal data', () => {
  it('keeps the first letter of mailbox and domain and the top-level domain of an email', () => {
    expect(maskEmail('sam@partner.com')).toBe('s***@p***.com');
    expect(maskEmail('New.Member@demo.example.com')).toBe('N***@d***.com');
    expect(maskEmail('x@localhost')).toBe('x***@l***');
    expect(maskEmail('not-an-address')).toBe('n***');
    expect(maskEmail('@nobody')).toBe('@***');
  });

  it('keeps only the first letter of a name or IAM ID, never its length', () => {
    expect(maskName('Kim Minsu')).toBe('K***');
    expect(maskName('Al')).toBe('A***');
    expect(maskName('홍길동')).toBe('홍***');
    expect(maskName('𠀋田')).toBe('𠀋***');
    expect(maskName('  ')).toBe('');
    expect(maskUserCode('iam.user')).toBe('i***');
  });

  it('keeps the last two digits of a phone number', () => {
    expect(maskPhone('+82 10-1234-5678')).toBe('***78');
    expect(maskPhone('123')).toBe('***');
  });

  it('masks both parts of an IAM account as the feed names it', () => {
    expect(maskIamAccountLabel(iamAccountLabel('Lee Jiwoo', 'lee.jiwoo'))).toBe('L*** (l***)');
    expect(maskIamAccountLabel('Plain name')).toBe('P***');
  });

  it('leaves nothing of what it hides', () => {
    for (const [masked, hidden] of [
      [maskEmail('secret.person@hidden-corp.example.org'), ['secret', 'person', 'hidden', 'corp', 'example']],
      [maskName('Jonathan Doe'), ['onathan', 'Doe']],
      [maskIamAccountLabel('Jane Roe (jane.roe)'), ['ane', 'Roe', 'roe']],
    ] as const) {
      for (const part of hidden) expect(masked).not.toContain(part);
    }
  });
});
