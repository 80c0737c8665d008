import { ErrorPage } from '@/components/public/ErrorPage';

/**
 * A public page's notFound() (an unknown help topic): the group's layout already draws the public
 * frame, so this is the page alone; the root not-found, which brings a frame of its own, would
 * draw a second header and footer inside the first.
 */
export default function PublicNotFound() {
  return <ErrorPage kind="notFound" />;
}
