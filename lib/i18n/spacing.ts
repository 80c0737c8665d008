/**
 * Chinese text sets a space where it meets Latin letters or digits ("最近 7 天", "EFT 編號"): the
 * message files write it around their own words, but a name from the services ("Golden Harbour
 * Bakery (Sha Tin)", "Visa") only arrives when the message is formatted, and a Chinese message
 * cannot know whether its placeholder holds Latin or Chinese text ("{store}自…" wants a space after
 * a Latin name, none after a Chinese one). This puts the space where Han characters touch Latin
 * letters or the brackets that close a Latin name. Digits are left as they come: the messages space
 * their own figures, and a Chinese address writes its number against the street ("彌敦道12號").
 */
const HAN_THEN_LATIN = /(\p{Script=Han})([A-Za-z([])/gu;
const LATIN_THEN_HAN = /([A-Za-z)\]])(\p{Script=Han})/gu;

export function spaceBetweenScripts(text: string): string {
  return text.replace(HAN_THEN_LATIN, '$1 $2').replace(LATIN_THEN_HAN, '$1 $2');
}

/** Whether a text has Han characters touching Latin ones: what the end-to-end sweep looks for on every screen. */
export const SCRIPTS_TOUCH = new RegExp(`${HAN_THEN_LATIN.source}|${LATIN_THEN_HAN.source}`, 'u');
