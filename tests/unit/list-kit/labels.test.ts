import type { ListColumn, ListDefinition } from '@/lib/list-kit/definition';
import { listSources } from '@/lib/lists/sources';
import en from '@/messages/en.json';
import zhCN from '@/messages/zhCN.json';
import zhTW from '@/messages/zhTW.json';

type Messages = { [key: string]: string | Messages };
const LANGUAGES = { en, zhTW, zhCN } as Record<string, Messages>;
const text = (messages: Messages, key: string) => key.split('.').reduce<string | Messages | undefined>((node, part) => (typeof node === 'object' ? node[part] : undefined), messages);

/** Every message key a list shows: its title, filters, columns, details and their code names. */
function keysOf(definition: ListDefinition): string[] {
  const columns = (list: readonly ListColumn[]) => list.map((c) => c.label);
  return [
    definition.title,
    ...(definition.detailTitle ? [definition.detailTitle] : []),
    ...definition.filters.flatMap((f) => [f.label, ...(f.kind === 'code' ? f.codes.map((code) => `${f.names}.${code}`) : [])]),
    ...columns(definition.columns),
    ...columns(definition.details ?? []),
    ...(definition.detailRows ?? []).flatMap((section) => [section.title, ...columns(section.columns)]),
    // A column with tones names each toned code.
    ...[...definition.columns, ...(definition.details ?? [])].flatMap((c) => (c.names && c.tones ? Object.keys(c.tones).map((code) => `${c.names}.${code}`) : [])),
  ];
}

describe('list labels', () => {
  it.each(listSources().map((source) => [source.definition.id, source.definition] as const))('%s: every label and code name is in every language', (_id, definition) => {
    for (const [language, messages] of Object.entries(LANGUAGES)) {
      const missing = keysOf(definition).filter((key) => typeof text(messages, key) !== 'string');
      expect({ language, missing }).toEqual({ language, missing: [] });
    }
  });
});
