/** Rule 11: each locale's message file, `/assets/messages-<locale>.<hash>.json` (src/node/build/message-files.ts writes them). */
declare module 'virtual:marea-messages' {
  const files: Record<import('../../shared/model.js').Locale, string>;
  export default files;
}
