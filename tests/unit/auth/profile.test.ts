import { lastPasswordDate, personWithEmail, profileLabels, roleName, splitName } from '@/lib/auth/profile';

describe('profile label rules (spec section 3)', () => {
  it('labels name and number by type', () => {
    expect(profileLabels('CUSTOMER')).toEqual({ name: 'profile.customerName', number: 'profile.customerNo' });
    expect(profileLabels('MERCHANT')).toEqual({ name: 'profile.businessName', number: 'profile.merchantNo' });
    expect(profileLabels('PARTNER')).toEqual({ name: 'profile.partnerName', number: 'profile.partnerId' });
  });

  it('names a missing e-mail in empty parentheses', () => {
    expect(personWithEmail('EFT Payments Operations ()', 'no email')).toBe('EFT Payments Operations (no email)');
    expect(personWithEmail('Chan Tai Man ( )', 'no email')).toBe('Chan Tai Man (no email)');
    expect(personWithEmail('Chan Tai Man (admin@demo.test)', 'no email')).toBe('Chan Tai Man (admin@demo.test)');
    expect(personWithEmail('', 'no email')).toBe('');
  });

  it('reads an empty password date as not updated', () => {
    expect(lastPasswordDate('', 'Not updated')).toBe('Not updated');
    expect(lastPasswordDate(null, 'Not updated')).toBe('Not updated');
    expect(lastPasswordDate('2026-10-22 10:00:00', 'Not updated')).toBe('2026-10-22 10:00:00');
  });

  it('shows the Chinese role name outside English', () => {
    const role = { roleName: 'Checker', roleCName: '审批员', roleTName: '審批員' };
    expect(roleName(role, 'en')).toBe('Checker');
    expect(roleName(role, 'zhCN')).toBe('审批员');
    expect(roleName(role, 'zhTW')).toBe('審批員');
  });

  it('splits the client name at 20 characters, at a space when there is one', () => {
    expect(splitName('Golden Harbour Trading Limited')).toEqual(['Golden Harbour', 'Trading Limited']);
    expect(splitName('Supercalifragilisticexpialidocious')).toEqual(['Supercalifragilistic', 'expialidocious']);
    expect(splitName('金港貿易有限公司')).toEqual(['金港貿易有限公司', '']);
    expect(splitName('香港九龍灣宏照道三十八號企業廣場五期二十樓')).toEqual(['香港九龍灣宏照道三十八號企業廣場五期二十', '樓']);
  });
});
