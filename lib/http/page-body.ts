/**
 * What a request to a page may send: nothing, but for a server action's arguments (the language
 * switch's few bytes). next.config.ts caps the proxy's copy of a body and an action's read at
 * this; proxy.ts refuses any other request that sends one.
 */
export const PAGE_BODY_BYTES = 16 * 1024;

/** Whether a page answers this request: a read, or a server action (Next.js marks those with this header). */
export const isPageRequest = (method: string, headers: Pick<Headers, 'has'>) => method === 'GET' || method === 'HEAD' || headers.has('next-action');
