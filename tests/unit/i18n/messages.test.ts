import { parse } from '@formatjs/icu-messageformat-parser';
import * as OpenCC from 'opencc-js';
import enFile from '@/messages/en.json';
import zhCNFile from '@/messages/zhCN.json';
import zhTWFile from '@/messages/zhTW.json';
import { GLOSSARY } from '@/lib/i18n/glossary';
import { flatten } from '../../support/messages';


const en = flatten(enFile);
const zhTW = flatten(zhTWFile);
const zhCN = flatten(zhCNFile);
const languages = { en, zhTW, zhCN };

const placeholders = (message = '') => [...message.matchAll(/\{(\w+)/g)].map((m) => m[1]).sort();

describe('message files', () => {
  it('have the same keys in all three languages', () => {
    const english = [...en.keys()].sort();
    expect([...zhTW.keys()].sort()).toEqual(english);
    expect([...zhCN.keys()].sort()).toEqual(english);
  });

  it.each(Object.entries(languages))('%s: every message is non-empty, valid ICU', (_name, messages) => {
    for (const [key, message] of messages) {
      expect({ key, empty: message.trim() === '' }).toEqual({ key, empty: false });
      expect(() => parse(message)).not.toThrow();
    }
  });

  it('use the same placeholders in every language', () => {
    for (const [key, message] of en) {
      expect({ key, zhTW: placeholders(zhTW.get(key)) }).toEqual({ key, zhTW: placeholders(message) });
      expect({ key, zhCN: placeholders(zhCN.get(key)) }).toEqual({ key, zhCN: placeholders(message) });
    }
  });

  it('zhTW is Traditional Chinese: converting it to Traditional (Taiwan) changes nothing', () => {
    const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
    for (const [key, message] of zhTW) {
      expect({ key, text: toTraditional(message) }).toEqual({ key, text: message });
    }
  });

  it('zhCN is Simplified Chinese: converting it to Simplified changes nothing', () => {
    const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });
    for (const [key, message] of zhCN) {
      expect({ key, text: toSimplified(message) }).toEqual({ key, text: message });
    }
  });

  it('the Chinese files are translated, not copies of the English', () => {
    // A brand the glossary writes the same in every language ("Visa") is its whole message there.
    const brands = GLOSSARY.filter(({ term }) => term.en[0] === term.zhTW[0] && term.en[0] === term.zhCN[0]);
    const sameEverywhere = new Set(brands.flatMap(({ term, keys }) => keys.filter((key) => en.get(key) === term.en[0])));
    for (const [key, message] of en) {
      if (!/[A-Za-z]{3,}/.test(message.replace(/\{[^}]*\}/g, '')) || sameEverywhere.has(key)) continue;
      expect({ key, same: zhTW.get(key) === message || zhCN.get(key) === message }).toEqual({ key, same: false });
    }
  });
});
