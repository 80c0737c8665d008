import { MENU_ROUTES } from '@/lib/auth/routes';
import { listSources } from '@/lib/lists/sources';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';

type Messages = { [key: string]: string | Messages };
const LANGUAGES = { en, zhTW, zhCN } as Record<string, Messages>;
const text = (messages: Messages, key: string) => key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);

/**
 * A screen says the same words in its menu item, its tab, its heading and its browser title (issue
 * 16). Menu, tab and the shell's own pages take `menu.<code>`; a list screen takes its definition's
 * title, which must then read exactly as its menu label in every language; a list shown inside
 * another's drawer (`partOf`) is titled by what it holds.
 */
describe('screen titles', () => {
  it('every menu route has a label in every language', () => {
    for (const [language, messages] of Object.entries(LANGUAGES)) {
      for (const route of MENU_ROUTES) expect({ language, code: route.code, label: typeof text(messages, `menu.${route.code}`) }).toEqual({ language, code: route.code, label: 'string' });
    }
  });

  it.each(listSources().filter((source) => !source.definition.partOf).map((source) => [source.definition.id, source.definition] as const))('the list %s is titled with its menu label in every language', (_id, definition) => {
    for (const [language, messages] of Object.entries(LANGUAGES)) {
      expect({ language, title: text(messages, definition.title) }).toEqual({ language, title: text(messages, `menu.${definition.menu}`) });
    }
  });
});
