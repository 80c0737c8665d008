import { passwordProblems } from '@/lib/auth/password-policy';

describe('password policy', () => {
  it('accepts a password with every kind of character', () => {
    expect(passwordProblems('Portal#2026')).toEqual([]);
    expect(passwordProblems('aB3!aB3!')).toEqual([]);
  });

  it.each([
    ['Ab1!', ['pwd.pwdLess8Char']],
    ['abcdefg1!', ['pwd.notUppercase']],
    ['ABCDEFG1!', ['pwd.notLowercase']],
    ['Abcdefgh!', ['pwd.notNumber']],
    ['Abcdefg12', ['pwd.notSpecialCharacters']],
    ['Abcdef_12', ['pwd.notSpecialCharacters']],
    ['Abcdef中文12', ['pwd.notSpecialCharacters']],
    ['', ['pwd.pwdLess8Char', 'pwd.notNumber', 'pwd.notLowercase', 'pwd.notUppercase', 'pwd.notSpecialCharacters']],
  ])('%p breaks %p', (password, problems) => {
    expect(passwordProblems(password)).toEqual(problems);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('Ab1!😀😀😀')).toEqual(['pwd.pwdLess8Char']);
  });

  it('takes a space or punctuation as special', () => {
    expect(passwordProblems('Abc def12')).toEqual([]);
  });
});
