/**
 * The business time zone: "today", date spans and timestamps are read in it. The acquirer settles
 * in Hong Kong; a deployment elsewhere sets NEXT_PUBLIC_TIME_ZONE at build time, so that the
 * server and the browser agree on what "today" is.
 */
export const BUSINESS_TIME_ZONE = process.env.NEXT_PUBLIC_TIME_ZONE || 'Asia/Hong_Kong';
