interface Props {
  html: unknown;
  className?: string;
}

/**
 * Rich text from the CMS. It was sanitised at build time (src/node/content/sanitize.ts):
 * no script, event handler or dangerous URL reaches the payload, so it is
 * inserted as HTML here.
 */
export function RichText({ html, className }: Props) {
  if (typeof html !== 'string' || html === '') return null;
  return <div className={['rich-text', className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}
