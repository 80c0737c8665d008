import text from '@/components/text/text.module.css';

/** A section's h2 inside a page (the list under a page's figures or form). */
export function SectionHeading({ title }: { title: string }) {
  return <h2 className={text.sectionTitle}>{title}</h2>;
}
